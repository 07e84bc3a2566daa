/**
 * An entity's account as the treasurer handles it (issue 20): what it owes and its credit, one payment
 * allocated across its invoices, its credit refunded, and the deposit slip of the cheques received.
 * Each write runs in one transaction and is audited (on each invoice it settles, and on the entity).
 */
import type {
  ChequeDeposit,
  EntityAccount,
  PaymentCreate,
  PeriodQuery,
  RecordedPaymentMode,
  RefundCreate,
} from '@union/contract';
import { depositOf, recordDeposit } from '../../bookkeeping/deposits';
import type { Account } from '../../bookkeeping/service';
import { presentDeposit } from '../../bookkeeping/presenter';
import { authorize } from '../../../lib/authorize';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import type { Executor } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { entityRepository } from '../../entities/entity-repository';
import { unionSettings } from '../../settings/service';
import { renderDepositSlip } from '../documents/deposit-slip';
import { RECORD_TYPE } from '../order-records/record';
import { dueOf, may } from '../policy';
import { paymentsRepository } from './repository';
import { recordEntityPayment, refundCredit } from './actions';

async function account(db: Executor, entityId: number): Promise<EntityAccount> {
  const entity = await entityRepository.find(db, entityId);
  if (!entity) throw notFound("Cette loge ou association n'existe pas.");
  const { du, credit } = await paymentsRepository.balance(db, entityId);
  const factures = (await paymentsRepository.openInvoices(db, entityId)).map((o) => ({
    id: o.id,
    numeroFacture: o.numeroFacture!,
    objet: o.objet,
    dateFacture: o.dateFacture!,
    dateEcheance: o.dateEcheance,
    total: o.total,
    du: dueOf(o),
  }));
  return { entite: { id: entity.id, nom: entity.nom }, du, credit, factures };
}

/**
 * Records one payment of an entity inside the caller's transaction, audited on each invoice it settles
 * and on the entity: the treasurer's « Enregistrer un paiement », a bank line's confirmation and a SEPA
 * batch's collection (issue 34, `bank`: the 512x of the statement's account, where the money is posted).
 */
export async function payIn(
  tx: TxContext,
  input: Omit<PaymentCreate, 'mode'> & { mode: RecordedPaymentMode },
  bank?: Account,
) {
  const entity = await entityRepository.find(tx.db, input.idEntite);
  if (!entity) throw notFound("Cette loge ou association n'existe pas.");
  const payment = await recordEntityPayment(tx, input, bank);
  for (const a of input.affectations)
    await audit.record(tx, {
      action: 'accounting_order_changed',
      recordType: RECORD_TYPE,
      recordId: a.idCommande,
      details: {
        action: 'ALLOCATED',
        paiementId: payment.id,
        montant: input.montant,
        mode: input.mode,
        affecte: a.montant,
      },
    });
  await audit.record(tx, {
    action: 'accounting_payment_recorded',
    recordType: 'entity',
    recordId: input.idEntite,
    details: {
      paiementId: payment.id,
      montant: input.montant,
      mode: input.mode,
      affectations: input.affectations,
    },
  });
  return payment;
}

export const paymentsService = {
  async account(ctx: RequestContext, entityId: number): Promise<EntityAccount> {
    authorize(may(ctx, 'READ', null));
    return account(ctx.db, entityId);
  },

  /** One payment of the entity, allocated across its invoices; the rest is its credit. */
  async pay(ctx: RequestContext, input: PaymentCreate): Promise<EntityAccount> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      await payIn(tx, input);
      return account(tx.db, input.idEntite);
    });
  },

  /** The entity's credit paid back to it. */
  async refund(ctx: RequestContext, entityId: number, input: RefundCreate): Promise<EntityAccount> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const entity = await entityRepository.find(tx.db, entityId);
      if (!entity) throw notFound("Cette loge ou association n'existe pas.");
      const refund = await refundCredit(tx, entityId, input);
      await audit.record(tx, {
        action: 'accounting_refund_recorded',
        recordType: 'entity',
        recordId: entityId,
        details: { remboursementId: refund.id, montant: input.montant, mode: input.mode },
      });
      return account(tx.db, entityId);
    });
  },

  /** Records the deposit of the cheques of a period not yet deposited: 5112 cleared into 512. */
  async deposit(ctx: RequestContext, period: PeriodQuery): Promise<ChequeDeposit> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const id = await recordDeposit(tx, period, tx.caller.id);
      const found = presentDeposit((await depositOf(tx, id))!);
      await audit.record(tx, {
        action: 'cheque_deposit_recorded',
        recordType: 'cheque_deposit',
        recordId: id,
        details: { du: period.du, au: period.au, cheques: found.cheques.length, total: found.total },
      });
      return found;
    });
  },

  /** The slip of a recorded deposit, its cheques as deposited, as a PDF. */
  async depositSlipOf(ctx: RequestContext, id: number): Promise<Buffer> {
    authorize(may(ctx, 'READ', null));
    const found = await depositOf(ctx, id);
    if (!found) throw notFound("Cette remise de chèques n'existe pas.");
    const d = presentDeposit(found);
    const union = await unionSettings(ctx.db);
    return renderDepositSlip({
      union,
      du: d.du,
      au: d.au,
      date: d.date,
      cheques: d.cheques.map((c) => ({
        entite: c.tireur,
        date: c.date,
        reference: c.reference,
        montant: c.montant,
      })),
    });
  },

  /** The deposit slip of the cheques received in a period (not reversed), as a PDF. */
  async depositSlip(ctx: RequestContext, du: string, au: string): Promise<Buffer> {
    authorize(may(ctx, 'READ', null));
    const cheques = await paymentsRepository.chequesReceived(ctx.db, du, au);
    const union = await unionSettings(ctx.db);
    return renderDepositSlip({ union, du, au, cheques, date: ctx.clock.today() });
  },
};
