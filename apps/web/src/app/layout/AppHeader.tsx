/**
 * Header of the authenticated area (specification §2): the user's name, and the account, meal orders
 * (RESTAURATION), card (PAYMENT) and logout buttons.
 */
import { ActionIcon, Burger, Group, Menu, Text, Tooltip } from '@mantine/core';
import type { Habilitation } from '@union/contract';
import {
  IconCreditCard,
  IconDotsVertical,
  IconLogout,
  IconToolsKitchen2,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth';
import { hasHabilitation, useSession } from '../../lib/session';
import { Brand } from './Brand';

interface HeaderLink {
  to: string;
  label: string;
  icon: Icon;
  habilitation: Habilitation;
}

export const HEADER_LINKS: HeaderLink[] = [
  { to: '/app/account', label: 'Mon compte', icon: IconUserCircle, habilitation: 'USER' },
  {
    to: '/app/account/commandes',
    label: 'Mes commandes de repas',
    icon: IconToolsKitchen2,
    habilitation: 'RESTAURATION',
  },
  { to: '/app/account/payments', label: 'Ma carte Union', icon: IconCreditCard, habilitation: 'PAYMENT' },
];

export function AppHeader({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const session = useSession();
  const logout = useLogout();
  const links = HEADER_LINKS.filter((link) => hasHabilitation(session, link.habilitation));
  const fullName = `${session?.prenom ?? ''} ${session?.nom ?? ''}`.trim();

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label={menuOpened ? 'Replier le menu' : 'Déplier le menu'}
        />
        <Brand />
      </Group>
      {/* Wide screens: the name and one button per link. */}
      <Group gap={4} wrap="nowrap" visibleFrom="sm">
        <Text fw={500} mr="xs" data-testid="user-name">
          {fullName}
        </Text>
        {links.map((link) => (
          <Tooltip key={link.to} label={link.label}>
            <ActionIcon component={Link} to={link.to} variant="subtle" size="lg" aria-label={link.label}>
              <link.icon size={22} />
            </ActionIcon>
          </Tooltip>
        ))}
        <Tooltip label="Déconnexion">
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label="Déconnexion"
            onClick={() => void logout()}
          >
            <IconLogout size={22} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {/* A phone has no room for them all: the same entries in one menu. */}
      <Menu position="bottom-end" width={240}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label="Menu de l'utilisateur" hiddenFrom="sm">
            <IconDotsVertical size={22} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{fullName}</Menu.Label>
          {links.map((link) => (
            <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<link.icon size={18} />}>
              {link.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={18} />} onClick={() => void logout()}>
            Déconnexion
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
