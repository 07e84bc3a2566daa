/**
 * The provider's notification (IPN) of a top-up's payment (Lyra Systempay/PayZen protocol): public, its
 * signature its only credential; it moves the top-up from C to P (paid) or X (failed), once.
 */
import { recordIdOfText } from '@union/contract';
import type { Config } from '../../../config';
import type { PublicContext } from '../../../lib/context';
import { refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { applyInvoiceNotification, onlinePaymentOf } from '../../compta/accounts/online';
import { topUpMachine } from '../machine';
import { mailMember } from './notify';
import { cardsRepository } from './repository';
import { hasValidSignature, type Fields } from '../../payment-provider/signature';

/** The provider's verdicts (vads_trans_status) that mean paid, and those that mean it will never be. */
const PAID_STATUSES = new Set(['AUTHORISED', 'AUTHORISED_TO_VALIDATE', 'CAPTURED', 'ACCEPTED']);
const FAILED_STATUSES = new Set(['REFUSED', 'ABANDONED', 'CANCELLED', 'EXPIRED', 'NOT_CREATED']);

export type IpnOutcome = 'applied' | 'already_applied' | 'ignored';

/**
 * The provider's notification (IPN), public and authenticated by its signature alone. Checked: the
 * signature (constant time), our site id and mode, the euro, the stored top-up, its transaction and
 * amount. Applied once under the top-up's row lock: a repeat finds it no longer in C and changes
 * nothing, however many arrive at once.
 */
export async function notification(ctx: PublicContext, config: Config, fields: Fields): Promise<IpnOutcome> {
  if (!hasValidSignature(fields, config.SYSTEMPAY_KEY)) {
    throw refused('ipn_bad_signature', 'Notification refusée : signature invalide.');
  }
  const mismatch = (field: string) =>
    refused('ipn_mismatch', `Notification refusée : ${field} ne correspond pas à la boutique.`);
  if (fields.vads_site_id !== config.SYSTEMPAY_SITE_ID) throw mismatch('vads_site_id');
  if (fields.vads_ctx_mode !== config.SYSTEMPAY_MODE) throw mismatch('vads_ctx_mode');
  if (fields.vads_currency !== '978') throw mismatch('vads_currency');
  const unknown = () => refused('ipn_unknown_payment', 'Notification refusée : transaction inconnue.');
  const status = fields.vads_trans_status ?? '';
  const action = PAID_STATUSES.has(status) ? 'PAID' : FAILED_STATUSES.has(status) ? 'FAILED' : null;
  // One shop, one notification address: a lodge's payment of an invoice (FACTURE-<id>) is the accounts'.
  const invoicePayment = onlinePaymentOf(fields.vads_order_id);
  if (invoicePayment === 'unknown') throw unknown();
  if (invoicePayment !== undefined) return applyInvoiceNotification(ctx, invoicePayment, fields, action);
  // We send plain decimal digits: what else `Number()` would read (" 3", "0x3", "3e0") names no top-up.
  const id = recordIdOfText(fields.vads_order_id);
  if (id === undefined) throw unknown();
  return ctx.db.transaction(async (tx) => {
    const p = await cardsRepository.lockTopUp(tx, id);
    if (!p || p.transId !== fields.vads_trans_id || p.transDate !== fields.vads_trans_date) throw unknown();
    if (fields.vads_amount !== String(p.montant)) throw mismatch('vads_amount');
    if (action === null) return 'ignored';
    if (!topUpMachine.can(p.etat, action)) return 'already_applied';
    const next = topUpMachine.next(p.etat, action);
    await cardsRepository.setTopUpState(tx, p.id, { etat: next, providerStatus: status }, ctx.clock.now());
    await audit.recordSystem(tx, ctx.clock.now(), {
      action: action === 'PAID' ? 'top_up_paid' : 'top_up_failed',
      recordType: 'user_payment',
      recordId: p.id,
      details: { statut: status, montant: p.montant },
    });
    await mailMember(tx, p, next, ctx.publicUrl, ctx.clock.now());
    return 'applied';
  });
}
