/**
 * The header's search (issue 33) over the invoices and quotes and the reservations: a few rows matching
 * every word typed, accents and case aside, within a scope the service computed from each module's policy.
 * The people and the documents are found by their own modules' searches (users, documents).
 */
import { ACTIVE_RESERVATION_STATES } from '@union/contract';
import { and, asc, desc, eq, gte, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accountingOrders, reservations } from '../../db/schema';
import { seenByEntity } from '../compta/accounts/repository';
import { entityNames } from '../entities/entity-repository';
import { roomNames } from '../settings/repository';

/** The words typed, at most ten (a longer text adds nothing but work). */
export const wordsOf = (q: string): string[] => [...new Set(q.split(/\s+/).filter(Boolean))].slice(0, 10);

/** Every word appears in `text` (accents and case aside; `%` and `_` typed are taken literally). */
function everyWord(text: SQL, words: string[]): SQL {
  const folded = sql`immutable_unaccent(lower(${text}))`;
  return and(
    ...words.map((w) => sql`${folded} LIKE '%' || immutable_unaccent(lower(${escapeLike(w)})) || '%'`),
  )!;
}

/** Which entities' rows the caller sees: all of them, or these. */
export type EntityScope = 'all' | readonly number[];

const inScope = (column: Column, scope: EntityScope): SQL | undefined =>
  scope === 'all' ? undefined : scope.length ? inArray(column, [...scope]) : sql`false`;

export const searchRepository = {
  /**
   * Invoices and quotes by number, subject or entity, newest first. Outside `all` (the treasurers), only
   * what an entity sees of its own account (`seenByEntity`): never a draft nor another entity's.
   */
  async orders(db: Executor, words: string[], scope: EntityScope, limit: number) {
    const names = entityNames(db);
    const text = sql`concat_ws(' ', ${accountingOrders.numeroFacture}, ${accountingOrders.numeroDevis}, ${accountingOrders.objet}, ${names.nom}, ${names.code})`;
    return db
      .select({ order: accountingOrders, entite: names.nom })
      .from(accountingOrders)
      .innerJoin(names, eq(names.id, accountingOrders.entityId))
      .where(
        and(
          everyWord(text, words),
          inScope(accountingOrders.entityId, scope),
          scope === 'all' ? undefined : seenByEntity,
        ),
      )
      .orderBy(desc(accountingOrders.createdAt), desc(accountingOrders.id))
      .limit(limit);
  },

  /**
   * Active reservations from `from` on by label, room or entity, soonest first; outside `all` (the
   * Union's staff), only those of the entities whose bookings the caller sees whole.
   */
  async reservations(db: Executor, words: string[], scope: EntityScope, from: string, limit: number) {
    const room = roomNames(db);
    const entity = entityNames(db);
    const text = sql`concat_ws(' ', ${reservations.libelle}, ${room.nom}, ${entity.nom}, ${entity.code})`;
    return db
      .select({ reservation: reservations, salle: room.nom, entite: entity.nom })
      .from(reservations)
      .innerJoin(room, eq(room.id, reservations.roomId))
      .innerJoin(entity, eq(entity.id, reservations.entityId))
      .where(
        and(
          everyWord(text, words),
          inArray(reservations.etat, [...ACTIVE_RESERVATION_STATES]),
          gte(reservations.jour, from),
          inScope(reservations.entityId, scope),
        ),
      )
      .orderBy(asc(reservations.jour), asc(reservations.debut), asc(reservations.id))
      .limit(limit);
  },
};
