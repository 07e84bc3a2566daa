/** The portal (specification §2 "Home menu"): the entries of the home menu this user may open. */
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../lib/session';
import { visibleEntries } from '../menu';
import { usePageTitle } from '../../components/usePageTitle';
import { PortalMessages } from '../../features/messages';
import { BackupWarning } from '../../features/admin';
import { SecondFactorReminder } from '../../features/account';
import { TopUpsWaiting } from '../../features/restaurant';

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
      {entries.length === 0 ? (
        <Text>
          Aucun module ne vous est ouvert pour le moment. Vous pouvez gérer votre compte depuis le bouton en
          haut à droite.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="nav" aria-label="Modules">
          {entries.map((entry) => (
            <UnstyledButton key={entry.nom} component={Link} to={entry.url} data-menu-type={entry.type}>
              <Card withBorder padding="lg" h="100%" shadow="xs">
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={48} radius="md" variant="light">
                    <entry.logo size={28} />
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Text fw={700} size="lg">
                      {entry.libelle}
                    </Text>
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
