/**
 * The administration home: its dashboard first (issue 33), then one card per administration screen.
 */
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconAdjustments,
  IconBuildingCommunity,
  IconDatabase,
  IconDoor,
  IconMail,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { AdminNav } from './AdminNav';
import { usePageTitle } from '../../../components/usePageTitle';
import { AdminDashboard } from './AdminDashboard';

interface AdminScreen {
  to: string;
  icon: Icon;
  title: string;
  description: string;
}

/** The screens of the section. */
const ADMIN_SCREENS: AdminScreen[] = [
  {
    to: 'utilisateurs',
    icon: IconUsers,
    title: 'Utilisateurs',
    description: 'Rechercher, créer et modifier les comptes, leurs habilitations et leurs appartenances.',
  },
  {
    to: 'entites',
    icon: IconBuildingCommunity,
    title: 'Entités',
    description: 'Les loges et associations, leurs coordonnées de facturation et leurs membres.',
  },
  {
    to: 'salles',
    icon: IconDoor,
    title: 'Salles',
    description: 'Capacité, couleur dans le planning, tarif horaire et disponibilité des salles.',
  },
  {
    to: 'parametres',
    icon: IconAdjustments,
    title: 'Paramètres',
    description: "Identité légale de l'Union, mention de TVA et cotisations annuelles par type d'entité.",
  },
  {
    to: 'emails',
    icon: IconMail,
    title: "Boîte d'envoi des e-mails",
    description:
      'Lire les e-mails envoyés ou en attente, dont les liens de réinitialisation de mot de passe.',
  },
  {
    to: 'sauvegardes',
    icon: IconDatabase,
    title: 'Sauvegardes',
    description:
      'Les dernières sauvegardes (date, taille, réussite) et la sauvegarde quotidienne du serveur.',
  },
];

export function AdminHomePage() {
  usePageTitle('Administration');
  return (
    <Stack gap="lg">
      <Title order={2}>Administration</Title>
      <AdminNav />
      <AdminDashboard />
      <Title order={2} fz="h3">
        Écrans d’administration
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {ADMIN_SCREENS.map((screen) => (
          <UnstyledButton key={screen.to} component={Link} to={screen.to}>
            <Card withBorder padding="lg" h="100%">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon size="xl" variant="light" radius="md">
                  <screen.icon size={26} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{screen.title}</Text>
                  <Text size="sm" c="dimmed">
                    {screen.description}
                  </Text>
                </div>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
