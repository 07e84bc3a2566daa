/**
 * The one sub-navigation of a module (Comptabilité, Restauration, Planning): its pages as links in a
 * `nav` landmark named after the module, the current one marked `aria-current="page"` and tinted, the
 * others subtle. Links only: a module's actions (« Nouvelle pièce », « Exporter (Excel) ») are buttons
 * beside it, filled for the main one. A detail page also starts with its `BackLink`.
 */
import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export interface SectionLink {
  to: string;
  label: string;
  /** Whether the link is the current page; by default its address or any address below it. */
  current?: (pathname: string) => boolean;
}

/** The link's address, or one below it (« Factures et devis » stays current on an invoice's page). */
export const isUnder = (to: string, pathname: string) => pathname === to || pathname.startsWith(`${to}/`);

export function SectionNav({ label, links }: { label: string; links: readonly SectionLink[] }) {
  const { pathname } = useLocation();
  return (
    <Group gap={6} component="nav" aria-label={label}>
      {links.map((link) => {
        const current = link.current ? link.current(pathname) : isUnder(link.to, pathname);
        return (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            size="compact-md"
            variant={current ? 'light' : 'subtle'}
            fw={current ? 700 : 500}
            aria-current={current ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}
