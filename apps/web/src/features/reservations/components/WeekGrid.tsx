/**
 * The week as a time grid (an ARIA grid): hours down, the seven days across, each booking a block as tall
 * as it lasts, free time left white. A free half-hour books with a click, Enter or Space: the request form
 * opens with the room, the day and the hours filled.
 *
 * Keyboard: one tab stop (a roving tabindex). Up and Down walk a day's column: each half-hour, then the
 * bookings that start in it; Left and Right go to the same half-hour of the day before or after; Home and
 * End to the column's first and last half-hour. A block one may change (EDIT among its actions) moves
 * with Shift and the arrows (half an hour, a day) or is dragged to a half-hour, and its end changes with
 * Shift, Alt and Up or Down or a drag of its bottom handle: each opens its modification request with the
 * new day and hours filled, and a live region after the grid says the new hours.
 */
import { hhmmOf, type Closure, type Reservation, type ReservationInput, type Room } from '@union/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { capitalized, shortDate, todayIso, weekDays } from '../api/dates';
import type { ColorMode } from './colors';
import { SLOTS, isFree } from './day-grid';
import { useBlockMoves, type MoveTo } from './useBlockMoves';
import { WeekGridCell } from './WeekGridCell';
import { columnTargets, placeDay, startSlot, targetKey, type Target } from './week-grid';
import './calendar.css';

interface Props {
  monday: string;
  reservations: Reservation[];
  closures: Closure[];
  /** The rooms a free half-hour may be booked in: the one chosen, or every open one. */
  rooms: Room[];
  colorMode: ColorMode;
  /** Minutes from which a day may still be booked by the caller (null: not at all). */
  selectableFrom: (day: string) => number | null;
  onOpen: (id: number) => void;
  onOpenDay: (day: string) => void;
  onCreate: (initial: Partial<ReservationInput>) => void;
  /** Opens the modification request of a block moved (the keyboard's Shift + arrows, or a drag). */
  onMove?: (r: Reservation, to: MoveTo) => void;
  /** The week shown is still being read: `aria-busy`, so a screen reader does not call it empty. */
  busy?: boolean;
}

