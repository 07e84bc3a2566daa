/**
 * The main menu (specification §2): "Accueil" first, then the home entries this user may open; the active
 * item is the one whose url is contained in the current url.
 */
import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { activeItemUrl, HOME_ITEM, visibleEntries } from '../menu';

export function MainMenu({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const { pathname } = useLocation();
  const items = [HOME_ITEM, ...visibleEntries(session)];
  const activeUrl = activeItemUrl(pathname, items);

  return (
    <Stack gap={2} component="nav" aria-label="Menu principal">
      {items.map((item) => (
        <NavLink
          key={item.nom}
          component={Link}
          to={item.url}
          label={item.libelle}
          leftSection={<item.logo size={20} />}
          active={item.url === activeUrl}
          aria-current={item.url === activeUrl ? 'page' : undefined}
          onClick={onNavigate}
          variant="light"
        />
      ))}
    </Stack>
  );
}
