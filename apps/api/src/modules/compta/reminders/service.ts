/**
 * Reminders of an overdue invoice (DECISIONS §4): a letter of the next level (1 friendly, 2 formal,
 * 3 formal notice, then 3 again) e-mailed with the invoice, recorded on the order.
 */
import type { TxContext } from '../../../lib/context';
import { frenchDate } from '../../../lib/dates';
import { refused } from '../../../lib/errors';
import { mailRepository } from '../../mail/repository';
import { unionSettings } from '../../settings/service';
import type { ActionHandler } from '../order-records/action-handler';
import { invoicePdf } from '../documents/issued';
import { billingAddress, fileName, render } from '../documents/service';
import { reminderEmail } from '../documents/mails';
import { dueOf } from '../policy';
import { orderRecords, type OrderRow } from '../order-records/repository';
import { remindersRepository } from './repository';

/** RELANCE_FACTURE: only once the invoice is overdue. */
export const remind: ActionHandler = async (tx, { order }) => {
  const today = tx.clock.today();
  if (!order.dateEcheance || order.dateEcheance >= today)
    throw refused(
      'not_overdue',
      `La facture n'est pas encore échue (échéance le ${frenchDate(order.dateEcheance ?? today)}) : une relance n'est possible qu'après.`,
    );
  return sendReminder(tx, order, Math.min(order.niveauRelance + 1, 3), tx.caller.id);
};

/**
 * Writes and e-mails the letter of `niveau` with the invoice, records it (with what remains due, so the
 * letter can be downloaded again as it was) and moves the order's level: the one action and the
 * « Relances » screen's batch (or its daily run, `sentById` null) share it. The order is locked by the caller.
 */
export async function sendReminder(
  tx: TxContext,
  order: OrderRow,
  niveau: number,
  sentById: number | null,
): Promise<{ niveau: number }> {
  const today = tx.clock.today();
  const { to, entite } = await billingAddress(tx.db, order, 'envoyez le courrier de relance par la poste');
  const pdf = await render(tx.db, order, 'relance', { niveau, date: today });
  const union = (await unionSettings(tx.db)).identite.raisonSociale;
  await mailRepository.enqueueWithAttachments(
    tx.db,
    reminderEmail({
      to,
      union,
      entite,
      objet: order.objet,
      numero: order.numeroFacture!,
      total: order.total,
      reste: dueOf(order),
      echeance: order.dateEcheance,
      niveau,
    }),
    [
      { nom: fileName('relance', order, niveau), typeMime: 'application/pdf', contenu: pdf },
      {
        nom: fileName('facture', order),
        typeMime: 'application/pdf',
        contenu: await invoicePdf(tx.db, order, tx.clock.now()),
      },
    ],
    tx.clock.now(),
  );
  await remindersRepository.insert(
    tx.db,
    { orderId: order.id, niveau, date: today, sentById, reste: dueOf(order) },
    tx.clock.now(),
  );
  await orderRecords.update(tx.db, order.id, { niveauRelance: niveau }, tx.clock.now());
  return { niveau };
}
