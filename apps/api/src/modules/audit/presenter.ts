/**
 * The one history presenter: audit rows → the contract's `HistoryEntry`. The date, the action and the
 * author are read the same way for every record; each module only says what its entries mean (its
 * `Describe`), so a history panel of a user, an entity, a reservation or an order has one shape.
 */
import type { HistoryEntry } from '@union/contract';
import type { AuditRow } from './repository';

/** An audit row as a module describes it: its details as an object, its author's name. */
export interface DescribedRow {
  action: string;
  details: Record<string, unknown>;
  createdAt: Date;
  auteur: string | null;
}

/** What a module says one of its entries means. */
export interface EntryText {
  libelle: string;
  resume?: string | null;
  motif?: string | null;
}

export type Describe = (row: DescribedRow) => EntryText;

/** « Prénom Nom » of the entry's author; null for the system (no actor). */
export const auteurOf = (row: Pick<AuditRow, 'actorNom' | 'actorPrenom'>): string | null =>
  row.actorNom === null ? null : `${row.actorPrenom ?? ''} ${row.actorNom}`.trim();

export function presentHistory(rows: readonly AuditRow[], describe: Describe): HistoryEntry[] {
  return rows.map((row) => {
    const auteur = auteurOf(row);
    const text = describe({
      action: row.action,
      details: (row.details ?? {}) as Record<string, unknown>,
      createdAt: row.createdAt,
      auteur,
    });
    return {
      id: row.id,
      date: row.createdAt.toISOString(),
      action: row.action,
      libelle: text.libelle,
      resume: text.resume ?? null,
      auteur,
      motif: text.motif ?? null,
    };
  });
}
