/**
 * Restauration's sub-navigation (the shared `SectionNav`), under each page's heading: the week of meals
 * for everyone, then the pages one's rights open (the manager's dashboard and card desk, the treasurer's
 * top-ups and balances). Alone, the week of meals needs no navigation: nothing is shown.
 */
import { SectionNav, isUnder, type SectionLink } from '../../../components/SectionNav';
import { useHabilitation } from '../../../lib/session';

const HOME = '/app/restauration';

export function RestaurantNav() {
  const desk = useHabilitation('MENUS');
  const compta = useHabilitation('COMPTA_SAISIE');
  const treasurer = useHabilitation('COMPTA_LECTURE');
  const links: SectionLink[] = [
    ...(desk ? [{ to: `${HOME}/tableau-de-bord`, label: 'Tableau de bord' }] : []),
    {
      to: `${HOME}/repas`,
      label: 'Repas de la semaine',
      // Outside the manager, the section's address is the week of meals itself.
      current: (p) => p === HOME || p === `${HOME}/` || isUnder(`${HOME}/repas`, p),
    },
    ...(desk ? [{ to: `${HOME}/caisse`, label: 'Caisse des cartes' }] : []),
    ...(compta ? [{ to: `${HOME}/rechargements`, label: 'Rechargements à valider' }] : []),
    ...(treasurer ? [{ to: `${HOME}/soldes`, label: 'Soldes des cartes' }] : []),
  ];
  if (links.length < 2) return null;
  return <SectionNav label="Sections du restaurant" links={links} />;
}
