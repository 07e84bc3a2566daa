/**
 * The masonic year whose closed days are shown, with the previous and next years a click away.
 */
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export function ClosureYearNav({ annee, onChange }: { annee: number; onChange: (annee: number) => void }) {
  return (
    <Group gap="xs">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Année précédente"
        onClick={() => onChange(annee - 1)}
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Text fw={600}>
        Année {annee}-{annee + 1}
      </Text>
      <ActionIcon variant="default" size="lg" aria-label="Année suivante" onClick={() => onChange(annee + 1)}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}
