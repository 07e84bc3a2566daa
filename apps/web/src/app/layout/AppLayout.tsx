/**
 * Layout of the authenticated area: header, main menu and content. The menu is collapsed by default and on
 * small screens; the burger opens it.
 */
import { CONTENT_ID, SkipLink } from './SkipLink';
import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { AppHeader } from './AppHeader';
import { MainMenu } from './MainMenu';
import { useIsPhone } from '../../components/useIsPhone';

export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const isSmallScreen = useIsPhone();

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
