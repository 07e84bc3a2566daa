/**
 * Habilitations: global rights held by a user (specification §6, DECISIONS §1).
 * The label and description are what GET /api/parametres/droits serves and what the screens show.
 */
import { z } from 'zod';

export const HABILITATIONS = {
  USER: { libelle: 'Utilisateur', description: 'Connexion, portail, compte, documents et restauration' },
  ADMIN: {
    libelle: 'Administration',
    description: 'Utilisateurs, entités, appartenances, salles et paramètres',
  },
  DIFFUSION: {
    libelle: 'Messages',
    description: 'Rédiger, activer, désactiver et supprimer les messages diffusés',
  },
  PLANNING: { libelle: 'Planning', description: 'Planning des salles et demandes de réservation' },
  RESTAURATION: {
    libelle: 'Restauration',
    description: 'Consulter les menus, commander des repas, voir ses commandes',
  },
  MENUS: {
    libelle: 'Gestion des menus',
    description: 'Gérer les repas et les plats, notifier, encaisser, récapitulatif',
  },
  LOGE: { libelle: 'Gestion Loge', description: 'Gérer les membres des entités dont on a la gestion' },
  COMPTA_LECTURE: {
    libelle: 'Comptabilité (lecture)',
    description: 'Consulter factures, devis et exports',
  },
  COMPTA_SAISIE: {
    libelle: 'Comptabilité (saisie)',
    description: 'Créer et faire évoluer factures, devis et paiements',
  },
  DOCUMENTS_LECTURE: {
    libelle: 'Documents',
    description: 'Lire les documents destinés à ses entités ou à tous',
  },
  DOCUMENTS_LECTURE_ALL: { libelle: 'Tous les documents', description: 'Lire tous les documents' },
  PAYMENT: { libelle: 'Carte Union', description: 'Solde, historique et rechargement de sa carte' },
} as const;

export type Habilitation = keyof typeof HABILITATIONS;
export const HABILITATION_CODES = Object.keys(HABILITATIONS) as [Habilitation, ...Habilitation[]];
export const HabilitationSchema = z.enum(HABILITATION_CODES);

/** Profiles of the administration screen: shortcuts that only fill the checkboxes (DECISIONS §1). */
export const PROFILES = {
  Membre: ['USER', 'RESTAURATION', 'DOCUMENTS_LECTURE', 'PAYMENT'],
  'Responsable de loge': ['USER', 'LOGE', 'PLANNING', 'RESTAURATION', 'DOCUMENTS_LECTURE', 'PAYMENT'],
  "Trésorier de l'Union": [
    'USER',
    'COMPTA_LECTURE',
    'COMPTA_SAISIE',
    'DOCUMENTS_LECTURE',
    'RESTAURATION',
    'PAYMENT',
  ],
  'Responsable restauration': ['USER', 'MENUS', 'RESTAURATION'],
  // DOCUMENTS_LECTURE opens the Documents entry of the home menu (specification §2);
  // DOCUMENTS_LECTURE_ALL only widens what can be read there.
  "Secrétariat de l'Union": [
    'USER',
    'PLANNING',
    'DIFFUSION',
    'DOCUMENTS_LECTURE',
    'DOCUMENTS_LECTURE_ALL',
    'RESTAURATION',
    'PAYMENT',
  ],
  Administrateur: HABILITATION_CODES,
} satisfies Record<string, readonly Habilitation[]>;

export const DroitSchema = z.object({
  code: HabilitationSchema,
  libelle: z.string(),
  description: z.string(),
});
export type Droit = z.infer<typeof DroitSchema>;
