/**
 * Moving and resizing a block of the week's time grid (issue 33): only a booking whose actions hold EDIT
 * (the server's word: one's own request, any booking for the staff) changes. It moves by Shift and the
 * arrows (half an hour, a day) or by a drag to a half-hour, the length kept and the open hours respected;
 * its end changes by Shift, Alt and Up or Down (one step of the grid), or by a drag of the handle on its
 * bottom edge, never before its start plus one step nor after the grid's last hour. Each opens its
 * modification request with the new day and hours filled (nothing changes until it is sent), and a live
 * region says the new hours.
 */
import { hhmmOf, type Reservation } from '@union/contract';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { weekDays } from '../api/dates';
import { ROW_HEIGHT, SLOTS, minutesOf } from './day-grid';

export type MoveTo = Pick<Reservation, 'date' | 'heureDebut' | 'heureFin'>;

/** The grid's step: a row is half an hour. */
export const STEP = 30;
const LAST_END = SLOTS[SLOTS.length - 1]! + STEP;

const SHIFTS: Record<string, [number, number]> = {
  ArrowUp: [0, -STEP],
  ArrowDown: [0, STEP],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** The keys that change a block's end (Shift, Alt and Up or Down: none of the screen readers' own). */
export const RESIZE_KEYS = 'Shift+Alt+ArrowUp Shift+Alt+ArrowDown';

/** An end between the start plus one step and the grid's last hour. */
const endWithin = (r: Reservation, fin: number) =>
  Math.min(Math.max(fin, minutesOf(r.heureDebut) + STEP), LAST_END);

interface Stretch {
  r: Reservation;
  /** Where the pointer went down. */
  y: number;
  fin: number;
}

export function useBlockMoves(monday: string, onMove?: (r: Reservation, to: MoveTo) => void) {
  const dragged = useRef<Reservation | null>(null);
  const stretch = useRef<Stretch | null>(null);
  /** A pointer resize just opened the request: the click that ends it must not also open the block. */
  const resized = useRef(false);
  const [preview, setPreview] = useState<{ id: number; fin: number } | null>(null);
  const [said, setSaid] = useState('');
  const movable = (r: Reservation) => onMove !== undefined && r.actions.includes('EDIT');

  function moveTo(r: Reservation, day: string, slot: number) {
    const length = minutesOf(r.heureFin) - minutesOf(r.heureDebut);
    const debut = Math.min(Math.max(slot, SLOTS[0]!), LAST_END - length);
    onMove?.(r, { date: day, heureDebut: hhmmOf(debut), heureFin: hhmmOf(debut + length) });
  }

  /** The request with the end `wanted` (kept within bounds), or the bound said when nothing changes. */
  function resizeTo(r: Reservation, wanted: number) {
    const fin = endWithin(r, wanted);
    if (fin === minutesOf(r.heureFin)) {
      return setSaid(
        wanted > fin
          ? `${r.heureDebut} à ${r.heureFin} : la réservation ne peut pas finir après ${hhmmOf(LAST_END)}.`
          : `${r.heureDebut} à ${r.heureFin} : la réservation dure au moins ${STEP} minutes.`,
      );
    }
    setSaid(`Nouveaux horaires : ${r.heureDebut} à ${hhmmOf(fin)}, dans la demande de modification.`);
    onMove?.(r, { date: r.date, heureDebut: r.heureDebut, heureFin: hhmmOf(fin) });
  }

  return {
    movable,
    /** What the live region says: the new hours of a block resized, or why its end stays. */
    said,
    /** A block's end as drawn: the pointer's while its handle is dragged, else its own. */
    endOf: (r: Reservation) => (preview?.id === r.id ? preview.fin : minutesOf(r.heureFin)),
    /** Shift and an arrow on a movable block: its request moved or resized; true when the key was taken. */
    onKey(event: KeyboardEvent<HTMLElement>, index: number, r: Reservation | undefined): boolean {
      const shift = SHIFTS[event.key];
      // With Alt, only Up and Down (the end); Left and Right stay the grid's (Alt + Left is « back »).
      if (!event.shiftKey || !shift || !r || !movable(r) || (event.altKey && shift[1] === 0)) return false;
      event.preventDefault();
      if (event.altKey) {
        resizeTo(r, minutesOf(r.heureFin) + shift[1]);
        return true;
      }
      const day = weekDays(monday)[Math.min(Math.max(index + shift[0], 0), 6)]!;
      moveTo(r, day, minutesOf(r.heureDebut) + shift[1]);
      return true;
    },
    drag: (r: Reservation) => {
      dragged.current = r;
    },
    /** What a drop on the half-hour `slot` of `day` does, when blocks may move at all. */
    dropOn: (day: string, slot: number) =>
      onMove &&
      (() => {
        if (dragged.current) moveTo(dragged.current, day, slot);
        dragged.current = null;
      }),
    /** The pointer handlers of a block's bottom handle: the end follows the pointer by whole steps. */
    handle: (r: Reservation) => ({
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture?.(event.pointerId);
        resized.current = false;
        stretch.current = { r, y: event.clientY, fin: minutesOf(r.heureFin) };
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const s = stretch.current;
        if (s?.r.id !== r.id) return;
        const steps = Math.round((event.clientY - s.y) / ROW_HEIGHT);
        const fin = endWithin(r, minutesOf(r.heureFin) + steps * STEP);
        if (fin === s.fin) return;
        s.fin = fin;
        setPreview({ id: r.id, fin });
        setSaid(`Fin à ${hhmmOf(fin)}`);
      },
      onPointerUp() {
        const s = stretch.current;
        stretch.current = null;
        setPreview(null);
        if (s?.r.id !== r.id || s.fin === minutesOf(r.heureFin)) return;
        resized.current = true;
        resizeTo(r, s.fin);
      },
      onPointerCancel() {
        stretch.current = null;
        setPreview(null);
      },
    }),
    /** Whether a click on a handle ends a resize (else it opens the block, as a click on it does). */
    endsResize: () => {
      const was = resized.current;
      resized.current = false;
      return was;
    },
  };
}

export type BlockMoves = ReturnType<typeof useBlockMoves>;
