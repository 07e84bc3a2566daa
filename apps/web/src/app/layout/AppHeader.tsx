/**
 * Header of the authenticated area (specification §2): the search (issue 33), the user's name, and the
 * account, meal orders (RESTAURATION), card (PAYMENT) and logout buttons.
 */
import { ActionIcon, Burger, Button, Group, Menu, Text } from '@mantine/core';
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
import { HeaderSearch } from './HeaderSearch';

/** The burger's id: Escape gives it the focus back when it closes the menu (AppLayout). */
export const MENU_BUTTON_ID = 'bouton-menu';

interface HeaderLink {
  to: string;
  label: string;
  /** The visible text on wide screens: part of the label, so that the spoken name contains it (2.5.3). */
  short: string;
  icon: Icon;
  habilitation: Habilitation;
}

const HEADER_LINKS: HeaderLink[] = [
  {
    to: '/app/account',
    label: 'Mon compte',
    short: 'Mon compte',
    icon: IconUserCircle,
    habilitation: 'USER',
  },
  {
    to: '/app/account/commandes',
    label: 'Mes commandes de repas',
    short: 'Commandes de repas',
    icon: IconToolsKitchen2,
    habilitation: 'RESTAURATION',
  },
  {
    to: '/app/account/payments',
    label: 'Ma carte Union',
    short: 'Carte Union',
    icon: IconCreditCard,
    habilitation: 'PAYMENT',
  },
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
          id={MENU_BUTTON_ID}
          opened={menuOpened}
          onClick={onToggleMenu}
          size="sm"
          aria-label={menuOpened ? 'Replier le menu' : 'Déplier le menu'}
          aria-expanded={menuOpened}
          aria-controls="menu-principal"
        />
        <Brand />
      </Group>
      <Group flex={1} maw="28rem" justify="flex-end" wrap="nowrap" miw={0}>
        <HeaderSearch />
      </Group>
      {/* Wide screens (from 88em, 1408 px): the name and one labelled button per link (an icon alone is a
          riddle). Below, they took the search box's room: at 1280 px it was squeezed to 48 px. */}
      <Group gap={4} wrap="nowrap" visibleFrom="xl">
        <Text fw={500} mr="xs" data-testid="user-name" style={{ whiteSpace: 'nowrap' }}>
          {fullName}
        </Text>
        {links.map((link) => (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            variant="subtle"
            size="compact-md"
            px={6}
            leftSection={<link.icon size={20} aria-hidden />}
            aria-label={link.label === link.short ? undefined : link.label}
            style={{ flexShrink: 0 }}
          >
            {link.short}
          </Button>
        ))}
        <Button
          variant="subtle"
          color="red"
          size="compact-md"
          px={6}
          leftSection={<IconLogout size={20} aria-hidden />}
          onClick={() => void logout()}
          style={{ flexShrink: 0 }}
        >
          Déconnexion
        </Button>
      </Group>
      {/* Narrower screens have no room for them all: the same entries in one menu. */}
      {/* No focus placeholder: a menu may only hold menu items (ARIA), and the first item takes the focus. */}
      <Menu position="bottom-end" width={240} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label="Menu de l'utilisateur" hiddenFrom="xl">
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
          <Menu.Item
            color="var(--mantine-color-red-text)"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => void logout()}
          >
            Déconnexion
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
