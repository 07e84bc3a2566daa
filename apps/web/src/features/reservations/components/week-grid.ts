/**
 * The geometry of the week's time grid: each day's bookings in side-by-side lanes (the whole building
 * shows several rooms at once), and the order the arrow keys walk a day's column in: each half-hour's
 * cell, then the bookings that start in it.
 */
import type { Reservation } from '@union/contract';
import { SLOTS, minutesOf } from './day-grid';

export interface Placed {
  r: Reservation;
  lane: number;
  lanes: number;
}

/** A day's bookings in lanes: each takes the first lane free at its start; all share the day's count. */
export function placeDay(reservations: Reservation[]): Placed[] {
  const sorted = [...reservations].sort(
    (a, b) => a.heureDebut.localeCompare(b.heureDebut) || a.salle.localeCompare(b.salle, 'fr'),
  );
  const ends: number[] = [];
  const placed = sorted.map((r) => {
    let lane = ends.findIndex((end) => end <= minutesOf(r.heureDebut));
    if (lane < 0) lane = ends.length;
    ends[lane] = minutesOf(r.heureFin);
    return { r, lane, lanes: 0 };
  });
  return placed.map((p) => ({ ...p, lanes: Math.max(ends.length, 1) }));
}

/** One stop of the keyboard in a day's column: a half-hour's cell, or a booking starting in it. */
export interface Target {
  slot: number;
  id: number | null;
}

/** The slot a booking's block sits in: its start, or the first slot for one starting before the grid. */
export const startSlot = (r: Reservation) => {
  const start = minutesOf(r.heureDebut);
  return SLOTS.find((s) => s + 30 > start) ?? SLOTS[0]!;
};

export function columnTargets(placed: Placed[]): Target[] {
  return SLOTS.flatMap((slot) => [
    { slot, id: null },
    ...placed.filter((p) => startSlot(p.r) === slot).map((p) => ({ slot, id: p.r.id })),
  ]);
}

/** The DOM key of a stop, for the focus to find it. */
export const targetKey = (day: string, t: Target) => `${day}|${t.slot}|${t.id ?? 'cell'}`;
