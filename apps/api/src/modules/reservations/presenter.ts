/** Reservation rows → contract DTOs, with the actions the caller may take now. */
import {
  ReservationAction,
  hhmmOf,
  type HistoryEntry,
  type Reservation,
  type ReservationDetail,
} from '@union/contract';
import { allowedActions, type PlanningContext } from './policy';
import type { ReservationRow } from './repository';

export function presentReservation(ctx: PlanningContext, row: ReservationRow): Reservation {
  const r = row.reservation;
  return {
    id: r.id,
    idSalle: r.roomId,
    salle: row.salle,
    couleurSalle: row.couleurSalle,
    idEntite: r.entityId,
    entite: row.entite,
    date: r.jour,
    heureDebut: hhmmOf(r.debut),
    heureFin: hhmmOf(r.fin),
    type: r.type,
    libelle: r.libelle,
    participants: r.participants,
    commentaire: r.commentaire,
    etat: r.etat,
    demandeur:
      row.demandeurId === null
        ? null
        : { id: row.demandeurId, nom: row.demandeurNom ?? '', prenom: row.demandeurPrenom ?? '' },
    motifRefus: r.motifRefus,
    idPlanning: r.planningEntryId,
    actions: allowedActions(ctx, r),
  };
}

/** French labels of the history entries that are not workflow actions. */
const HISTORY_LABELS: Record<string, string> = {
  CREATE_REQUEST: 'Demande de réservation',
  CREATE_CONFIRMED: 'Réservation enregistrée',
  PLANNING_GENERATE: 'Créée par le planning annuel',
  PLANNING_REMOVE: 'Retirée du planning annuel',
};

export interface HistoryRow {
  action: string;
  details: unknown;
  createdAt: Date;
  actorNom: string | null;
  actorPrenom: string | null;
}

export function presentHistory(rows: HistoryRow[]): HistoryEntry[] {
  return rows.map((h) => {
    const details = (h.details ?? {}) as { motif?: string };
    return {
      date: h.createdAt.toISOString(),
      action: h.action,
      libelle:
        HISTORY_LABELS[h.action] ?? ReservationAction.labels[h.action as ReservationAction] ?? h.action,
      auteur: h.actorNom === null ? null : `${h.actorPrenom ?? ''} ${h.actorNom}`.trim(),
      motif: details.motif ?? null,
    };
  });
}

export const presentDetail = (
  ctx: PlanningContext,
  row: ReservationRow,
  history: HistoryRow[],
): ReservationDetail => ({ ...presentReservation(ctx, row), historique: presentHistory(history) });
