/**
 * The portal's lines (issue 33), shaped from what each module read: pure, no database. Each line carries
 * the address of its action, a screen of the web app (`PAGES`).
 */
import {
  hhmmOf,
  PAGES,
  pathTo,
  type Meal,
  type PortalDocument,
  type PortalMeal,
  type PortalSession,
  type PortalTask,
} from '@union/contract';
import type { DocumentRow } from '../documents/repository';
import type { ReservationRow } from '../reservations/repository';
import type { PortalVisit } from './repository';

/** Reads further apart than this are two visits; closer ones are reloads of the same visit. */
export const VISIT_GAP_MS = 30 * 60 * 1000;
/** On a first visit, what was published in the last 30 days is new. */
export const FIRST_VISIT_DAYS = 30;

/**
 * The visit once this read is counted: a new visit when the last read is older than the gap (the last read
 * of the visit before becomes what « new » is measured from), else the same visit, read again.
 */
export function nextVisit(userId: number, last: PortalVisit | undefined, now: Date): PortalVisit {
  if (!last) return { userId, visitAt: now, seenAt: now, previousSeenAt: null };
  if (now.getTime() - last.seenAt.getTime() > VISIT_GAP_MS) {
    return { userId, visitAt: now, seenAt: now, previousSeenAt: last.seenAt };
  }
  return { ...last, seenAt: now };
}

/** From when documents count as new for this visit. */
export const newSince = (visit: PortalVisit, now: Date): Date =>
  visit.previousSeenAt ?? new Date(now.getTime() - FIRST_VISIT_DAYS * 24 * 3600 * 1000);

export const presentSession = (row: ReservationRow): PortalSession => ({
  id: row.reservation.id,
  date: row.reservation.jour,
  debut: hhmmOf(row.reservation.debut),
  fin: hhmmOf(row.reservation.fin),
  libelle: row.reservation.libelle,
  entite: row.entite,
  salle: row.salle,
  lien: pathTo(PAGES.reservations, {}, { date: row.reservation.jour }),
});

/** A meal as the portal lists it; `mayOrder` is the caller's right to order at all. */
export const presentMeal = (meal: Meal, mayOrder: boolean): PortalMeal => ({
  id: meal.id,
  date: meal.date,
  type: meal.type,
  titre: meal.titre,
  limite: meal.limite,
  commandable: mayOrder && meal.commandable,
  commande: meal.mesCommandes.length > 0,
  lien: pathTo(PAGES.restaurant, {}, { date: meal.date }),
});

export const presentDocument = (row: DocumentRow): PortalDocument => ({
  id: row.document.id,
  titre: row.document.titre,
  type: row.document.type,
  entite: row.entite,
  date: row.document.jour,
  lien: pathTo(PAGES.document, { id: row.document.id }),
});

export const requestsTask = (nombre: number): PortalTask => ({
  nature: 'DEMANDES',
  nombre,
  montant: null,
  entite: null,
  lien: PAGES.requests,
});

export const invoicesTask = (r: {
  entityId: number;
  nom: string;
  nombre: number;
  reste: number;
}): PortalTask => ({
  nature: 'FACTURES',
  nombre: r.nombre,
  montant: r.reste,
  entite: r.nom,
  lien: pathTo(PAGES.loge, {}, { entite: r.entityId, onglet: 'compte' }),
});

export const membersTask = (entity: { id: number; nom: string }, nombre: number): PortalTask => ({
  nature: 'MEMBRES',
  nombre,
  montant: null,
  entite: entity.nom,
  lien: pathTo(PAGES.loge, {}, { entite: entity.id, onglet: 'membres' }),
});
