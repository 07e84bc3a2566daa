/** Document rows → contract DTOs, with the actions the caller may take now. */
import type { DistributionCounts, Document, DocumentDetail } from '@union/contract';
import { allowedActions } from '../../lib/policy';
import { documentMachine } from './machine';
import { may, type DocumentsContext } from './policy';
import type { DocumentRow } from './repository';

export function presentDocument(ctx: DocumentsContext, row: DocumentRow): Document {
  const d = row.document;
  return {
    id: d.id,
    type: d.type,
    titre: d.titre,
    date: d.jour,
    idEntite: d.entityId,
    entite: row.entite,
    audience: d.audience,
    idReservation: d.reservationId,
    nomFichier: row.nomFichier,
    typeFichier: row.typeFichier,
    taille: row.taille,
    diffusion: d.diffusion,
    publieLe: d.createdAt.toISOString(),
    actions: allowedActions(documentMachine, d.diffusion, (a) => may(ctx, a, d)),
  };
}

export function presentDetail(
  ctx: DocumentsContext,
  row: DocumentRow,
  counts: DistributionCounts | null,
): DocumentDetail {
  const doc = presentDocument(ctx, row);
  // Nothing left to stop once every e-mail has gone.
  const actions =
    counts && counts.enAttente === 0 ? doc.actions.filter((a) => a !== 'CANCEL_DISTRIBUTION') : doc.actions;
  return { ...doc, actions, compteurs: counts };
}
