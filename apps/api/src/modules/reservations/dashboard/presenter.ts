/** Shapes the Union staff's dashboard (pure): the season's months, each room's occupancy and heat map row. */
import { hhmmOf, type RoomOccupancy, type WaitingRequest } from '@union/contract';

/** A room can be booked from 8:00 to 23:00: 900 minutes a day, the measure of its occupancy. */
export const OPEN_MINUTES_PER_DAY = 900;

/** The twelve months (yyyy-mm) of the Masonic year starting in September of `annee`. */
export function seasonMonths(annee: number): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((8 + i) % 12) + 1;
    return `${month >= 9 ? annee : annee + 1}-${String(month).padStart(2, '0')}`;
  });
}

const daysInMonth = (mois: string) => {
  const [y, m] = mois.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** Percent to one decimal: 0.4 % says more than 0 about a room little used. */
export const rate = (minutes: number, capacity: number) =>
  capacity > 0 ? Math.round((1000 * minutes) / capacity) / 10 : 0;

interface Facts {
  annee: number;
  rooms: { id: number; nom: string; active: boolean }[];
  minutes: { roomId: number; mois: string; minutes: number }[];
  weekdays: { roomId: number; jour: number; nombre: number }[];
  closed: { mois: string; jours: number }[];
}

/**
 * Each active room, and each retired one that still holds bookings in the season: its minutes and rate
 * per month (of the days not closed) and over the season, its bookings per weekday (Monday first).
 */
export function presentOccupancy({ annee, rooms, minutes, weekdays, closed }: Facts): RoomOccupancy[] {
  const months = seasonMonths(annee);
  const closedOf = new Map(closed.map((c) => [c.mois, c.jours]));
  const capacityOf = new Map(
    months.map((m) => [m, (daysInMonth(m) - (closedOf.get(m) ?? 0)) * OPEN_MINUTES_PER_DAY]),
  );
  const seasonCapacity = [...capacityOf.values()].reduce((a, b) => a + b, 0);
  return rooms
    .filter((room) => room.active || minutes.some((m) => m.roomId === room.id))
    .map((room) => {
      const mine = new Map(minutes.filter((m) => m.roomId === room.id).map((m) => [m.mois, m.minutes]));
      const total = [...mine.values()].reduce((a, b) => a + b, 0);
      const jours = [1, 2, 3, 4, 5, 6, 7].map(
        (d) => weekdays.find((w) => w.roomId === room.id && w.jour === d)?.nombre ?? 0,
      );
      return {
        id: room.id,
        nom: room.nom,
        minutes: total,
        taux: rate(total, seasonCapacity),
        mois: months.map((mois) => ({
          mois,
          minutes: mine.get(mois) ?? 0,
          taux: rate(mine.get(mois) ?? 0, capacityOf.get(mois) ?? 0),
        })),
        jours,
      };
    });
}

type WaitingRow = Omit<WaitingRequest, 'debut' | 'fin' | 'etat'> & {
  etat: string;
  debut: number;
  fin: number;
  /** How many wait in all (the repository's window count), not part of the answer's row. */
  total: number;
};

export const presentWaiting = ({ total: _total, ...row }: WaitingRow): WaitingRequest => ({
  ...row,
  etat: row.etat === 'DS' ? 'DS' : 'DC',
  debut: hhmmOf(row.debut),
  fin: hhmmOf(row.fin),
});
