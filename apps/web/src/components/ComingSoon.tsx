import { Alert, Stack, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { usePageTitle } from './usePageTitle';

/** The page of a module whose screens are not built yet: says so plainly, shows no made-up data. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <Alert variant="light" color="blue" icon={<IconTools />} title="Module en préparation">
        {children ?? 'Ce module sera bientôt disponible.'}
      </Alert>
    </Stack>
  );
}
