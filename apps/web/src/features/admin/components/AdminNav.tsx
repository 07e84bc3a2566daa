/**
 * Administration's sub-navigation (the shared `SectionNav`), under each of its pages' heading: the
 * dashboard (the section's address), then one link per administration screen. A user's or an entity's
 * record starts with its `BackLink` to the list instead.
 */
import { SectionNav } from '../../../components/SectionNav';

const HOME = '/app/admin';

const LINKS = [
  { to: HOME, label: 'Tableau de bord', current: (p: string) => p === HOME || p === `${HOME}/` },
  { to: `${HOME}/utilisateurs`, label: 'Utilisateurs' },
  { to: `${HOME}/entites`, label: 'Entités' },
  { to: `${HOME}/salles`, label: 'Salles' },
  { to: `${HOME}/parametres`, label: 'Paramètres' },
  { to: `${HOME}/emails`, label: 'E-mails' },
  { to: `${HOME}/sauvegardes`, label: 'Sauvegardes' },
];

export function AdminNav() {
  return <SectionNav label="Sections de l’administration" links={LINKS} />;
}
