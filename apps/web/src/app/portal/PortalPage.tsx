/**
 * The portal (specification §2 "Home menu", issue 33): first what awaits the person now (their sessions,
 * meals, card, new documents, an officer's tasks), then every entry of the home menu they may open.
 */
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { visibleEntries } from '../menu';
import { usePageTitle } from '../../components/usePageTitle';
import { PortalMessages } from '../../features/messages';
import { BackupWarning } from '../../features/admin';
import { SecondFactorReminder } from '../../features/account';
import { TopUpsWaiting } from '../../features/restaurant';
import { AwaitingPanel } from './AwaitingPanel';

export function PortalPage() {
  usePageTitle('Portail');
  const session = useSession();
  const entries = visibleEntries(session);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Bonjour {session?.prenom}</Title>
        <Text c="dimmed">Bienvenue sur l'Intranet de l'Union.</Text>
      </div>
      <SecondFactorReminder />
      <BackupWarning />
      <TopUpsWaiting />
      <PortalMessages />
      <AwaitingPanel />
      <Title order={2} fz="h3">
        Tous les services
      </Title>
      {entries.length === 0 ? (
        <Text>
          Aucun module ne vous est ouvert pour le moment. Vous pouvez gérer votre compte depuis le bouton en
          haut à droite.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="nav" aria-label="Modules">
          {entries.map((entry) => (
            <UnstyledButton key={entry.nom} component={Link} to={entry.url} data-menu-type={entry.type}>
              <Card withBorder padding="md" h="100%" shadow="xs">
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={40} radius="md" variant="light">
                    <entry.logo size={24} />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Text fw={700}>{entry.libelle}</Text>
                    <Text size="sm" c="dimmed">
                      {entry.description}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
