import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { BackHomeButton } from '../../../components/BackHomeButton';
import { usePageTitle } from '../../../components/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page introuvable');
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto">
      <Stack gap="lg" align="center" ta="center">
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Oups ! Erreur 404
        </Title>
        <Text size="lg">La page que vous recherchez semble introuvable.</Text>
        <Group>
          <BackHomeButton />
        </Group>
      </Stack>
    </Paper>
  );
}
