/** The French e-mails of the reservation workflow: to the requester and to the Union staff. */
import { PAGES, ReservationType, hhmmOf } from '@union/contract';
import type { NewEmail } from '../mail/repository';
import { frenchDate } from '../../lib/dates';
import type { ReservationRow } from './repository';

const SIGNATURE =
  "\n\n--\nIntranet de l'Union\nCe message est envoyé automatiquement, merci de ne pas y répondre.";

export type ReservationEvent =
  | 'CREATE_REQUEST'
  | 'ACCEPT_CREATION'
  | 'REFUSE_CREATION'
  | 'ASK_DELETION'
  | 'ACCEPT_DELETION'
  | 'REFUSE_DELETION'
  | 'DELETE';

const SUBJECTS: Record<ReservationEvent, string> = {
  CREATE_REQUEST: 'Nouvelle demande de réservation',
  ACCEPT_CREATION: 'Réservation acceptée',
  REFUSE_CREATION: 'Demande de réservation refusée',
  ASK_DELETION: 'Demande de suppression de réservation',
  ACCEPT_DELETION: 'Suppression de réservation acceptée',
  REFUSE_DELETION: 'Suppression de réservation refusée',
  DELETE: 'Réservation supprimée',
};

const INTROS: Record<ReservationEvent, string> = {
  CREATE_REQUEST:
    'Une demande de réservation vient d’être faite. Elle attend la décision du secrétariat de l’Union.',
  ACCEPT_CREATION: 'La demande de réservation ci-dessous est acceptée : la salle est réservée.',
  REFUSE_CREATION: 'La demande de réservation ci-dessous est refusée.',
  ASK_DELETION:
    'La suppression de la réservation ci-dessous est demandée. Elle attend la décision du secrétariat de l’Union.',
  ACCEPT_DELETION: 'La réservation ci-dessous est supprimée : la salle est libérée.',
  REFUSE_DELETION: 'La demande de suppression est refusée : la réservation ci-dessous est maintenue.',
  DELETE: 'La réservation ci-dessous a été supprimée par le secrétariat de l’Union : la salle est libérée.',
};

/** One e-mail per recipient about an event of the workflow; `motif` is the reason of a refusal. */
export function reservationEmails(
  event: ReservationEvent,
  row: ReservationRow,
  recipients: string[],
  publicUrl: string,
  motif?: string | null,
): NewEmail[] {
  const r = row.reservation;
  const text =
    `Bonjour,\n\n${INTROS[event]}\n\n` +
    `Salle : ${row.salle}\n` +
    `Date : ${frenchDate(r.jour)}, de ${hhmmOf(r.debut)} à ${hhmmOf(r.fin)}\n` +
    `Loge ou association : ${row.entite}\n` +
    `Objet : ${ReservationType.labels[r.type]} – ${r.libelle}\n` +
    (motif ? `Motif : ${motif}\n` : '') +
    `\nPlanning : ${publicUrl}${PAGES.reservations}` +
    SIGNATURE;
  const sujet = `${SUBJECTS[event]} – ${row.salle}, ${frenchDate(r.jour)}`;
  return [...new Set(recipients)].map((destinataire) => ({ destinataire, sujet, texte: text }));
}
