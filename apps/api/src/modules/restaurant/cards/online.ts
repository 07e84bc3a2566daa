/**
 * A card top-up paid online: the provider's notification, received and checked by payment-provider/,
 * reaches here for a reference that is a bare top-up number (entered at composition, app.ts). It moves
 * the top-up from C to P (paid) or X (failed), once.
 */
import type { PublicContext } from '../../../lib/context';
import { audit } from '../../audit/audit';
import { mismatch, unknownPayment, type NotificationHandler } from '../../payment-provider/notification';
import { topUpMachine } from '../machine';
import { mailMember } from './notify';
import { cardsRepository } from './repository';

/** The prefix of a top-up's order reference: none, the reference is the top-up's number. */
export const TOP_UP_REFERENCE_PREFIX = '';

/**
 * Applies a checked notification to top-up `id`: its transaction and amount must be the stored ones.
 * Applied once under the top-up's row lock: a repeat finds it no longer in C and changes nothing, however
 * many arrive at once.
 */
export const topUpNotified: NotificationHandler = (ctx: PublicContext, id, fields, verdict) =>
  ctx.db.transaction(async (tx) => {
    const p = await cardsRepository.lockTopUp(tx, id);
    if (!p || p.transId !== fields.vads_trans_id || p.transDate !== fields.vads_trans_date)
      throw unknownPayment();
    if (fields.vads_amount !== String(p.montant)) throw mismatch('vads_amount');
    if (verdict === null) return 'ignored';
    if (!topUpMachine.can(p.etat, verdict)) return 'already_applied';
    const next = topUpMachine.next(p.etat, verdict);
    const status = fields.vads_trans_status ?? '';
    await cardsRepository.setTopUpState(tx, p.id, { etat: next, providerStatus: status }, ctx.clock.now());
    await audit.recordSystem(tx, ctx.clock.now(), {
      action: verdict === 'PAID' ? 'top_up_paid' : 'top_up_failed',
      recordType: 'user_payment',
      recordId: p.id,
      details: { statut: status, montant: p.montant },
    });
    await mailMember(tx, p, next, ctx.publicUrl, ctx.clock.now());
    return 'applied';
  });
