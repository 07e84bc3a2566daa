/** The Union's settings as the form holds them (euros and days as typed), and back to the contract's body. */
import { EntityType, type UnionSettings } from '@union/contract';
import { eurosToCents } from '../../../lib/format';
import type { BankAccountValues } from './BankAccountsSettings';
import type { BookkeepingValues } from './BookkeepingSettings';

export interface SettingsValues {
  raisonSociale: string;
  adresse: string;
  siret: string;
  rna: string;
  email: string;
  telephone: string;
  mentionTva: string;
  /** Euros, as typed. */
  cotisations: Record<EntityType, number | string>;
  /** The notice as typed, in `uniteReservation` (hours or days); the horizon in months. */
  reservations: { preavisHeures: number | string; horizonMois: number | string };
  uniteReservation: 'heures' | 'jours';
  banque: { iban: string; bic: string };
  relances: {
    niveau1: number | string;
    niveau2: number | string;
    niveau3: number | string;
    ecart: number | string;
    automatique: boolean;
  };
  comptabilite: BookkeepingValues;
  comptesBancaires: BankAccountValues[];
  /** The SEPA creditor identifier (ICS), as typed; empty is none. */
  ics: string;
}

/** A notice of whole days is typed in days. */
const inDays = (hours: number) => hours > 0 && hours % 24 === 0;

export const valuesOf = (s: UnionSettings): SettingsValues => ({
  ...s.identite,
  siret: s.identite.siret ?? '',
  rna: s.identite.rna ?? '',
  telephone: s.identite.telephone ?? '',
  mentionTva: s.mentionTva,
  cotisations: Object.fromEntries(EntityType.codes.map((c) => [c, s.cotisations[c] / 100])) as Record<
    EntityType,
    number
  >,
  reservations: {
    preavisHeures: inDays(s.reservations.preavisHeures)
      ? s.reservations.preavisHeures / 24
      : s.reservations.preavisHeures,
    horizonMois: s.reservations.horizonMois,
  },
  uniteReservation: inDays(s.reservations.preavisHeures) ? 'jours' : 'heures',
  banque: { iban: s.banque.iban ?? '', bic: s.banque.bic ?? '' },
  relances: { ...s.relances },
  comptabilite: { premierExercice: s.comptabilite.premierExercice, comptes: s.comptabilite.comptes },
  comptesBancaires: s.comptesBancaires.map((a) => ({ ...a, bic: a.bic ?? '' })),
  ics: s.ics ?? '',
});

/** What a typed number becomes: a number when it is one, else as typed (the schema says why it is not). */
const numberOf = (v: number | string) => (v === '' ? v : Number(v));

/** What the server receives (fees in cents), checked with its own schema before sending. */
export const bodyOf = (values: SettingsValues) => ({
  identite: {
    raisonSociale: values.raisonSociale,
    adresse: values.adresse,
    siret: values.siret.replace(/\s/g, ''),
    rna: values.rna,
    email: values.email,
    telephone: values.telephone,
  },
  mentionTva: values.mentionTva,
  cotisations: Object.fromEntries(EntityType.codes.map((c) => [c, eurosToCents(values.cotisations[c] || 0)])),
  reservations: {
    preavisHeures:
      values.uniteReservation === 'jours'
        ? Number(values.reservations.preavisHeures || 0) * 24
        : numberOf(values.reservations.preavisHeures || 0),
    horizonMois: numberOf(values.reservations.horizonMois),
  },
  banque: { iban: values.banque.iban, bic: values.banque.bic },
  relances: {
    niveau1: Number(values.relances.niveau1),
    niveau2: Number(values.relances.niveau2),
    niveau3: Number(values.relances.niveau3),
    ecart: Number(values.relances.ecart),
    automatique: values.relances.automatique,
  },
  comptabilite: {
    premierExercice: numberOf(values.comptabilite.premierExercice),
    comptes: values.comptabilite.comptes,
  },
  comptesBancaires: values.comptesBancaires,
  ics: values.ics,
});
