/**
 * What the use cases on orders share (here and in fee-calls/): the entity billed, the total's rule, the
 * database's refusals, the creation of an order with its lines and its audit entry, the order as shown.
 */
import { euros, type OrderLine, type OrderDetail } from '@union/contract';
import type { Executor } from '../../../db/client';
import { guardConstraint, type Refusal } from '../../../lib/constraints';
import type { RequestContext, TxContext } from '../../../lib/context';
import { notFound, refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { entityRepository } from '../../entities/entity-repository';
import { totalOf } from '../amounts';
import { RECORD_TYPE, orderNotFound } from '../order-records/record';
import { paymentsRepository } from '../payments/repository';
import type { MoneyFacts } from '../policy';
import { presentDetail } from './presenter';
import { remindersRepository } from '../reminders/repository';
import { orderRecords, type NewOrder, type OrderRow } from '../order-records/repository';

/** The database's refusals, each with its own code and the sentence the treasurer reads. */
export const REFUSALS: Record<string, Refusal> = {
  accounting_orders_one_call: {
    code: 'fee_call_exists',
    message:
      'Cette tranche de cotisation vient d’être appelée pour cette loge par une autre personne : rechargez la liste des factures et devis.',
  },
  accounting_issued_final: {
    code: 'invoice_issued',
    message:
      'Une facture émise ne peut plus être modifiée : annulez-la par un avoir et établissez-en une nouvelle.',
  },
};

/** The lodge or association an order is made out to: active, and not the Union itself. */
export async function loadBillable(db: Executor, idEntite: number) {
  const entity = await entityRepository.find(db, idEntite);
  if (!entity) throw notFound("Cette loge ou association n'existe pas.");
  if (entity.etat !== 'A')
    throw refused(
      'entity_deleted',
      `« ${entity.nom} » est supprimée : elle ne peut plus recevoir de devis ni de facture.`,
    );
  if (entity.type === 'UN')
    throw refused(
      'entity_union',
      "L'Union ne se facture pas elle-même : choisissez une loge ou une association.",
    );
  return entity;
}

/** Only a fee adjustment (D) may be in the lodge's favour. */
export function checkTotal(
  type: string,
  tranche: string | null | undefined,
  lines: readonly { montant: number }[],
) {
  if (totalOf(lines) < 0 && !(type === 'A' && tranche === 'D'))
    throw refused(
      'negative_total',
      `Le total de la pièce est négatif (${euros(totalOf(lines))}) : seule une régularisation de cotisation peut être en faveur de la loge.`,
    );
}

/** Writes a new order and its lines, and audits its creation (`details` say how it was made). */
export async function insertOrder(
  tx: TxContext,
  order: Omit<NewOrder, 'createdById'>,
  lines: readonly OrderLine[],
  details: Record<string, unknown>,
): Promise<OrderRow> {
  const row = await guardConstraint(
    () => orderRecords.insert(tx.db, { ...order, createdById: tx.caller.id }, tx.clock.now()),
    REFUSALS,
  );
  await orderRecords.replaceLines(tx.db, row.id, lines);
  await audit.record(tx, {
    action: 'accounting_order_created',
    recordType: RECORD_TYPE,
    recordId: row.id,
    details,
  });
  return row;
}

/** The money and dates of an issued invoice that the policy judges (nothing for a quote or a draft). */
export async function moneyFacts(
  db: Executor,
  order: OrderRow,
  today: string,
): Promise<MoneyFacts | undefined> {
  if (!order.numeroFacture) return undefined;
  const sources = await paymentsRepository.creditSources(db, order.entityId, false);
  const payments = await paymentsRepository.payments(db, order.id);
  const reminders = await remindersRepository.reminders(db, order.id);
  return {
    total: order.total,
    credite: order.credite,
    regle: order.regle,
    dateEcheance: order.dateEcheance,
    derniereRelance: reminders.at(-1)?.date ?? null,
    today,
    creditEntite: sources.reduce((s, c) => s + c.reste, 0),
    paiementsReversibles: payments.filter((p) => p.nature === 'E' && !p.contrePasse && p.montant > 0).length,
  };
}

/** The order as its page shows it, with its lines, payments, reminders, history and the caller's buttons. */
export async function detail(ctx: RequestContext<Executor>, id: number): Promise<OrderDetail> {
  const row = await orderRecords.find(ctx.db, id);
  if (!row) throw orderNotFound();
  // One after the other: `ctx.db` may be a transaction, whose one connection runs one query at a time.
  const lines = await orderRecords.lines(ctx.db, id);
  const payments = await paymentsRepository.payments(ctx.db, id);
  const reversals = await paymentsRepository.reversalsOf(ctx.db, id);
  const reminders = await remindersRepository.reminders(ctx.db, id);
  const creditNotes = await orderRecords.creditNotes(ctx.db, id);
  const history = await audit.historyOf(ctx.db, RECORD_TYPE, id);
  const money = await moneyFacts(ctx.db, row.order, ctx.clock.today());
  return presentDetail(ctx.caller, row, ctx.clock.today(), {
    lines,
    payments,
    reversals,
    reminders,
    creditNotes,
    history,
    money,
  });
}