export function WeekGrid(props: Props) {
  const { monday, reservations, closures, rooms, colorMode } = props;
  const moves = useBlockMoves(monday, props.onMove);
  const today = todayIso();
  const gridRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const days = weekDays(monday).map((day) => {
    const items = reservations.filter((r) => r.date === day);
    const placed = placeDay(items);
    return {
      day,
      items,
      placed,
      targets: columnTargets(placed),
      closure: closures.find((c) => c.date === day),
    };
  });

  /** The room a half-hour books in (the first free for an hour, else for half an hour), or none. */
  function bookable(index: number, slot: number): { room: Room; fin: number } | null {
    const { day, items, closure } = days[index]!;
    const from = props.selectableFrom(day);
    if (closure || from === null || slot < from) return null;
    for (const fin of [slot + 60, slot + 30]) {
      const room = rooms.find((r) => fin <= SLOTS[SLOTS.length - 1]! + 30 && isFree(items, r.id, slot, fin));
      if (room) return { room, fin };
    }
    return null;
  }

  function book(index: number, slot: number) {
    const free = bookable(index, slot);
    if (!free) return;
    props.onCreate({
      idSalle: free.room.id,
      date: days[index]!.day,
      heureDebut: hhmmOf(slot),
      heureFin: hhmmOf(free.fin),
    });
  }

  const allKeys = days.flatMap((d) => d.targets.map((t) => targetKey(d.day, t)));
  const firstFree = days.flatMap((d, i) =>
    SLOTS.filter((s) => bookable(i, s)).map((s) => targetKey(d.day, { slot: s, id: null })),
  )[0];
  const stop = (cursor && allKeys.includes(cursor) ? cursor : null) ?? firstFree ?? allKeys[0]!;

  function onKeyDown(event: KeyboardEvent<HTMLElement>, index: number, target: Target) {
    if (target.id === null && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      return book(index, target.slot);
    }
    const block = target.id === null ? undefined : days[index]!.items.find((r) => r.id === target.id);
    if (moves.onKey(event, index, block)) return;
    const { targets } = days[index]!;
    const pos = targets.findIndex((t) => t.slot === target.slot && t.id === target.id);
    const steps: Record<string, () => [number, Target]> = {
      ArrowUp: () => [index, targets[Math.max(pos - 1, 0)]!],
      ArrowDown: () => [index, targets[Math.min(pos + 1, targets.length - 1)]!],
      ArrowLeft: () => [Math.max(index - 1, 0), { slot: target.slot, id: null }],
      ArrowRight: () => [Math.min(index + 1, 6), { slot: target.slot, id: null }],
      Home: () => [index, targets[0]!],
      End: () => [index, { slot: SLOTS[SLOTS.length - 1]!, id: null }],
    };
    const move = steps[event.key];
    if (!move) return;
    event.preventDefault();
    const [to, next] = move();
    const key = targetKey(days[to]!.day, next);
    setCursor(key);
    gridRef.current?.querySelector<HTMLElement>(`[data-target="${key}"]`)?.focus();
  }

  function cellLabel(index: number, slot: number) {
    const { day, items, closure } = days[index]!;
    const when = `${capitalized(shortDate(day))}, ${hhmmOf(slot)} à ${hhmmOf(slot + 30)}`;
    if (closure) return `${when}, fermé`;
    const free = rooms.filter((r) => isFree(items, r.id, slot, slot + 30));
    const state =
      free.length === 0
        ? 'occupé'
        : rooms.length === 1
          ? 'libre'
          : `libre dans ${free.length} salle${free.length > 1 ? 's' : ''}`;
    const past =
      props.selectableFrom(day) === null || slot < props.selectableFrom(day)! ? ', non réservable' : '';
    return `${when}, ${state}${past}`;
  }

  return (
    <>
      <div
        ref={gridRef}
        role="grid"
        className="week-grid"
        aria-label={`Semaine du ${shortDate(monday)}, une colonne par jour`}
        aria-busy={props.busy || undefined}
      >
        <div role="row" className="week-grid-row">
          <div role="columnheader" className="week-corner">
            <span className="cal-sr">Heure</span>
          </div>
          {days.map(({ day, closure }) => (
            <div key={day} role="columnheader" className={`week-head${day === today ? ' today' : ''}`}>
              <button type="button" className="week-day" onClick={() => props.onOpenDay(day)}>
                {capitalized(shortDate(day))}
                {day === today && <span className="cal-sr">, aujourd’hui</span>}
              </button>
              {closure && <span className="week-closed">Fermé : {closure.motif}</span>}
            </div>
          ))}
        </div>
        {SLOTS.map((slot) => (
          <div key={slot} role="row" className="week-grid-row">
            <div role="rowheader" className="week-hour">
              {slot % 60 === 0 ? `${slot / 60} h` : <span className="cal-sr">{hhmmOf(slot)}</span>}
            </div>
            {days.map(({ day, placed, closure }, index) => (
              <WeekGridCell
                key={day}
                day={day}
                slot={slot}
                blocks={placed.filter((p) => startSlot(p.r) === slot)}
                label={cellLabel(index, slot)}
                disabled={!bookable(index, slot)}
                closed={closure !== undefined}
                stop={stop}
                colorMode={colorMode}
                onBook={() => book(index, slot)}
                onOpen={props.onOpen}
                moves={moves}
                onDropHere={moves.dropOn(day, slot)}
                onFocusTarget={(t) => setCursor(targetKey(day, t))}
                onKeyDown={(e, t) => onKeyDown(e, index, t)}
              />
            ))}
          </div>
        ))}
      </div>
      <div className="cal-sr" aria-live="polite">
        {moves.said}
      </div>
    </>
  );
}
