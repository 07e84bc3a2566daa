/**
 * What the import will do with each row, decided from the file and what the database already holds.
 * Pure functions: the dry run and the real run compute the same plan, and the tests check it as a table.
 */
import type { ImportAction, ImportColumn } from '@union/contract';
import { z } from 'zod';
import type { RawRow } from './parse';

export const FIELD_MAX_LENGTH = 100;

/** A row once trimmed and checked: either clean values, or the reasons it is refused. */
export interface CheckedRow {
  ligne: number;
  values: Record<ImportColumn, string>;
  problems: string[];
}

const emailSchema = z.email();
const TELEPHONE = /^\+?[0-9][0-9 .-]{5,19}$/;

/**
 * A telephone saved as a number by a spreadsheet loses its leading zero (478000000): a French
 * nine-digit number not starting with 0 gets it back.
 */
export function normalizeTelephone(value: string): string {
  return /^[1-9][0-9]{8}$/.test(value) ? `0${value}` : value;
}

/**
 * Whether a value holds a control character other than tab and line breaks (C0, DEL, C1): invisible, it
 * would make a name nobody can type or find, and PostgreSQL refuses NUL outright.
 */
const hasControlCharacter = (value: string) =>
  [...value].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && !'\t\n\r'.includes(char)) || (code >= 0x7f && code <= 0x9f);
  });

const COLUMN_LABELS: Record<ImportColumn, string> = {
  nom: 'nom',
  prenom: 'prénom',
  email: 'adresse e-mail',
  telephone: 'téléphone',
  fonction: 'fonction',
};

/** Checks one row on its own: required fields, formats, lengths, invisible characters. */
export function checkRow(row: RawRow): CheckedRow {
  const values = {
    ...row.values,
    email: row.values.email.toLowerCase(),
    telephone: normalizeTelephone(row.values.telephone),
  };
  const problems: string[] = [];
  // A value with a control character is refused as such (and not quoted back in the reason).
  const controlled = new Set(
    (Object.keys(COLUMN_LABELS) as ImportColumn[]).filter((c) => hasControlCharacter(values[c])),
  );
  for (const column of controlled)
    problems.push(`${COLUMN_LABELS[column]} : caractère de contrôle invisible interdit`);
  if (!values.nom) problems.push('nom manquant');
  if (!values.prenom) problems.push('prénom manquant');
  if (!values.email) problems.push('adresse e-mail manquante');
  else if (!controlled.has('email') && !emailSchema.safeParse(values.email).success)
    problems.push(`adresse e-mail invalide « ${values.email} »`);
  if (values.telephone && !controlled.has('telephone') && !TELEPHONE.test(values.telephone))
    problems.push(`téléphone invalide « ${values.telephone} » (exemple : 04 78 00 00 00)`);
  for (const [column, label] of [
    ['nom', 'nom'],
    ['prenom', 'prénom'],
    ['fonction', 'fonction'],
  ] as const) {
    if (values[column].length > FIELD_MAX_LENGTH)
      problems.push(`${label} trop long (${FIELD_MAX_LENGTH} caractères au plus)`);
  }
  return { ligne: row.ligne, values, problems };
}

/** What the database knows of an address found in the file. */
export interface ExistingUser {
  id: number;
  identifiant: string;
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
  etat: 'A' | 'I' | 'S';
  /** The user's current membership in the target entity, if any. */
  membership: { id: number; fonction: string | null } | null;
  /**
   * Without a current membership: the first day (yyyy-mm-dd) of one that starts later. A membership
   * starting today would overlap it, and memberships never overlap.
   */
  upcoming: string | null;
}

export interface PlannedRow {
  ligne: number;
  values: Record<ImportColumn, string>;
  action: ImportAction;
  motif: string | null;
  existing: ExistingUser | null;
  /** For an update: the user fields to change (only what the caller may change). */
  userChanges: { nom?: string; prenom?: string; telephone?: string };
  /** For an update: add a membership, or change the current one's fonction. */
  membershipChange: 'add' | 'fonction' | null;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Decides each row's fate. Rows are matched to accounts by e-mail (case-insensitive); an address seen
 * twice in the file is refused the second time. Only `mayEditIdentity` callers (administrators) change
 * the name and telephone of an existing account: a lodge manager only adds it to the lodge or changes
 * its fonction there.
 */
export function planRows(
  rows: CheckedRow[],
  existingByEmail: Map<string, ExistingUser>,
  mayEditIdentity: boolean,
): PlannedRow[] {
  const firstLineOf = new Map<string, number>();
  return rows.map((row) => {
    const base = { ligne: row.ligne, values: row.values, userChanges: {}, membershipChange: null };
    const reject = (reasons: string[]): PlannedRow => ({
      ...base,
      action: 'rejet',
      motif: capitalize(reasons.join(' ; ')) + '.',
      existing: null,
    });
    if (row.problems.length > 0) return reject(row.problems);
    const seenAt = firstLineOf.get(row.values.email);
    if (seenAt !== undefined) return reject([`adresse e-mail déjà présente ligne ${seenAt} du fichier`]);
    firstLineOf.set(row.values.email, row.ligne);

    const existing = existingByEmail.get(row.values.email);
    if (!existing) return { ...base, action: 'creation', motif: null, existing: null };
    if (existing.etat === 'S') {
      return reject([`le compte « ${existing.identifiant} » de cette adresse est supprimé`]);
    }

    const changes: string[] = [];
    const userChanges: PlannedRow['userChanges'] = {};
    if (mayEditIdentity) {
      if (row.values.nom !== existing.nom) {
        userChanges.nom = row.values.nom;
        changes.push(`nom : ${existing.nom} → ${row.values.nom}`);
      }
      if (row.values.prenom !== existing.prenom) {
        userChanges.prenom = row.values.prenom;
        changes.push(`prénom : ${existing.prenom} → ${row.values.prenom}`);
      }
      if (row.values.telephone && row.values.telephone !== existing.telephone) {
        userChanges.telephone = row.values.telephone;
        changes.push(`téléphone : ${existing.telephone ?? '(aucun)'} → ${row.values.telephone}`);
      }
    }
    if (!existing.membership && existing.upcoming) {
      const [year, month, day] = existing.upcoming.split('-');
      return reject([
        `déjà membre de l'entité à partir du ${day}/${month}/${year} : modifiez cette appartenance ` +
          'depuis la fiche du membre',
      ]);
    }
    let membershipChange: PlannedRow['membershipChange'] = null;
    if (!existing.membership) {
      membershipChange = 'add';
      changes.push("ajout à l'entité" + (row.values.fonction ? ` (${row.values.fonction})` : ''));
    } else if (row.values.fonction && row.values.fonction !== (existing.membership.fonction ?? '')) {
      membershipChange = 'fonction';
      changes.push(`fonction : ${existing.membership.fonction ?? '(aucune)'} → ${row.values.fonction}`);
    }
    if (changes.length === 0) {
      return { ...base, action: 'inchangee', motif: null, existing };
    }
    return {
      ...base,
      action: 'mise_a_jour',
      motif: capitalize(changes.join(' ; ')),
      existing,
      userChanges,
      membershipChange,
    };
  });
}
