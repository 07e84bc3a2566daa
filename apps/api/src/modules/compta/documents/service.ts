/**
 * The documents of an order: its PDFs as the order stands now, their file names, and the e-mail that
 * sends a quote or an invoice to the entity's billing address (in the outbox, inside the use case's
 * transaction).
 */
import type { Executor } from '../../../db/client';
import type { TxContext } from '../../../lib/context';
import { refused } from '../../../lib/errors';
import { entitiesRepository } from '../../entities/repository';
import { mailRepository } from '../../mail/repository';
import { unionSettings } from '../../settings/service';
import { comptaRepository, type CreditNoteRow, type OrderRow } from '../repository';
import type { DocumentKind } from './document';
import { invoiceEmail, quoteEmail } from './mails';
import { renderOrderPdf } from './pdf';
import { presentDocument } from './presenter';

/** The PDF of one document of an order, as it stands now. */
export async function render(
  db: Executor,
  order: OrderRow,
  kind: DocumentKind,
  relance?: { niveau: number; date: string; reste?: number | null },
): Promise<Buffer> {
  const entity = (await entitiesRepository.find(db, order.entityId))!;
  const lines = await comptaRepository.lines(db, order.id);
  // What payments and credit notes settle of it (the trigger-kept sum of its allocations); a letter
  // already sent says what remained due on its day (stored with it), not what remains now.
  const paye = relance?.reste != null ? order.total - relance.reste : order.regle;
  const union = await unionSettings(db);
  return renderOrderPdf(presentDocument(kind, order, { entity, lines, paye, union, relance }));
}

/**
 * A credit note's PDF: the invoice's layout as a credit note (its own number and date, the lines it
 * credits, its amount), a Factur-X file of type 381 referring to the invoice like the whole cancellation.
 */
export async function renderCreditNote(db: Executor, order: OrderRow, note: CreditNoteRow): Promise<Buffer> {
  const entity = (await entitiesRepository.find(db, order.entityId))!;
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
  const entity = (await entitiesRepository.find(db, order.entityId))!;
  if (!entity.emailFacturation)
    throw refused(
      'no_billing_email',
      `« ${entity.nom} » n'a pas d'adresse e-mail de facturation : renseignez-la dans Administration › Entités, ou ${instead}.`,
    );
  return { to: entity.emailFacturation, entite: entity.nom };
}

/** E-mails the quote or the invoice, its PDF attached. */
export async function sendDocument(tx: TxContext, order: OrderRow, kind: 'devis' | 'facture') {
  const { to, entite } = await billingAddress(
    tx.db,
    order,
    kind === 'devis' ? 'marquez le devis comme envoyé' : 'émettez la facture sans e-mail',
  );
  const union = (await unionSettings(tx.db)).identite.raisonSociale;
  const facts = {
    to,
    union,
    entite,
    objet: order.objet,
    numero: (kind === 'devis' ? order.numeroDevis : order.numeroFacture)!,
    total: order.total,
    echeance: order.dateEcheance,
  };
  const pdf = await render(tx.db, order, kind);
  await mailRepository.enqueueWithAttachments(
    tx.db,
    kind === 'devis' ? quoteEmail(facts) : invoiceEmail(facts),
    [{ nom: fileName(kind, order), typeMime: 'application/pdf', contenu: pdf }],
    tx.clock.now(),
  );
}
