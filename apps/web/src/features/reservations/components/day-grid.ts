/**
 * The geometry of the day view's grid: half-hour slots from the first start to the last end, each row
 * ROW_HEIGHT pixels under a 44-pixel room header.
 */
import { FIRST_START_MINUTES, LAST_END_MINUTES, type Reservation } from '@union/contract';

export const ROW_HEIGHT = 26;
export const SLOTS = Array.from(
  { length: (LAST_END_MINUTES - FIRST_START_MINUTES) / 30 },
  (_, i) => FIRST_START_MINUTES + i * 30,
);
export const top = (minutes: number) => ((minutes - FIRST_START_MINUTES) / 30) * ROW_HEIGHT + 44;

export interface Selection {
  roomId: number;
  debut: number;
  fin: number;
}

/** The slot the grid's one tab stop sits on. */
export interface Cursor {
  roomId: number;
  slot: number;
}

/** A reservation's « hh:mm » as minutes since midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** Whether [debut, fin) in the room is free of reservations. */
export const isFree = (reservations: Reservation[], roomId: number, debut: number, fin: number) =>
  !reservations.some(
    (r) => r.idSalle === roomId && minutesOf(r.heureDebut) < fin && minutesOf(r.heureFin) > debut,
  );
