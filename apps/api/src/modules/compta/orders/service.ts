/**
 * The Union's orders (DECISIONS §4): load → authorize (policy, 403) → transition (machine, 412) → the
 * action's handler persists, numbers and e-mails, and the change is audited, in one transaction. Numbers
 * come from the database's counters; an issued invoice is frozen by the database itself (migration 0012);
 * payments are taken under the order's row lock.
 */
import {
  Instalment,
  yearLabel,
  type OrderChange,
  type OrderChangeAction,
  type OrderCreate,
  type OrderDetail,
  type OrderSearchCriteria,
  type OrderSearchResult,
} from '@union/contract';
import { authorize } from '../../../lib/authorize';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import { notFound, refused } from '../../../lib/errors';
import { decide } from '../../../lib/policy';
import { audit } from '../../audit/audit';
import type { ActionHandler } from '../order-records/action-handler';
import { totalOf, withAmounts } from '../amounts';
import type { DocumentKind } from '../documents/document';
import { ordersWorkbook } from '../documents/excel';
import { creditNotePdf, orderPdf } from '../documents/issued';
import { fileName } from '../documents/service';
import { orderMachine } from '../machine';
import { nextNumber } from '../numbering/service';
import { paymentsRepository } from '../payments/repository';
import { addPayment, markPaid, reversePayment, useCredit } from '../payments/actions';
import { may, unavailable } from '../policy';
import { presentSearch, presentSummary } from './presenter';
import { remindersRepository } from '../reminders/repository';
import { remind } from '../reminders/service';
import { orderRecords, type OrderRow } from '../order-records/repository';
import { checkTotal, detail, insertOrder, loadBillable, moneyFacts } from './common';
import { RECORD_TYPE, orderNotFound, pieceName } from '../order-records/record';
import { creditInvoice } from './credit-notes';
import { edit } from './edit';
import { cancelInvoice, markInvoiceSent, sendInvoice } from './invoices';
import { closeQuote, moveOn, sendQuote } from './quotes';

/** The Excel export stops there: a larger one is a search to narrow. */
const EXPORT_LIMIT = 50_000;

/** What each action of PUT /api/compta/commande does, once the policy and the machine allow it. */
const ACTIONS: Record<OrderChangeAction, ActionHandler> = {
  EDIT_DEVIS: edit,
  SEND_DEVIS: sendQuote,
  DEVIS_SENT: moveOn,
  DEVIS_REFUSED: closeQuote,
  DEVIS_CANCELLED: closeQuote,
  TRANSFORM_DEVIS: moveOn,
  EDIT_FACTURE: edit,
  SEND_FACTURE: sendInvoice,
  FACTURE_SENT: markInvoiceSent,
  FACTURE_CANCELLED: cancelInvoice,
  FACTURE_PAID: markPaid,
  RELANCE_FACTURE: remind,
  EDIT_PAYMENT: addPayment,
  AVOIR_FACTURE: creditInvoice,
  REVERSE_PAYMENT: reversePayment,
  USE_CREDIT: useCredit,
};

/** The facts of an order the policy judges. */
const factsOf = (order: OrderRow) => ({ etat: order.etat, hasQuote: !!order.numeroDevis });

/**
 * One action on an order inside the caller's transaction (`ordersService.change`, and a SEPA debit's return
 * reversing its payment): the policy and the machine judge it, its handler makes it, the audit records it.
 */
export async function changeIn(
  tx: TxContext,
  action: OrderChangeAction,
  body: OrderChange,
  on?: string,
): Promise<OrderRow> {
  // Every path that locks several invoices locks them in id order (no two requests wait on each other
  // crosswise, a deadlock on PostgreSQL): a counter-entry undoes its payment on every invoice it
  // settled, so those are locked with this one, together.
  const others =
    action === 'REVERSE_PAYMENT' && body.paiementId
      ? await paymentsRepository.invoicesOf(tx.db, body.paiementId)
      : [];
  const locked = await paymentsRepository.lockInvoices(tx.db, [body.id, ...others]);
  const order = locked.find((o) => o.id === body.id);
  if (!order) throw orderNotFound();
  const next = decide(orderMachine, order.etat, action, may(tx, action, factsOf(order)));
  // The money and dates refuse what the page does not offer, with the reason it gives.
  const why = unavailable(action, await moneyFacts(tx.db, order, tx.clock.today()));
  if (why) throw refused(why.code, why.raison);
  const details = await ACTIONS[action](tx, { order, next, body, on });
  await audit.record(tx, {
    action: 'accounting_order_changed',
    recordType: RECORD_TYPE,
    recordId: order.id,
    details: { action, ...details },
  });
  return order;
}

