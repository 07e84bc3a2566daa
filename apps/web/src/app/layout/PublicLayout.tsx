/** Public pages (specification §2): header only, and each page starts at the top. */
import { CONTENT_ID, SkipLink } from './SkipLink';
import { AppShell, Container, Group } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Brand } from './Brand';

export function PublicLayout() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    // A link to an anchor scrolls there (scroll restoration handles it); any other page starts at the top.
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md">
          <Brand />
        </Group>
      </AppShell.Header>
      <AppShell.Main bg="gray.0" id={CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <Container size="lg" py={{ base: 'sm', sm: 'xl' }} px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
