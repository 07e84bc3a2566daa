/**
 * Credit notes (avoirs) of an issued invoice, paid or not (DECISIONS §4, issue 20): some of its lines or
 * an amount, never more than what remains creditable (the invoice's row lock, taken by `change`, queues
 * two of them; the database's CHECK on `credite` refuses whatever races past). Each has its own number of
 * the AV series. It settles what the invoice still has due; the rest (on a paid invoice) is a credit of
 * the entity, to use on its next invoice or to refund. The one that credits the whole total cancels it.
 * Its PDF is kept at issue and e-mailed to the invoice's billing address.
 */
import { euros } from '@union/contract';
import type { CreditNoteLine } from '../../../db/schema';
import { guardConstraint } from '../../../lib/constraints';
import type { TxContext } from '../../../lib/context';
import { refused } from '../../../lib/errors';
import type { ActionHandler, AuditDetails } from '../order-records/action-handler';
import { creditNotePdf } from '../documents/issued';
import { sendCreditNote } from '../documents/send';
import { postCreditNote } from '../books';
import { nextNumber } from '../numbering/service';
import { dueOf } from '../policy';
import { paymentsRepository } from '../payments/repository';
import { followSettlement, MONEY_REFUSALS } from '../payments/actions';
import { presentLine } from '../amounts';
import { orderRecords, type OrderRow } from '../order-records/repository';

/** Writes the credit note, settles the invoice with it as far as it has due, cancels a wholly credited one. */
async function issueCreditNote(
  tx: TxContext,
  order: OrderRow,
  lignes: CreditNoteLine[],
  motif: string | null,
): Promise<AuditDetails> {
  const montant = lignes.reduce((s, l) => s + l.montant, 0);
  const creditable = order.total - order.credite;
  if (montant <= 0) throw refused('credit_note_missing', 'Le montant de l’avoir doit être positif.');
  if (montant > creditable)
    throw refused(
      'over_credit',
      `L’avoir de ${euros(montant)} dépasse ce qui reste à créditer sur la facture (${euros(Math.max(creditable, 0))}).`,
    );
  const today = tx.clock.today();
  const numero = await nextNumber(tx.db, 'AV', today);
  const note = await guardConstraint(async () => {
    const row = await orderRecords.insertCreditNote(
      tx.db,
      {
        orderId: order.id,
        entityId: order.entityId,
        numero,
        date: today,
        montant,
        motif,
        lignes,
        createdById: tx.caller.id,
      },
      tx.clock.now(),
    );
    await postCreditNote(tx, order, row);
    const settles = Math.min(montant, dueOf(order));
    if (settles > 0)
      await paymentsRepository.allocate(
        tx.db,
        { source: { kind: 'creditNote', id: row.id }, orderId: order.id, montant: settles },
        tx.clock.now(),
      );
    return row;
  }, MONEY_REFUSALS);
  if (montant === creditable)
    await orderRecords.update(
      tx.db,
      order.id,
      { etat: 'FA', numeroAvoir: note.numero, dateAvoir: today, motifAnnulation: motif },
      tx.clock.now(),
    );
  else await followSettlement(tx.db, order.id, tx.clock.now());
  // Rendered once, now, and e-mailed to the invoice's address with those bytes (issued.ts, send.ts).
  await creditNotePdf(tx.db, order, note, tx.clock.now());
  await sendCreditNote(tx, order, note);
  const details: AuditDetails = { numero, montant };
  if (montant > dueOf(order)) details.credit = montant - dueOf(order);
  if (motif) details.motif = motif;
  return details;
}

/** The positions of the invoice's lines already credited by a credit note of lines. */
async function creditedPositions(tx: TxContext, orderId: number): Promise<Set<number>> {
  const notes = await orderRecords.creditNotes(tx.db, orderId);
  return new Set(notes.flatMap((n) => n.lignes.flatMap((l) => (l.position === null ? [] : [l.position]))));
}

/** AVOIR_FACTURE: a credit note of some of the invoice's lines, or of an amount. */
export const creditInvoice: ActionHandler = async (tx, { order, body }) => {
  if (!body.avoir)
    throw refused(
      'credit_note_missing',
      'Indiquez ce que crédite l’avoir : des lignes de la facture ou un montant.',
    );
  const motif = body.motif?.trim() || null;
  if (body.avoir.lignes) {
    const lines = await orderRecords.lines(tx.db, order.id);
    const credited = await creditedPositions(tx, order.id);
    const chosen = [...new Set(body.avoir.lignes)].sort((a, b) => a - b);
    const lignes = chosen.map((position) => {
      const line = lines.find((l) => l.position === position);
      if (!line)
        throw refused(
          'unknown_line',
          `La ligne ${position + 1} n’existe pas sur la facture ${order.numeroFacture}.`,
        );
      if (credited.has(position))
        throw refused(
          'line_credited',
          `La ligne « ${line.libelle} » est déjà créditée par un avoir de cette facture.`,
        );
      const { libelle, quantite, prixUnitaire, montant } = presentLine(line);
      return { position, libelle, quantite, prixUnitaire, montant };
    });
    return issueCreditNote(tx, order, lignes, motif);
  }
  const montant = body.avoir.montant!;
  return issueCreditNote(
    tx,
    order,
    [
      {
        position: null,
        libelle: `Avoir sur la facture ${order.numeroFacture}${motif ? ` : ${motif}` : ''}`.slice(0, 200),
        quantite: 1,
        prixUnitaire: montant,
        montant,
      },
    ],
    motif,
  );
};

/**
 * FACTURE_CANCELLED of an issued invoice: the credit note of what remains creditable (all its lines when
 * none was credited yet), which cancels it. What its payments settled stays a credit of the entity.
 */
export async function cancelByCreditNote(tx: TxContext, order: OrderRow, motif: string | null) {
  if (order.credite === 0) {
    const lignes = (await orderRecords.lines(tx.db, order.id)).map((line) => {
      const { libelle, quantite, prixUnitaire, montant } = presentLine(line);
      return { position: line.position, libelle, quantite, prixUnitaire, montant };
    });
    return issueCreditNote(tx, order, lignes, motif);
  }
  const montant = order.total - order.credite;
  return issueCreditNote(
    tx,
    order,
    [
      {
        position: null,
        libelle: `Solde de la facture ${order.numeroFacture} annulée`,
        quantite: 1,
        prixUnitaire: montant,
        montant,
      },
    ],
    motif,
  );
}
