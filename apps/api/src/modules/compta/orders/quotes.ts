/** The actions on a quote (DECISIONS §4): send it, mark it sent, refused or cancelled, make it an invoice draft. */
import type { TxContext } from '../../../lib/context';
import type { ActionHandler, ActionStep } from '../order-records/action-handler';
import { quotePdf } from '../documents/issued';
import { sendDocument } from '../documents/send';
import { orderRecords } from '../order-records/repository';

/** A quote out of draft is a fixed record: its PDF is kept as it is now (issued.ts). */
async function moveTo(tx: TxContext, { order, next }: ActionStep) {
  await quotePdf(tx.db, order, tx.clock.now());
  await orderRecords.update(tx.db, order.id, { etat: next }, tx.clock.now());
}

/** SEND_DEVIS: e-mails the quote (again, when it was lost). */
export const sendQuote: ActionHandler = async (tx, step) => {
  await sendDocument(tx, step.order, 'devis');
  await moveTo(tx, step);
  return {};
};

/** DEVIS_SENT (sent by other means), TRANSFORM_DEVIS (accepted: an invoice draft to check): the state alone moves. */
export const moveOn: ActionHandler = async (tx, step) => {
  await moveTo(tx, step);
  return {};
};

/** DEVIS_REFUSED, DEVIS_CANCELLED: closed, with the reason when one is given. */
export const closeQuote: ActionHandler = async (tx, { order, next, body }) => {
  await quotePdf(tx.db, order, tx.clock.now());
  await orderRecords.update(
    tx.db,
    order.id,
    { etat: next, motifAnnulation: body.motif || null },
    tx.clock.now(),
  );
  return body.motif ? { motif: body.motif } : {};
};
