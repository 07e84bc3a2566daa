/** Reservation rows → contract DTOs, with the actions the caller may take now. */
import {
  frenchDay,
  ReservationAction,
  hhmmOf,
  type HistoryEntry,
  type Reservation,
  type ReservationDetail,
} from '@union/contract';
import type { Describe } from '../audit/audit';
import { parisNow } from '../../lib/dates';
import { allowedActions } from '../../lib/policy';
import { reservationMachine } from './machine';
import { may, seesWhole, type PlanningContext } from './policy';
import type { ReservationRow } from './repository';

/**
 * A booking as the caller may see it. For another lodge (`seesWhole` false) the answer holds only the
 * lodge, the room, the time and the state: label, type, attendance, comment, requester and refusal reason
 * are left out of the JSON, not blanked, so no screen can show them by mistake.
 */
export function presentReservation(ctx: PlanningContext, row: ReservationRow): Reservation {
  const r = row.reservation;
  const slot = {
    id: r.id,
    idSalle: r.roomId,
    salle: row.salle,
    couleurSalle: row.couleurSalle,
    idEntite: r.entityId,
    entite: row.entite,
    date: r.jour,
    heureDebut: hhmmOf(r.debut),
    heureFin: hhmmOf(r.fin),
    etat: r.etat,
    idPlanning: r.planningEntryId,
    actions: allowedActions(reservationMachine, r.etat, (a) => may(ctx, a, r)),
  };
  if (!seesWhole(ctx, r)) return slot;
  return {
    ...slot,
    type: r.type,
    libelle: r.libelle,
    participants: r.participants,
    commentaire: r.commentaire,
    demandeur:
      row.demandeurId === null
        ? null
        : { id: row.demandeurId, nom: row.demandeurNom ?? '', prenom: row.demandeurPrenom ?? '' },
    motifRefus: r.motifRefus,
  };
}

/** What each history entry says happened, before « par … le … ». */
const HISTORY_PHRASES: Record<string, string> = {
  CREATE_REQUEST: 'Demande faite',
  CREATE_CONFIRMED: 'Réservation enregistrée',
  PLANNING_GENERATE: 'Créée par le planning annuel',
  PLANNING_REMOVE: 'Retirée du planning annuel',
  CANCEL_CREATION: 'Demande annulée',
  ACCEPT_CREATION: 'Demande acceptée',
  REFUSE_CREATION: 'Demande refusée',
  EDIT: 'Réservation modifiée',
  ASK_DELETION: 'Suppression demandée',
  CANCEL_DELETION: 'Demande de suppression annulée',
  ACCEPT_DELETION: 'Suppression acceptée',
  REFUSE_DELETION: 'Suppression refusée',
  DELETE: 'Réservation supprimée',
};

/** The fields an EDIT records as changed (`details.champs`), as the history names them. */
export const EDITED_FIELD_LABELS: Record<string, string> = {
  salle: 'salle',
  entite: 'loge ou association',
  date: 'date',
  horaires: 'horaires',
  type: 'type',
  libelle: 'libellé',
  participants: 'participants attendus',
  commentaire: 'commentaire',
};

/** « 3 mars 2026 à 14:05 », « 1er juillet 2026 à 10:30 » (Paris). */
function when(at: Date): string {
  const { day, time } = parisNow(at);
  return `${frenchDay(day)} à ${time}`;
}

/**
 * What a reservation's history entry says, in one sentence: « Demande acceptée par Sophie Secrétan le
 * 3 mars 2026 à 14:05 », the changed fields of an EDIT after it; the reason apart (`motif`).
 */
export const describeReservationEntry: Describe = ({ action, details, createdAt, auteur }) => {
  const phrase = HISTORY_PHRASES[action] ?? ReservationAction.labels[action as ReservationAction] ?? action;
  // The planning's reservations are made by the rule; its author is whoever saved the entry.
  const by = auteur
    ? action === 'PLANNING_GENERATE'
      ? ` (entrée enregistrée par ${auteur})`
      : ` par ${auteur}`
    : '';
  const champs = ((details.champs ?? []) as string[]).map((c) => EDITED_FIELD_LABELS[c] ?? c);
  return {
    libelle: `${phrase}${by} le ${when(createdAt)}${champs.length > 0 ? ` : ${champs.join(', ')}` : ''}`,
    motif: typeof details.motif === 'string' ? details.motif : null,
  };
};

export const presentDetail = (
  ctx: PlanningContext,
  row: ReservationRow,
  historique: HistoryEntry[],
): ReservationDetail => ({
  ...presentReservation(ctx, row),
  // The history names who asked and who decided: another lodge does not read it.
  historique: seesWhole(ctx, row.reservation) ? historique : [],
});
