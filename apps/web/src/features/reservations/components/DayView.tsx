/**
 * The day view: rooms as columns, half-hour rows from 08:00 to 23:00 (hours 9 to 23 labelled). Free slots
 * are buttons: a first click selects a half-hour, a click further down the same room extends it.
 *
 * Keyboard: the slots are one tab stop (a roving tabindex); the arrows move between half-hours and rooms,
 * Home and End go to the first and last half-hour, Enter or Space choose. The next Tab leaves the grid,
 * so the action bar that follows it is a few presses away rather than a hundred.
 */
import { Alert, NativeSelect, Text } from '@mantine/core';
import {
  ReservationState,
  FIRST_START_MINUTES,
  LAST_END_MINUTES,
  PLANNING_HOURS,
  type Closure,
  type Reservation,
  type Room,
  hhmmOf,
} from '@union/contract';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { blockStyle, type ColorMode } from './colors';
import './planning.css';

const ROW_HEIGHT = 26;
const SLOTS = Array.from(
  { length: (LAST_END_MINUTES - FIRST_START_MINUTES) / 30 },
  (_, i) => FIRST_START_MINUTES + i * 30,
);
const top = (minutes: number) => ((minutes - FIRST_START_MINUTES) / 30) * ROW_HEIGHT + 44;

export interface Selection {
  roomId: number;
  debut: number;
  fin: number;
}

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
}

/** Whether [debut, fin) in the room is free of reservations. */
const isFree = (reservations: Reservation[], roomId: number, debut: number, fin: number) =>
  !reservations.some(
    (r) =>
      r.idSalle === roomId &&
      Number(r.heureDebut.slice(0, 2)) * 60 + Number(r.heureDebut.slice(3)) < fin &&
      Number(r.heureFin.slice(0, 2)) * 60 + Number(r.heureFin.slice(3)) > debut,
  );

/** The slot the grid's one tab stop sits on. */
interface Cursor {
  roomId: number;
  slot: number;
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
}: Props) {
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [shownRoom, setShownRoom] = useState<number | null>(null);

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

  // Keeps the phone's room switcher on the room scrolled into view.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const onScroll = () => {
      const columns = [...scroller.querySelectorAll<HTMLElement>('.day-room')];
      const visible = columns.find((c) => c.offsetLeft + c.offsetWidth / 2 >= scroller.scrollLeft + 52);
      if (visible) setShownRoom(Number(visible.dataset.room));
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [rooms.length]);

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

  function showRoom(roomId: number) {
    setShownRoom(roomId);
    const scroller = scrollRef.current;
    const column = scroller?.querySelector<HTMLElement>(`.day-room[data-room="${roomId}"]`);
    if (scroller && column) scroller.scrollTo({ left: column.offsetLeft - 52, behavior: 'smooth' });
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
            <div key={room.id} className="day-room" data-room={room.id} style={{ height }}>
              <div className="day-head" style={{ borderTop: `4px solid ${room.couleur}` }}>
                <Text size="sm" fw={600} truncate="end" title={room.nom}>
                  {room.nom}
                </Text>
                <Text size="xs" c="dimmed">
                  {room.active ? `${room.capacite} places` : 'Fermée à la réservation'}
                </Text>
              </div>
              {SLOTS.map((slot) => {
                const free = isFree(reservations, room.id, slot, slot + 30);
                const disabled = isDisabled(room, slot);
                const selected =
                  selection?.roomId === room.id && slot >= selection.debut && slot < selection.fin;
                return (
                  <button
                    key={slot}
                    type="button"
                    className={`day-slot${slot % 60 === 0 ? ' on-hour' : ''}${selected ? ' selected' : ''}`}
                    style={{ top: top(slot), height: ROW_HEIGHT }}
                    data-room={room.id}
                    data-slot={slot}
                    // Focusable even when it cannot be chosen, so the arrows can cross it.
                    aria-disabled={disabled || undefined}
                    tabIndex={stop?.roomId === room.id && stop.slot === slot ? 0 : -1}
                    aria-pressed={selected}
                    aria-label={`${room.nom}, ${hhmmOf(slot)} à ${hhmmOf(slot + 30)}${free ? '' : ', réservé'}`}
                    onClick={() => clickSlot(room, slot)}
                    onFocus={() => setCursor({ roomId: room.id, slot })}
                    onKeyDown={(e) => onKeyDown(e, roomIndex, slot)}
                  />
                );
              })}
              {reservations
                .filter((r) => r.idSalle === room.id)
                .map((r) => {
                  const debut = Number(r.heureDebut.slice(0, 2)) * 60 + Number(r.heureDebut.slice(3));
                  const fin = Number(r.heureFin.slice(0, 2)) * 60 + Number(r.heureFin.slice(3));
                  return (
                    <button
                      key={r.id}
                      type="button"
                      className="day-block"
                      style={{
                        ...blockStyle(r, colorMode),
                        top: top(debut) + 1,
                        height: ((fin - debut) / 30) * ROW_HEIGHT - 2,
                      }}
                      onClick={() => onOpen(r.id)}
                      aria-label={`${r.libelle ? `${r.libelle}, ` : ''}${r.entite}, ${r.heureDebut} à ${r.heureFin}, ${room.nom}`}
                    >
                      <span>
                        <strong>
                          {r.heureDebut}–{r.heureFin}
                        </strong>{' '}
                        {r.entite}
                      </span>
                      {r.libelle !== undefined && <span>{r.libelle}</span>}
                      {r.etat !== 'CR' && <em>{ReservationState.labels[r.etat]}</em>}
                    </button>
                  );
                })}
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
