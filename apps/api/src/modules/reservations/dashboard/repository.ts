/**
 * The Union staff's dashboard (issue 33): the season's confirmed bookings per room and month and per room
 * and weekday, the requests waiting and the closed days ahead, each one aggregate in SQL.
 */
import { asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { returnedRows } from '../../../db/arrays';
import { closures, reservations } from '../../../db/schema';
import { entityNames } from '../../entities/entity-repository';
import { roomNames } from '../../settings/repository';

export interface Span {
  debut: string;
  fin: string;
}

/** A booking holds its room while confirmed (CR) or while its deletion is only asked (DS). */
const HELD = sql.raw(`etat IN ('CR', 'DS')`);

export const planningDashboardRepository = {
  /** Minutes booked per room and month (yyyy-mm) over the season. */
  async minutesByMonth(db: Executor, span: Span) {
    return returnedRows<{ roomId: number; mois: string; minutes: number }>(
      await db.execute(sql`
        SELECT room_id AS "roomId", to_char(jour, 'YYYY-MM') AS mois, sum(fin - debut)::int AS minutes
        FROM reservations
        WHERE ${HELD} AND jour BETWEEN ${span.debut} AND ${span.fin}
        GROUP BY 1, 2`),
    );
  },

  /** Bookings per room and ISO weekday (1 Monday … 7 Sunday) over the season. */
  async byWeekday(db: Executor, span: Span) {
    return returnedRows<{ roomId: number; jour: number; nombre: number }>(
      await db.execute(sql`
        SELECT room_id AS "roomId", extract(isodow FROM jour)::int AS jour, count(*)::int AS nombre
        FROM reservations
        WHERE ${HELD} AND jour BETWEEN ${span.debut} AND ${span.fin}
        GROUP BY 1, 2`),
    );
  },

  /** Closed days per month (yyyy-mm) over the season: no room can be booked on them. */
  async closedByMonth(db: Executor, span: Span) {
    return returnedRows<{ mois: string; jours: number }>(
      await db.execute(sql`
        SELECT to_char(jour, 'YYYY-MM') AS mois, count(*)::int AS jours
        FROM closures
        WHERE jour BETWEEN ${span.debut} AND ${span.fin}
        GROUP BY 1`),
    );
  },

  /**
   * The requests waiting for a decision, oldest first, with their age in days (Paris): a creation since
   * it was asked, a deletion since the booking last changed (when the deletion was asked); each row
   * carries how many wait in all.
   */
  async waiting(db: Executor, today: string, limit: number) {
    const room = roomNames(db);
    const entity = entityNames(db);
    const since = sql`(CASE WHEN ${reservations.etat} = 'DC' THEN ${reservations.createdAt}
      ELSE ${reservations.updatedAt} END AT TIME ZONE 'Europe/Paris')::date`;
    return db
      .select({
        id: reservations.id,
        etat: reservations.etat,
        date: sql<string>`to_char(${reservations.jour}, 'YYYY-MM-DD')`,
        debut: reservations.debut,
        fin: reservations.fin,
        salle: room.nom,
        entite: entity.nom,
        libelle: reservations.libelle,
        age: sql<number>`greatest(${today}::date - ${since}, 0)::int`,
        // Every waiting request, counted before the limit: no second query for the total.
        total: sql<number>`(count(*) OVER ())::int`,
      })
      .from(reservations)
      .innerJoin(room, eq(room.id, reservations.roomId))
      .innerJoin(entity, eq(entity.id, reservations.entityId))
      .where(inArray(reservations.etat, ['DC', 'DS']))
      .orderBy(asc(since), asc(reservations.jour), asc(reservations.id))
      .limit(limit);
  },

  /** The closed days from today on, nearest first. */
  async closuresAhead(db: Executor, today: string, limit: number) {
    return db
      .select({ date: sql<string>`to_char(${closures.jour}, 'YYYY-MM-DD')`, motif: closures.motif })
      .from(closures)
      .where(gte(closures.jour, today))
      .orderBy(asc(closures.jour))
      .limit(limit);
  },
};
