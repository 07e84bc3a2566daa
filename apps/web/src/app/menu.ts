/**
 * The home menu of the specification §2: seven entries, each shown only to holders of its permission.
 * The portal shows them as cards and the main menu lists them after "Accueil".
 */
import type { Habilitation } from '@union/contract';
import {
  IconBuildingBank,
  IconCalendarEvent,
  IconFileText,
  IconHome,
  IconMessages,
  IconSettings,
  IconToolsKitchen2,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { hasHabilitation, type Session } from '../lib/session';

/** A menu item (specification §3 "Menu item"). */
interface MenuItem {
  nom: string;
  logo: Icon;
  libelle: string;
  description: string;
  url: string;
  /** 'interne' navigates to url; 'action' is reserved for entries that run something instead. */
  type: 'interne' | 'action';
  habilitation: Habilitation;
  active: boolean;
}

export const HOME_ITEM: MenuItem = {
  nom: 'accueil',
  logo: IconHome,
  libelle: 'Accueil',
  description: 'Retour au portail',
  url: '/app/portail',
  type: 'interne',
  habilitation: 'USER',
  active: true,
};

/** The seven entries, in the order of the specification. A new module adds its entry here. */
export const HOME_ENTRIES: MenuItem[] = [
  {
    nom: 'diffusions',
    logo: IconMessages,
    libelle: 'Messages',
    description: 'Rédaction et diffusion des informations',
    url: '/app/diffusions',
    type: 'interne',
    habilitation: 'DIFFUSION',
    active: true,
  },
  {
    nom: 'reservations',
    logo: IconCalendarEvent,
    libelle: 'Planning',
    description: 'Planning de réservation des salles',
    url: '/app/reservations',
    type: 'interne',
    habilitation: 'PLANNING',
    active: true,
  },
  {
    nom: 'restauration',
    logo: IconToolsKitchen2,
    libelle: 'Restauration',
    description: 'Consultation et commande des menus',
    url: '/app/restauration',
    type: 'interne',
    habilitation: 'RESTAURATION',
    active: true,
  },
  {
    nom: 'documents',
    logo: IconFileText,
    libelle: 'Documents',
    description: 'Consultation des documents',
    url: '/app/doc',
    type: 'interne',
    habilitation: 'DOCUMENTS_LECTURE',
    active: true,
  },
  {
    nom: 'loge',
    logo: IconUsersGroup,
    libelle: 'Gestion Loge',
    description: 'Gestion des membres de la loge',
    url: '/app/loge',
    type: 'interne',
    habilitation: 'LOGE',
    active: true,
  },
  {
    nom: 'compta',
    logo: IconBuildingBank,
    libelle: 'Comptabilité Union',
    description: "Gestion de la comptabilité de l'Union",
    url: '/app/compta',
    type: 'interne',
    habilitation: 'COMPTA_LECTURE',
    active: true,
  },
  {
    nom: 'admin',
    logo: IconSettings,
    libelle: 'Administration',
    description: 'Gestion des utilisateurs et des paramètres',
    url: '/app/admin',
    type: 'interne',
    habilitation: 'ADMIN',
    active: true,
  },
];

/** The entries this session may open. */
export function visibleEntries(session: Session | null, entries: MenuItem[] = HOME_ENTRIES): MenuItem[] {
  return entries.filter((entry) => entry.active && hasHabilitation(session, entry.habilitation));
}

/** The active item is the one whose url is contained in the current url (the longest, when several are). */
export function activeItemUrl(pathname: string, items: MenuItem[]): string | undefined {
  return items
    .map((item) => item.url)
    .filter((url) => pathname.includes(url))
    .sort((a, b) => b.length - a.length)[0];
}
