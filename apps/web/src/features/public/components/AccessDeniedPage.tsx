import { Alert, Group, Paper, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { BackHomeButton } from '../../../components/BackHomeButton';
import { EmployersNotice } from './EmployersNotice';
import { usePageTitle } from '../../../components/usePageTitle';

export function AccessDeniedPage() {
  usePageTitle('Accès refusé');
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto">
      <Stack gap="lg">
        <Title order={2}>Accès refusé</Title>
        <Alert variant="light" color="orange" icon={<IconLock />}>
          <EmployersNotice />
        </Alert>
        <Group>
          <BackHomeButton />
        </Group>
      </Stack>
    </Paper>
  );
}
