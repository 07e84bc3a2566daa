/**
 * The planning's own sub-navigation: planning, my requests (« Demandes à traiter » for Union staff, who
 * decide them), closed days, annual planning.
 */
import { Button, Group } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';

const LINKS = [
  { to: '/app/reservations', label: 'Planning', end: true },
  { to: '/app/reservations/demandes', label: 'Mes demandes', end: false },
  { to: '/app/reservations/fermetures', label: 'Jours de fermeture', end: false },
  { to: '/app/reservations/annuel', label: 'Planning annuel', end: false },
];

/** `gestion`: the server's word on whether the caller is Union staff (undefined while unknown). */
export function PlanningNav({ gestion }: { gestion?: boolean }) {
  const { pathname } = useLocation();
  return (
    <Group gap={6} component="nav" aria-label="Sections du planning">
      {LINKS.map((link) => {
        const active = link.end
          ? pathname === link.to || pathname === `${link.to}/`
          : pathname.startsWith(link.to);
        return (
          <Button
            key={link.to}
            component={NavLink}
            to={link.to}
            end={link.end}
            size="compact-md"
            variant={active ? 'filled' : 'subtle'}
            aria-current={active ? 'page' : undefined}
          >
            {gestion && link.to === '/app/reservations/demandes' ? 'Demandes à traiter' : link.label}
          </Button>
        );
      })}
    </Group>
  );
}
