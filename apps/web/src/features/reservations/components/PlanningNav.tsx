/**
 * The planning's own sub-navigation (the shared `SectionNav`): for Union staff their dashboard first
 * (issue 33), then the planning, my requests (« Demandes à traiter » for the staff, who decide them),
 * closed days, annual planning. The section's address opens the dashboard for the staff, so their
 * « Planning » is /app/reservations/planning.
 */
import { SectionNav, isUnder } from '../../../components/SectionNav';

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
  return (
    <SectionNav
      label="Sections du planning"
      links={LINKS.filter((link) => gestion || !link.staff).map((link) => {
        const planning = link.to === `${HOME}/planning`;
        return {
          // Outside the staff, the section's address is the planning itself.
          to: planning && !gestion ? HOME : link.to,
          label: gestion && link.to === `${HOME}/demandes` ? 'Demandes à traiter' : link.label,
          current: planning ? isPlanning : (pathname: string) => isUnder(link.to, pathname),
        };
      })}
    />
  );
}
