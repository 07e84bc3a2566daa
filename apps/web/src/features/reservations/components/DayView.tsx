/**
 * The day view: rooms as columns, half-hour rows from 08:00 to 23:00 (hours 9 to 23 labelled). Free slots
 * are buttons: a first click selects a half-hour, a click further down the same room extends it.
 *
 * Keyboard: the slots are one tab stop (a roving tabindex); the arrows move between half-hours and rooms,
 * Home and End go to the first and last half-hour, Enter or Space choose. The next Tab leaves the grid,
 * so the action bar that follows it is a few presses away rather than a hundred. A block one may change
 * has its end changed by Shift, Alt and Up or Down or by its bottom handle (useBlockResize), which opens
 * its modification request; a live region after the grid says the new hours.
 */
import { Alert, NativeSelect } from '@mantine/core';
import { PLANNING_HOURS, type Closure, type Reservation, type Room } from '@union/contract';
import { IconLock } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ColorMode } from './colors';
import { DayRoomColumn } from './DayRoomColumn';
import { ROW_HEIGHT, SLOTS, isFree, top, type Cursor, type Selection } from './day-grid';
import { useBlockResize, type MoveTo } from './useBlockResize';
import { useRoomSwitcher } from './useRoomSwitcher';
import './planning.css';

export type { Selection } from './day-grid';

interface Props {
  rooms: Room[];
  reservations: Reservation[];
  closure: Closure | undefined;
  /** Minutes from which slots may be selected today (null: the whole day is past or not bookable). */
  selectableFrom: number | null;
  selection: Selection | null;
  colorMode: ColorMode;
  onSelect: (selection: Selection | null) => void;
  onOpen: (id: number) => void;
  /** Opens the modification request of a block whose end changed (the keys or the handle). */
  onMove?: (r: Reservation, to: MoveTo) => void;
}

export function DayView({
  rooms,
  reservations,
  closure,
  selectableFrom,
  selection,
  colorMode,
  onSelect,
  onOpen,
  onMove,
}: Props) {
  const gridRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const { scrollRef, shownRoom, showRoom } = useRoomSwitcher(rooms.length);
  const resize = useBlockResize(onMove);

  const isDisabled = (room: Room, slot: number) =>
    closure !== undefined ||
    !room.active ||
    selectableFrom === null ||
    slot < selectableFrom ||
    !isFree(reservations, room.id, slot, slot + 30);

  // Where the tab stop sits: the cursor if still in a shown room, else the selection, else the first
  // slot that can be chosen, else the first slot.
  const firstChoosable = (() => {
    for (const room of rooms) {
      const slot = SLOTS.find((s) => !isDisabled(room, s));
      if (slot !== undefined) return { roomId: room.id, slot };
    }
    return rooms[0] ? { roomId: rooms[0].id, slot: SLOTS[0]! } : null;
  })();
  const stop: Cursor | null =
    (cursor && rooms.some((r) => r.id === cursor.roomId) ? cursor : null) ??
    (selection ? { roomId: selection.roomId, slot: selection.debut } : null) ??
    firstChoosable;

  if (rooms.length === 0) {
    return <Alert color="gray">Aucune salle n’est ouverte à la réservation.</Alert>;
  }

  function clickSlot(room: Room, slot: number) {
    setCursor({ roomId: room.id, slot });
    if (isDisabled(room, slot)) return;
    const roomId = room.id;
    if (selection && selection.roomId === roomId && slot >= selection.debut) {
      if (slot < selection.fin) return onSelect(null);
      if (isFree(reservations, roomId, selection.debut, slot + 30)) {
        return onSelect({ ...selection, fin: slot + 30 });
      }
    }
    onSelect({ roomId, debut: slot, fin: slot + 30 });
  }

  function focusSlot(roomId: number, slot: number) {
    setCursor({ roomId, slot });
    gridRef.current
      ?.querySelector<HTMLButtonElement>(`.day-slot[data-room="${roomId}"][data-slot="${slot}"]`)
      ?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, roomIndex: number, slot: number) {
    const room = rooms[roomIndex]!;
    const index = SLOTS.indexOf(slot);
    const moves: Record<string, () => [number, number] | null> = {
      ArrowUp: () => (index > 0 ? [roomIndex, SLOTS[index - 1]!] : null),
      ArrowDown: () => (index < SLOTS.length - 1 ? [roomIndex, SLOTS[index + 1]!] : null),
      ArrowLeft: () => (roomIndex > 0 ? [roomIndex - 1, slot] : null),
      ArrowRight: () => (roomIndex < rooms.length - 1 ? [roomIndex + 1, slot] : null),
      Home: () => [roomIndex, SLOTS[0]!],
      End: () => [roomIndex, SLOTS[SLOTS.length - 1]!],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const target = move();
    if (target) focusSlot(rooms[target[0]]!.id, target[1]);
    else focusSlot(room.id, slot);
  }

  // Room for the last label (23 h) under the grid's bottom line.
  const height = SLOTS.length * ROW_HEIGHT + 44 + 12;
  return (
    <>
      {closure && (
        <Alert color="red" variant="light" icon={<IconLock />} mb="sm" title="Bâtiment fermé">
          {closure.motif}
        </Alert>
      )}
      {rooms.length > 1 && (
        <NativeSelect
          // On a phone one room fills the screen: the switcher says which and reaches the others.
          hiddenFrom="sm"
          label="Salle affichée"
          value={String(shownRoom ?? rooms[0]!.id)}
          onChange={(e) => showRoom(Number(e.currentTarget.value))}
          data={rooms.map((r) => ({ value: String(r.id), label: r.nom }))}
          mb="xs"
        />
      )}
      <div
        ref={scrollRef}
        className="day-scroll"
        role="region"
        aria-label="Planning du jour, une colonne par salle"
      >
        <div className="day-grid" ref={gridRef}>
          <div className="day-time" style={{ height }} aria-hidden>
            <div style={{ height: 44 }} />
            {PLANNING_HOURS.map((h) => (
              <span key={h} className="day-label" style={{ top: top(h * 60) }}>
                {h} h
              </span>
            ))}
          </div>
          {rooms.map((room, roomIndex) => (
            <DayRoomColumn
              key={room.id}
              room={room}
              height={height}
              reservations={reservations}
              selection={selection}
              stop={stop}
              colorMode={colorMode}
              isDisabled={(slot) => isDisabled(room, slot)}
              onSlotClick={(slot) => clickSlot(room, slot)}
              onSlotFocus={(slot) => setCursor({ roomId: room.id, slot })}
              onSlotKeyDown={(event, slot) => onKeyDown(event, roomIndex, slot)}
              onOpen={onOpen}
              resize={resize}
            />
          ))}
        </div>
      </div>
      <div className="cal-sr" aria-live="polite">
        {resize.said}
      </div>
    </>
  );
}
