/**
 * One room's column of the day view: its header, its half-hour slot buttons (one of the grid's roving tab
 * stop at most) and its reservations as blocks that open them. A block one may change takes Shift, Alt and
 * Up or Down and has a handle on its bottom edge (hidden from screen readers, which have the keys): either
 * changes its end (useBlockResize).
 */
import { Text } from '@mantine/core';
import { ReservationState, hhmmOf, type Reservation, type Room } from '@union/contract';
import { Fragment, type KeyboardEvent } from 'react';
import './calendar.css';
import { blockStyle, type ColorMode } from './colors';
import { ROW_HEIGHT, SLOTS, isFree, minutesOf, top, type Cursor, type Selection } from './day-grid';
import { RESIZE_HINT, RESIZE_KEYS, type BlockResize } from './useBlockResize';

interface Props {
  room: Room;
  height: number;
  reservations: Reservation[];
  selection: Selection | null;
  /** Where the grid's one tab stop sits. */
  stop: Cursor | null;
  colorMode: ColorMode;
  isDisabled: (slot: number) => boolean;
  onSlotClick: (slot: number) => void;
  onSlotFocus: (slot: number) => void;
  onSlotKeyDown: (event: KeyboardEvent<HTMLButtonElement>, slot: number) => void;
  onOpen: (id: number) => void;
  /** Changing a block's end (its modification request). */
  resize: BlockResize;
}

export function DayRoomColumn({
  room,
  height,
  reservations,
  selection,
  stop,
  colorMode,
  isDisabled,
  onSlotClick,
  onSlotFocus,
  onSlotKeyDown,
  onOpen,
  resize,
}: Props) {
  return (
    <div className="day-room" data-room={room.id} style={{ height }}>
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
        const disabled = isDisabled(slot);
        const selected = selection?.roomId === room.id && slot >= selection.debut && slot < selection.fin;
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
            onClick={() => onSlotClick(slot)}
            onFocus={() => onSlotFocus(slot)}
            onKeyDown={(e) => onSlotKeyDown(e, slot)}
          />
        );
      })}
      {reservations
        .filter((r) => r.idSalle === room.id)
        .map((r) => {
          const debut = minutesOf(r.heureDebut);
          const fin = resize.endOf(r);
          const resizable = resize.resizable(r);
          return (
            <Fragment key={r.id}>
              <button
                type="button"
                className="day-block"
                style={{
                  ...blockStyle(r, colorMode),
                  top: top(debut) + 1,
                  height: ((fin - debut) / 30) * ROW_HEIGHT - 2,
                }}
                onClick={() => onOpen(r.id)}
                onKeyDown={(e) => resize.onKey(e, r)}
                aria-label={`${r.libelle ? `${r.libelle}, ` : ''}${r.entite}, ${r.heureDebut} à ${r.heureFin}, ${room.nom}`}
                aria-keyshortcuts={resizable ? RESIZE_KEYS : undefined}
                aria-description={resizable ? RESIZE_HINT : undefined}
              >
                <span>
                  <strong>
                    {r.heureDebut}–{hhmmOf(fin)}
                  </strong>{' '}
                  {r.entite}
                </span>
                {r.libelle !== undefined && <span>{r.libelle}</span>}
                {r.etat !== 'CR' && <em>{ReservationState.labels[r.etat]}</em>}
              </button>
              {resizable && (
                <span
                  className="block-resize"
                  data-resize={r.id}
                  aria-hidden
                  title="Tirer pour changer la fin"
                  style={{ top: top(fin), left: 3, right: 3 }}
                  {...resize.handle(r)}
                  onClick={() => resize.endsResize() || onOpen(r.id)}
                />
              )}
            </Fragment>
          );
        })}
    </div>
  );
}
