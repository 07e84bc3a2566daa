/**
 * Changing the end of a block of the planning's time grids, week and day (issue 33): only a booking whose
 * actions hold EDIT (the server's word: one's own request, any booking for the staff) changes. Its end
 * moves by one step of the grid with Shift, Alt and Up or Down, or follows a drag of the handle on its
 * bottom edge by whole steps; it never comes before the start plus one step nor after the grid's last
 * hour. Either opens its modification request with the new hours (nothing changes until it is sent), and
 * a live region says them.
 */
import { hhmmOf, type Reservation } from '@union/contract';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ROW_HEIGHT, SLOTS, minutesOf } from './day-grid';

export type MoveTo = Pick<Reservation, 'date' | 'heureDebut' | 'heureFin'>;

/** The grid's step: a row is half an hour. */
export const STEP = 30;
export const LAST_END = SLOTS[SLOTS.length - 1]! + STEP;

/** The keys that change a block's end (Shift, Alt and Up or Down: none of the screen readers' own). */
export const RESIZE_KEYS = 'Shift+Alt+ArrowUp Shift+Alt+ArrowDown';
export const RESIZE_HINT = 'Maj, Alt et haut ou bas pour changer sa fin';

/** An end between the start plus one step and the grid's last hour. */
const endWithin = (r: Reservation, fin: number) =>
  Math.min(Math.max(fin, minutesOf(r.heureDebut) + STEP), LAST_END);

interface Stretch {
  r: Reservation;
  /** Where the pointer went down. */
  y: number;
  fin: number;
}

export function useBlockResize(onMove?: (r: Reservation, to: MoveTo) => void) {
  const stretch = useRef<Stretch | null>(null);
  /** A pointer resize just opened the request: the click that ends it must not also open the block. */
  const resized = useRef(false);
  const [preview, setPreview] = useState<{ id: number; fin: number } | null>(null);
  const [said, setSaid] = useState('');
  const resizable = (r: Reservation) => onMove !== undefined && r.actions.includes('EDIT');

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
    resizable,
    /** What the live region says: the new hours of a block resized, or why its end stays. */
    said,
    /** A block's end as drawn: the pointer's while its handle is dragged, else its own. */
    endOf: (r: Reservation) => (preview?.id === r.id ? preview.fin : minutesOf(r.heureFin)),
    /** Shift, Alt and Up or Down on a block one may change: its request resized; true when taken. */
    onKey(event: KeyboardEvent<HTMLElement>, r: Reservation | undefined): boolean {
      const step = { ArrowUp: -STEP, ArrowDown: STEP }[event.key];
      if (!event.shiftKey || !event.altKey || step === undefined || !r || !resizable(r)) return false;
      event.preventDefault();
      resizeTo(r, minutesOf(r.heureFin) + step);
      return true;
    },
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
        const fin = endWithin(
          r,
          minutesOf(r.heureFin) + Math.round((event.clientY - s.y) / ROW_HEIGHT) * STEP,
        );
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

export type BlockResize = ReturnType<typeof useBlockResize>;
