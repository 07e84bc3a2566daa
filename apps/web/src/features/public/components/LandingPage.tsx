/**
 * The landing page (specification §1, §2). It keeps both readings the specification asks for: the lodges'
 * intranet, and the notice that the service is meant for individual employers (particuliers employeurs).
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLogin, IconScale } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useSession } from '../../../lib/session';
import { EmployersNotice } from './EmployersNotice';
import { usePageTitle } from '../../../components/usePageTitle';

export function LandingPage() {
  usePageTitle();
  const session = useSession();
  if (session) return <Navigate to="/app/portail" replace />;

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={720} mx="auto">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          Bienvenue sur l'Intranet de l'Union
        </Title>
        <Text>
          L'espace commun des loges et associations de l'Union : messages, planning des salles, restauration,
          documents, gestion des membres et comptabilité.
        </Text>
        <Alert variant="light" color="blue" icon={<IconInfoCircle />} title="À qui s'adresse ce service ?">
          <EmployersNotice />
        </Alert>
        <Group gap="sm">
          <Button component={Link} to="/login" size="md" leftSection={<IconLogin size={20} />}>
            Me connecter
          </Button>
          <Button
            component={Link}
            to="/mentions-legales"
            size="md"
            variant="default"
            leftSection={<IconScale size={20} />}
          >
            Mentions légales
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
