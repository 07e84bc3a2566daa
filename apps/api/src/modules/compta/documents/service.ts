/**
 * The documents of an order: its PDFs rendered as the order stands now (issued.ts keeps an issued
 * document's), their file names, and the entity's billing address its e-mails go to.
 */
import type { Executor } from '../../../db/client';
import { refused } from '../../../lib/errors';
import { entityRepository } from '../../entities/entity-repository';
import { unionSettings } from '../../settings/service';
import { orderRecords, type CreditNoteRow, type OrderRow } from '../order-records/repository';
import type { DocumentKind } from './document';
import { renderOrderPdf } from './pdf';
import { presentDocument } from './presenter';

/**
 * The PDF of one document of an order, rendered now: issued.ts keeps an issued one's bytes, so this
 * renders an issued document once (at its issue), a draft, or a reminder letter.
 */
export async function render(
  db: Executor,
  order: OrderRow,
  kind: DocumentKind,
  relance?: { niveau: number; date: string; reste?: number | null },
): Promise<Buffer> {
  const entity = (await entityRepository.find(db, order.entityId))!;
  const lines = await orderRecords.lines(db, order.id);
  // An invoice says nothing of what was paid or credited after its issue (nothing can be before: the
  // machine takes payments of issued invoices only). A reminder letter says what remained due on its
  // day: stored with it once sent, what payments and credit notes settle (`regle`) when it is written.
  const paye = kind !== 'relance' ? 0 : relance?.reste != null ? order.total - relance.reste : order.regle;
  const union = await unionSettings(db);
  return renderOrderPdf(presentDocument(kind, order, { entity, lines, paye, union, relance }));
}

/**
 * A credit note's PDF: the invoice's layout as a credit note (its own number and date, the lines it
 * credits, its amount), a Factur-X file of type 381 referring to the invoice like the whole cancellation.
 */
export async function renderCreditNote(db: Executor, order: OrderRow, note: CreditNoteRow): Promise<Buffer> {
  const entity = (await entityRepository.find(db, order.entityId))!;
  const union = await unionSettings(db);
  const document = presentDocument('avoir', order, { entity, lines: [], paye: 0, union });
  return renderOrderPdf({
    ...document,
    numeroAvoir: note.numero,
    dateAvoir: note.date,
    lignes: note.lignes.map((l) => ({ ...l, reservationId: null })),
    total: note.montant,
    avoirPartiel: note.montant < order.total,
    motif: note.motif,
  });
}

export const fileName = (kind: DocumentKind, order: OrderRow, niveau?: number) => {
  switch (kind) {
    case 'devis':
      return `${order.numeroDevis}.pdf`;
    case 'facture':
      return `${order.numeroFacture ?? `facture-brouillon-${order.id}`}.pdf`;
    case 'avoir':
      return `${order.numeroAvoir}.pdf`;
    case 'relance':
      return `relance-${niveau}-${order.numeroFacture}.pdf`;
  }
};

/** The billing address of the order's entity, or a 412 that says what to do instead. */
export async function billingAddress(
  db: Executor,
  order: OrderRow,
  instead: string,
): Promise<{ to: string; entite: string }> {
  const entity = (await entityRepository.find(db, order.entityId))!;
  if (!entity.emailFacturation)
    throw refused(
      'no_billing_email',
      `« ${entity.nom} » n'a pas d'adresse e-mail de facturation : renseignez-la dans Administration › Entités, ou ${instead}.`,
    );
  return { to: entity.emailFacturation, entite: entity.nom };
}
