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
    rooms,
    entities,
    dialogs,
  };
}
