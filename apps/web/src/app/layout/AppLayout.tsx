/**
 * Layout of the authenticated area: header, main menu and content. The menu is collapsed by default and on
 * small screens; the burger opens it.
 */
import { CONTENT_ID, SkipLink } from './SkipLink';
import { AppShell, Container } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { AppHeader, MENU_BUTTON_ID } from './AppHeader';
import { MainMenu } from './MainMenu';
import { useIsPhone } from '../../components/useIsPhone';

export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const isSmallScreen = useIsPhone();
  // Escape closes the open menu, as it closes any menu, and gives the focus back to the burger; a dialog's
  // or a list's own Escape (defaultPrevented, or inside them) is left to them.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !menuOpened || event.defaultPrevented) return;
    if (
      event.target instanceof Element &&
      event.target.closest('[role="dialog"], [role="listbox"], [role="menu"]')
    )
      return;
    menu.close();
    document.getElementById(MENU_BUTTON_ID)?.focus();
  });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 270, breakpoint: 'sm', collapsed: { mobile: !menuOpened, desktop: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        {/* The first Tab stop: past the header and the menu, straight to the page (WCAG 2.4.1). */}
        <SkipLink />
        <AppHeader menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      </AppShell.Header>
      {/* A collapsed menu is out of sight: `inert` takes its links out of the tab order and of screen readers. */}
      <AppShell.Navbar p="xs" inert={!menuOpened} id="menu-principal">
        {/* On a phone the menu covers the page: close it once an item is chosen. */}
        <MainMenu onNavigate={isSmallScreen ? menu.close : undefined} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" id={CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Container size="xl" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
