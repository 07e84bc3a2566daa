/** The panel, the request form and the edit form of reservations, for every screen that shows them. */
import type { Reservation, ReservationInput, Week } from '@union/contract';
import { useState } from 'react';
import { useBookableEntities, useRooms } from '../api/reference';
import { ReservationForm, type FormTarget } from './ReservationForm';
import { ReservationPanel } from './ReservationPanel';

/** `gestion` is the server's word on whether the caller is Union staff (undefined while unknown). */
export function useReservationEditing(
  gestion: boolean | undefined,
  onFormClosed?: () => void,
  onPanelClosed?: () => void,
  /** The booking rules the week answered (notice, furthest day), said in the form. */
  regles?: Week['regles'],
) {
  const [openId, setOpenId] = useState<number | null>(null);
  const [form, setForm] = useState<FormTarget | null>(null);
  const rooms = useRooms();
  const entities = useBookableEntities(gestion);

  const edit = (r: Reservation) => {
    setOpenId(null);
    const { idSalle, idEntite, date, heureDebut, heureFin, type, libelle, participants, commentaire } = r;
    setForm({
      reservation: r,
      initial: { idSalle, idEntite, date, heureDebut, heureFin, type, libelle, participants, commentaire },
    });
  };

  /**
   * Moving a block (issue 33): the existing edit form (EDIT, the modification request) opens with the
   * new room, day and hours filled; nothing changes until it is sent. Only blocks whose actions hold EDIT
   * are offered to move (the server's word: one's own request, or any booking for the staff).
   */
  const move = (r: Reservation, to: Pick<Reservation, 'date' | 'heureDebut' | 'heureFin'>) => {
    edit(r);
    setForm((f) => f && { ...f, initial: { ...f.initial, ...to } });
  };

  const dialogs = (
    <>
      <ReservationPanel
        id={openId}
        onClose={() => {
          setOpenId(null);
          onPanelClosed?.();
        }}
        onEdit={edit}
      />
      <ReservationForm
        target={form}
        rooms={rooms.data ?? []}
        entities={entities.data ?? []}
        gestion={gestion === true}
        regles={regles}
        onClose={() => {
          setForm(null);
          onFormClosed?.();
        }}
      />
    </>
  );
  return {
    open: setOpenId,
    create: (initial: Partial<ReservationInput>) => setForm({ reservation: null, initial }),
    move,
    rooms,
    entities,
    dialogs,
  };
}
