/**
 * The planning's own sub-navigation: for Union staff their dashboard first (issue 33), then the planning,
 * my requests (« Demandes à traiter » for the staff, who decide them), closed days, annual planning. The
 * section's address opens the dashboard for the staff, so their « Planning » is /app/reservations/planning.
 */
import { Button, Group } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';

const HOME = '/app/reservations';

const LINKS = [
  { to: `${HOME}/tableau-de-bord`, label: 'Tableau de bord', staff: true },
  { to: `${HOME}/planning`, label: 'Planning', staff: false },
  { to: `${HOME}/demandes`, label: 'Mes demandes', staff: false },
  { to: `${HOME}/fermetures`, label: 'Jours de fermeture', staff: false },
  { to: `${HOME}/annuel`, label: 'Planning annuel', staff: false },
];

const isPlanning = (pathname: string) => [HOME, `${HOME}/`, `${HOME}/planning`].includes(pathname);

/** `gestion`: the server's word on whether the caller is Union staff (undefined while unknown). */
export function PlanningNav({ gestion }: { gestion?: boolean }) {
  const { pathname } = useLocation();
  return (
    <Group gap={6} component="nav" aria-label="Sections du planning">
      {LINKS.filter((link) => gestion || !link.staff).map((link) => {
        const planning = link.to === `${HOME}/planning`;
        const active = planning ? isPlanning(pathname) : pathname.startsWith(link.to);
        // Outside the staff, the section's address is the planning itself.
        const to = planning && !gestion ? HOME : link.to;
        return (
          <Button
            key={link.to}
            component={NavLink}
            to={to}
            end={planning}
            size="compact-md"
            variant={active ? 'filled' : 'subtle'}
            aria-current={active ? 'page' : undefined}
          >
            {gestion && link.to === `${HOME}/demandes` ? 'Demandes à traiter' : link.label}
          </Button>
        );
      })}
    </Group>
  );
}
