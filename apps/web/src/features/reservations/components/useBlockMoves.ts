/**
 * Moving and resizing a block of the week's time grid (issue 33): only a booking whose actions hold EDIT
 * (the server's word: one's own request, any booking for the staff) changes. It moves by Shift and the
 * arrows (half an hour, a day) or by a drag to a half-hour, the length kept and the open hours respected;
 * its end changes as useBlockResize says. Each opens its modification request with the new day and hours
 * filled (nothing changes until it is sent).
 */
import { hhmmOf, type Reservation } from '@union/contract';
import { useRef, type KeyboardEvent } from 'react';
import { weekDays } from '../api/dates';
import { SLOTS, minutesOf } from './day-grid';
import { LAST_END, STEP, useBlockResize, type MoveTo } from './useBlockResize';

export type { MoveTo } from './useBlockResize';

const SHIFTS: Record<string, [number, number]> = {
  ArrowUp: [0, -STEP],
  ArrowDown: [0, STEP],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export function useBlockMoves(monday: string, onMove?: (r: Reservation, to: MoveTo) => void) {
  const dragged = useRef<Reservation | null>(null);
  const resize = useBlockResize(onMove);
  const movable = resize.resizable;

  function moveTo(r: Reservation, day: string, slot: number) {
    const length = minutesOf(r.heureFin) - minutesOf(r.heureDebut);
    const debut = Math.min(Math.max(slot, SLOTS[0]!), LAST_END - length);
    onMove?.(r, { date: day, heureDebut: hhmmOf(debut), heureFin: hhmmOf(debut + length) });
  }

  return {
    ...resize,
    movable,
    /**
     * Shift and an arrow on a movable block: its request moved, or with Alt and Up or Down resized; true
     * when the key was taken. With Alt, Left and Right stay the grid's (Alt + Left is the browser's « back »).
     */
    onKey(event: KeyboardEvent<HTMLElement>, index: number, r: Reservation | undefined): boolean {
      if (event.altKey) return resize.onKey(event, r);
      const shift = SHIFTS[event.key];
      if (!event.shiftKey || !shift || !r || !movable(r)) return false;
      event.preventDefault();
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
  };
}

export type BlockMoves = ReturnType<typeof useBlockMoves>;
