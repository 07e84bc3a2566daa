/** The header search's lines (issue 33), shaped from what each module read: pure, no database. */
import {
  DocumentType,
  euros,
  hhmmOf,
  OrderState,
  PAGES,
  pathTo,
  type SearchHit,
  type SearchSection,
} from '@union/contract';
import { frenchDate } from '../../lib/dates';
import type { UserRow } from '../users/account-repository';
import type { DocumentRow } from '../documents/repository';
import type { orderRecords } from '../compta/order-records/repository';
import type { reservationsRepository } from '../reservations/repository';

type OrderHit = Awaited<ReturnType<typeof orderRecords.findByWords>>[number];
type ReservationHit = Awaited<ReturnType<typeof reservationsRepository.findByWords>>[number];

/** `limit + 1` rows were read: the section shows `limit` and says whether more matched. */
export const sectionOf = <T>(rows: T[], limit: number, present: (row: T) => SearchHit): SearchSection => ({
  lignes: rows.slice(0, limit).map(present),
  plus: rows.length > limit,
});

export const EMPTY_SECTION: SearchSection = { lignes: [], plus: false };

/**
 * A person: the administrators see the e-mail and telephone and open the account; a lodge manager sees
 * the e-mail (as the member picker does) and opens the lodge's members.
 */
export const presentPerson =
  (admin: boolean) =>
  (u: Pick<UserRow, 'id' | 'nom' | 'prenom' | 'email'> & { telephone?: string | null }): SearchHit => ({
    id: u.id,
    titre: `${u.prenom} ${u.nom}`,
    detail: admin && u.telephone ? `${u.email} · ${u.telephone}` : u.email,
    lien: admin ? pathTo(PAGES.user, { id: u.id }) : pathTo(PAGES.loge, {}, { onglet: 'membres' }),
  });

export const presentDocument = (row: DocumentRow): SearchHit => ({
  id: row.document.id,
  titre: row.document.titre,
  detail: `${DocumentType.labels[row.document.type]} · ${row.entite} · ${frenchDate(row.document.jour)}`,
  lien: pathTo(PAGES.document, { id: row.document.id }),
});

/**
 * An invoice or a quote, by its number (the invoice's when it has one): the treasurers open its page,
 * an entity's officers its account.
 */
export const presentOrder =
  (treasurer: boolean) =>
  (row: OrderHit): SearchHit => {
    const o = row.order;
    const numero = o.numeroFacture
      ? `Facture ${o.numeroFacture}`
      : o.numeroDevis
        ? `Devis ${o.numeroDevis}`
        : `Pièce n° ${o.id}`;
    return {
      id: o.id,
      titre: `${numero} · ${o.objet}`,
      detail: `${row.entite} · ${euros(o.total)} · ${OrderState.labels[o.etat]}`,
      lien: treasurer
        ? pathTo(PAGES.order, { id: o.id })
        : pathTo(PAGES.loge, {}, { entite: o.entityId, onglet: 'compte' }),
    };
  };

export const presentReservation = (row: ReservationHit): SearchHit => ({
  id: row.reservation.id,
  titre: `${row.reservation.libelle} · ${row.entite}`,
  detail: `${row.salle} · ${frenchDate(row.reservation.jour)} · ${hhmmOf(row.reservation.debut)}–${hhmmOf(row.reservation.fin)}`,
  lien: pathTo(PAGES.planning, {}, { date: row.reservation.jour, vue: 'jour' }),
});