export const ordersService = {
  async search(ctx: RequestContext, c: OrderSearchCriteria): Promise<OrderSearchResult> {
    authorize(may(ctx, 'READ', null));
    const today = ctx.clock.today();
    return presentSearch(await orderRecords.search(ctx.db, c, today), c, today);
  },

  async excel(ctx: RequestContext, c: OrderSearchCriteria): Promise<Buffer> {
    authorize(may(ctx, 'READ', null));
    const today = ctx.clock.today();
    const rows = await orderRecords.searchAll(ctx.db, c, today, EXPORT_LIMIT);
    return ordersWorkbook(rows.map((r) => presentSummary(r, today)));
  },

  async infos(ctx: RequestContext, id: number): Promise<OrderDetail> {
    authorize(may(ctx, 'READ', null));
    return detail(ctx, id);
  },

  async create(ctx: RequestContext, input: OrderCreate): Promise<OrderDetail> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const entity = await loadBillable(tx.db, input.idEntite);
      const lignes = withAmounts(input.lignes);
      checkTotal(input.type, input.tranche, lignes);
      if (input.type === 'A') {
        const existing = await orderRecords.existingCall(tx.db, entity.id, input.annee, input.tranche!);
        if (existing)
          throw refused(
            'fee_call_exists',
            `Le ${Instalment.labels[input.tranche!]} ${yearLabel(input.annee)} a déjà été appelé pour « ${entity.nom} » (${pieceName(existing)}) : annulez-le d'abord pour l'appeler de nouveau.`,
          );
      }
      const today = tx.clock.today();
      const numeroDevis = input.devis ? await nextNumber(tx.db, 'DE', today) : null;
      const total = totalOf(lignes);
      const order = await insertOrder(
        tx,
        {
          type: input.type,
          entityId: entity.id,
          annee: input.annee,
          tranche: input.type === 'A' ? input.tranche! : null,
          objet: input.objet,
          etat: input.devis ? 'DC' : 'FC',
          total,
          numeroDevis,
          dateDevis: input.devis ? today : null,
        },
        lignes,
        { devis: input.devis, numeroDevis, entiteId: entity.id, total },
      );
      return detail(tx, order.id);
    });
  },

  /** One action on an order: the policy and the machine judge it, its handler makes it, the audit records it. */
  async change(ctx: RequestContext, action: OrderChangeAction, body: OrderChange): Promise<OrderDetail> {
    // 403 before anything is said of the order: acting needs COMPTA_SAISIE whatever the order.
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => detail(tx, (await changeIn(tx, action, body)).id));
  },

  /** A document of the order as PDF: the quote, the invoice (a draft says so), its credit note, the last reminder. */
  async document(
    ctx: RequestContext,
    id: number,
    kind: DocumentKind,
  ): Promise<{ nom: string; contenu: Buffer }> {
    authorize(may(ctx, 'READ', null));
    const row = await orderRecords.find(ctx.db, id);
    if (!row) throw orderNotFound();
    const order = row.order;
    const action = kind === 'devis' ? 'DOWNLOAD_DEVIS' : 'DOWNLOAD_FACTURE';
    decide(orderMachine, order.etat, action, may(ctx, action, factsOf(order)));
    if (kind === 'avoir' && !order.numeroAvoir)
      throw refused(
        'no_credit_note',
        "Cette facture n'a pas été annulée : ses avoirs se téléchargent chacun depuis la liste des avoirs.",
      );
    let relance: { niveau: number; date: string } | undefined;
    if (kind === 'relance') {
      const last = (await remindersRepository.reminders(ctx.db, id)).at(-1);
      if (!last) throw refused('no_reminder', "Aucune relance n'a été envoyée pour cette facture.");
      relance = { niveau: last.niveau, date: last.date };
    }
    return {
      nom: fileName(kind, order, relance?.niveau),
      contenu: await orderPdf(ctx.db, order, kind, ctx.clock.now(), relance),
    };
  },

  /** A credit note's PDF (Factur-X, type 381), whichever invoice it credits. */
  async creditNoteDocument(ctx: RequestContext, id: number): Promise<{ nom: string; contenu: Buffer }> {
    authorize(may(ctx, 'READ', null));
    const note = await orderRecords.creditNote(ctx.db, id);
    if (!note) throw notFound("Cet avoir n'existe pas.");
    const row = (await orderRecords.find(ctx.db, note.orderId))!;
    decide(
      orderMachine,
      row.order.etat,
      'DOWNLOAD_FACTURE',
      may(ctx, 'DOWNLOAD_FACTURE', factsOf(row.order)),
    );
    return {
      nom: `${note.numero}.pdf`,
      contenu: await creditNotePdf(ctx.db, row.order, note, ctx.clock.now()),
    };
  },
};
