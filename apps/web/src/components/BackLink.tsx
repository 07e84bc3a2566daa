/**
 * « ← Retour aux factures et devis »: the one way back from a detail page to its parent, first on the
 * page, above its heading. A link (it navigates), named by its parent: `to` « aux factures et devis »,
 * « au planning », « à l’administration ».
 */
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export function BackLink({ to, parent }: { to: string; parent: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden /> Retour {parent}
      </Group>
    </Anchor>
  );
}
