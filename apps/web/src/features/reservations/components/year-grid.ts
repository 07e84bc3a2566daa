/**
 * The year grid's facts (issue 33), pure: a masonic year (September to August) as twelve rows of months
 * with a cell per day of the month, each day's bookings of one room, whether the day is closed, and the
 * clashes — two bookings of that room holding it at the same time. The database forbids such an overlap
 * between active bookings (ACTIVE_RESERVATION_STATES); the grid still shows one if it ever comes, since
 * a clash in the planning is what its reader must never miss.
 */
import {
  ACTIVE_RESERVATION_STATES,
  addDays,
  mondayOf,
  type Closure,
  type Reservation,
} from '@union/contract';

export interface YearDay {
  date: string;
  bookings: Reservation[];
  closed: Closure | null;
  /** The bookings of the day that overlap another, by pairs. */
  clashes: [Reservation, Reservation][];
}

export interface YearMonth {
  /** yyyy-mm */
  month: string;
  /** Index 0 is the 1st; months shorter than 31 days end early. */
  days: YearDay[];
}

/** The first Monday of each week touching the masonic year `annee` (1 September – 31 August). */
export function yearMondays(annee: number): string[] {
  const mondays: string[] = [];
  for (let d = mondayOf(`${annee}-09-01`); d <= `${annee + 1}-08-31`; d = addDays(d, 7)) mondays.push(d);
  return mondays;
}

const active = new Set<string>(ACTIVE_RESERVATION_STATES);

/** Pairs of bookings holding the same room at once (end at 18:00 and start at 18:00 do not clash). */
export function clashesOf(bookings: Reservation[]): [Reservation, Reservation][] {
  const held = bookings
    .filter((r) => active.has(r.etat))
    .sort((a, b) => a.heureDebut.localeCompare(b.heureDebut));
  const pairs: [Reservation, Reservation][] = [];
  held.forEach((a, i) => {
    for (const b of held.slice(i + 1)) {
      if (b.idSalle === a.idSalle && b.heureDebut < a.heureFin) pairs.push([a, b]);
    }
  });
  return pairs;
}

/** The year of `room`: twelve months from September, every day with its bookings, closure and clashes. */
export function yearGrid(
  annee: number,
  room: number,
  reservations: Reservation[],
  closures: Closure[],
): YearMonth[] {
  const byDay = new Map<string, Reservation[]>();
  for (const r of reservations) {
    if (r.idSalle !== room || r.etat === 'SU') continue;
    byDay.set(r.date, [...(byDay.get(r.date) ?? []), r]);
  }
  const closedOn = new Map(closures.map((c) => [c.date, c]));
  return Array.from({ length: 12 }, (_, i) => {
    const year = i < 4 ? annee : annee + 1;
    const month = `${year}-${String(((i + 8) % 12) + 1).padStart(2, '0')}`;
    const length = new Date(Date.UTC(year, ((i + 8) % 12) + 1, 0)).getUTCDate();
    const days = Array.from({ length }, (_, d) => {
      const date = `${month}-${String(d + 1).padStart(2, '0')}`;
      const bookings = (byDay.get(date) ?? []).sort((a, b) => a.heureDebut.localeCompare(b.heureDebut));
      return { date, bookings, closed: closedOn.get(date) ?? null, clashes: clashesOf(bookings) };
    });
    return { month, days };
  });
}
