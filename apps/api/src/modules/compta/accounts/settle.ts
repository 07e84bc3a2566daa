/**
 * Online card payments « à régulariser » (issue 20): the bank took the money when the invoice no longer
 * owed it (cancelled, or settled otherwise meanwhile). The treasurer lists them and settles each once,
 * under the attempt's row lock: kept as the entity's credit (a payment « CB en ligne » allocated to
 * nothing, then used on an invoice or refunded from the entity's account like any credit), or marked as
 * refunded to the card from the provider's back office (the money never entered the accounts). The
 * database accepts only those two moves out of « à régulariser » (migration 0033).
 */
import type { OnlineSettlement, UnappliedOnlinePayment } from '@union/contract';
import type { Executor } from '../../../db/client';
import { authorize } from '../../../lib/authorize';
import { inTransaction, type RequestContext } from '../../../lib/context';
import { notFound, refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { RECORD_TYPE } from '../order-records/record';
import { insertPayment } from '../books';
import { may } from '../policy';
import { orderRecords } from '../order-records/repository';
import { accountsRepository } from './repository';

async function unapplied(db: Executor): Promise<UnappliedOnlinePayment[]> {
  const rows = await accountsRepository.unappliedOnlinePayments(db);
  return rows.map(({ p, o, entite }) => ({
    id: p.id,
    entite,
    idCommande: o.id,
    numeroFacture: o.numeroFacture,
    etatFacture: o.etat,
    date: p.updatedAt.toISOString().slice(0, 10),
    transaction: `${p.transDay.replaceAll('-', '')}-${p.transId}`,
    montant: p.montant,
  }));
}

export const onlineSettlements = {
  /** GET /api/compta/paiement-cb/a-regulariser. */
  async list(ctx: RequestContext): Promise<UnappliedOnlinePayment[]> {
    authorize(may(ctx, 'READ', null));
    return unapplied(ctx.db);
  },

  /** POST /api/compta/paiement-cb/{id}/regularisation: answers the list left to settle. */
  async settle(ctx: RequestContext, id: number, input: OnlineSettlement): Promise<UnappliedOnlinePayment[]> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const p = await accountsRepository.lockOnlinePayment(tx.db, id);
      if (!p) throw notFound("Ce paiement en ligne n'existe pas.");
      if (p.etat !== 'A')
        throw refused(
          'online_settled',
          'Ce paiement en ligne n’est pas à régulariser (il a déjà été traité) : rechargez la page.',
        );
      const order = await orderRecords.find(tx.db, p.orderId);
      const now = tx.clock.now();
      let paymentId: number | undefined;
      if (input.action === 'CREDIT') {
        const payment = await insertPayment(
          tx,
          {
            entityId: order!.order.entityId,
            orderId: null,
            mode: 'B',
            date: tx.clock.today(),
            reference: `CB ${p.transDay.replaceAll('-', '')}-${p.transId}`,
            montant: p.montant,
            createdById: tx.caller.id,
          },
          null,
        );
        paymentId = payment.id;
      }
      await accountsRepository.endOnlinePayment(
        tx.db,
        p.id,
        {
          etat: input.action === 'CREDIT' ? 'P' : 'R',
          providerStatus: p.providerStatus ?? '',
          ...(paymentId ? { paymentId } : {}),
        },
        now,
      );
      await audit.record(tx, {
        action:
          input.action === 'CREDIT' ? 'invoice_online_payment_credited' : 'invoice_online_payment_refunded',
        recordType: RECORD_TYPE,
        recordId: p.orderId,
        details: {
          montant: p.montant,
          paiementEnLigne: p.id,
          ...(paymentId ? { paiementId: paymentId } : {}),
        },
      });
      return unapplied(tx.db);
    });
  },
};
