/**
 * The day view: rooms as columns, half-hour rows from 08:00 to 23:00 (hours 9 to 23 labelled). Free slots
 * are buttons: a first click selects a half-hour, a click further down the same room extends it.
 */
import { Alert, Text } from '@mantine/core';
import {
  ReservationState,
  FIRST_START_MINUTES,
  LAST_END_MINUTES,
  PLANNING_HOURS,
  type Closure,
  type Reservation,
  type Room,
} from '@union/contract';
import { IconLock } from '@tabler/icons-react';
import { hhmm } from '../api/dates';
import { blockStyle, type ColorMode } from './colors';
import './planning.css';

export const ROW_HEIGHT = 26;
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
  if (rooms.length === 0) {
    return <Alert color="gray">Aucune salle n’est ouverte à la réservation.</Alert>;
  }

  function clickSlot(roomId: number, slot: number) {
    if (selection && selection.roomId === roomId && slot >= selection.debut) {
      if (slot < selection.fin) return onSelect(null);
      if (isFree(reservations, roomId, selection.debut, slot + 30)) {
        return onSelect({ ...selection, fin: slot + 30 });
      }
    }
    onSelect({ roomId, debut: slot, fin: slot + 30 });
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
      <div className="day-scroll" role="region" aria-label="Planning du jour, une colonne par salle">
        <div className="day-grid">
          <div className="day-time" style={{ height }} aria-hidden>
            <div style={{ height: 44 }} />
            {PLANNING_HOURS.map((h) => (
              <span key={h} className="day-label" style={{ top: top(h * 60) }}>
                {h} h
              </span>
            ))}
          </div>
          {rooms.map((room) => (
            <div key={room.id} className="day-room" style={{ height }}>
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
                const disabled =
                  closure !== undefined ||
                  !room.active ||
                  selectableFrom === null ||
                  slot < selectableFrom ||
                  !free;
                const selected =
                  selection?.roomId === room.id && slot >= selection.debut && slot < selection.fin;
                return (
                  <button
                    key={slot}
                    type="button"
                    className={`day-slot${slot % 60 === 0 ? ' on-hour' : ''}${selected ? ' selected' : ''}`}
                    style={{ top: top(slot), height: ROW_HEIGHT }}
                    disabled={disabled}
                    aria-pressed={selected}
                    aria-label={`${room.nom}, ${hhmm(slot)} à ${hhmm(slot + 30)}${free ? '' : ', réservé'}`}
                    onClick={() => clickSlot(room.id, slot)}
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
                      aria-label={`${r.libelle}, ${r.entite}, ${r.heureDebut} à ${r.heureFin}, ${room.nom}`}
                    >
                      <span>
                        <strong>
                          {r.heureDebut}–{r.heureFin}
                        </strong>{' '}
                        {r.entite}
                      </span>
                      <span>{r.libelle}</span>
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
