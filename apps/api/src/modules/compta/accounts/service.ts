/**
 * An entity's account with the Union (issue 20): what its officers read in Gestion Loge (documents,
 * payments, reminders, balance), its PDFs, its statement for a period, and the start of an online card
 * payment of what remains on an invoice. Load the caller's offices once → authorize (403 before anything
 * is said of the entity) → the entity's own records only (an order of another entity is a 404 here).
 */
import {
  API,
  daysBetween,
  PAGES,
  pathTo,
  type AccountDocumentKind,
  type LodgeAccount,
  type PeriodQuery,
  type ProviderForm,
} from '@union/contract';
import type { Config } from '../../../config';
import type { Executor } from '../../../db/client';
import { authorize } from '../../../lib/authorize';
import { inTransaction, type RequestContext } from '../../../lib/context';
import { notFound, refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { memberRightsRepository } from '../../entities/member-rights-repository';
import { entityRepository } from '../../entities/entity-repository';
import { providerUrl } from '../../payment-provider/provider';
import { sign } from '../../payment-provider/signature';
import { newTransaction } from '../../payment-provider/transactions';
import { accountRepository } from '../../users/account-repository';
import { creditNotePdf, orderPdf } from '../documents/issued';
import { fileName } from '../documents/service';
import { paymentsRepository } from '../payments/repository';
import { RECORD_TYPE } from '../order-records/record';
import { orderRecords } from '../order-records/repository';
import { onlineOrderId } from './online';
import { mayAccount, type AccountContext } from './policy';
import { presentAccount, presentStatement } from './presenter';
import { accountsRepository } from './repository';
import { statementPdf, statementWorkbook } from './statement';

/** Who the caller is for the accounts: the active entities where they are an officer today. */
export async function loadAccountContext(ctx: RequestContext<Executor>): Promise<AccountContext> {
  const entities = await memberRightsRepository.purposesOfUser(ctx.db, ctx.caller.id, ctx.clock.today());
  return {
    caller: ctx.caller,
    officerOf: new Set(entities.filter((e) => e.gestion || e.carteLoge).map((e) => e.id)),
  };
}

const entityNotFound = () => notFound("Cette loge ou association n'existe pas.");
const orderNotInAccount = () => notFound("Cette pièce n'existe pas dans le compte de cette entité.");

/** The entity, once the caller may read its account (403 first, then 404). */
async function openAccount(ctx: RequestContext, entityId: number, action: 'READ_ACCOUNT' | 'PAY_ONLINE') {
  authorize(mayAccount(await loadAccountContext(ctx), action, { entityId }));
  const entity = await entityRepository.find(ctx.db, entityId);
  if (!entity) throw entityNotFound();
  return entity;
}

/** Statements cover at most ten years (the legal keeping of invoices). */
const STATEMENT_MAX_DAYS = 3_700;

export function checkPeriod(p: PeriodQuery, maxDays: number) {
  if (daysBetween(p.du, p.au) > maxDays)
    throw refused(
      'period_invalid',
      `La période est limitée à ${Math.floor(maxDays / 365)} ans : choisissez des dates plus proches.`,
    );
}

export const accountsService = {
  /** GET /api/loge/{idEntite}/compte. */
  async account(ctx: RequestContext, entityId: number): Promise<LodgeAccount> {
    const entity = await openAccount(ctx, entityId, 'READ_ACCOUNT');
    const account = await accountsRepository.entityAccount(ctx.db, entityId);
    const balance = await paymentsRepository.balance(ctx.db, entityId);
    return presentAccount(entity, account, balance, ctx.clock.today());
  },

  /** GET /api/loge/{idEntite}/compte/avoir/{id}: a credit note of the account (partial or whole). */
  async creditNote(
    ctx: RequestContext,
    entityId: number,
    id: number,
  ): Promise<{ nom: string; contenu: Buffer }> {
    await openAccount(ctx, entityId, 'READ_ACCOUNT');
    const note = await accountsRepository.creditNoteOfEntity(ctx.db, entityId, id);
    if (!note) throw notFound("Cet avoir n'existe pas dans le compte de cette entité.");
    const row = (await orderRecords.find(ctx.db, note.orderId))!;
    return {
      nom: `${note.numero}.pdf`,
      contenu: await creditNotePdf(ctx.db, row.order, note, ctx.clock.now()),
    };
  },

  /** GET /api/loge/{idEntite}/compte/commande/{id}/document/{kind}?niveau=. */
  async document(
    ctx: RequestContext,
    entityId: number,
    orderId: number,
    kind: AccountDocumentKind,
    niveau: number | undefined,
  ): Promise<{ nom: string; contenu: Buffer }> {
    await openAccount(ctx, entityId, 'READ_ACCOUNT');
    const row = await accountsRepository.orderOfEntity(ctx.db, entityId, orderId);
    if (!row) throw orderNotInAccount();
    const order = row.order;
    const missing = (what: string) => refused('no_document', `Cette pièce n'a pas ${what}.`);
    if (kind === 'devis' && !order.numeroDevis) throw missing('de devis');
    if (kind === 'facture' && !order.numeroFacture) throw missing('de facture émise');
    if (kind === 'avoir' && !order.numeroAvoir) throw missing("d'avoir");
    let relance: { niveau: number; date: string } | undefined;
    if (kind === 'relance') {
      relance = await accountsRepository.reminder(ctx.db, order.id, niveau);
      if (!relance) throw missing(niveau === undefined ? 'de relance' : `de relance de niveau ${niveau}`);
    } else if (niveau !== undefined) {
      throw refused('no_document', 'Le niveau ne se choisit que pour une relance.');
    }
    return {
      nom: fileName(kind, order, relance?.niveau),
      contenu: await orderPdf(ctx.db, order, kind, ctx.clock.now(), relance),
    };
  },

  /** GET /api/loge/{idEntite}/compte/releve/{format}?du=&au=. */
  async statement(
    ctx: RequestContext,
    entityId: number,
    format: 'pdf' | 'xlsx',
    period: PeriodQuery,
  ): Promise<{ nom: string; contenu: Buffer }> {
    checkPeriod(period, STATEMENT_MAX_DAYS);
    const entity = await openAccount(ctx, entityId, 'READ_ACCOUNT');
    const entries = await accountsRepository.ledger(ctx.db, period.au, entityId);
    const statement = presentStatement(entity, entries, period);
    const nom = `releve-${entity.code}-${period.du}-${period.au}.${format}`;
    const contenu =
      format === 'pdf' ? await statementPdf(ctx.db, statement) : await statementWorkbook(statement);
    return { nom, contenu };
  },

  /**
   * POST /api/loge/{idEntite}/compte/commande/{id}/paiement-cb: a new online payment of what remains due
   * (computed here, never sent by the browser), and the provider's signed form for it.
   */
  async startOnlinePayment(
    ctx: RequestContext,
    config: Config,
    entityId: number,
    orderId: number,
  ): Promise<ProviderForm> {
    await openAccount(ctx, entityId, 'PAY_ONLINE');
    return inTransaction(ctx, async (tx) => {
      const order = await orderRecords.lock(tx.db, orderId);
      if (!order || order.entityId !== entityId || !order.numeroFacture) throw orderNotInAccount();
      const row = await accountsRepository.orderOfEntity(tx.db, entityId, orderId);
      const reste = order.total - row!.paye;
      if (order.etat !== 'FE' || reste <= 0)
        throw refused('nothing_due', `Rien ne reste à payer sur la facture ${order.numeroFacture}.`);
      const now = tx.clock.now();
      const online = await accountsRepository.insertOnlinePayment(
        tx.db,
        { orderId, montant: reste, ...(await newTransaction(tx.db, now)), createdById: tx.caller.id },
        now,
      );
      await audit.record(tx, {
        action: 'invoice_online_payment_started',
        recordType: RECORD_TYPE,
        recordId: orderId,
        details: { montant: reste, paiementEnLigne: online.id },
      });
      const email = await accountRepository.emailOf(tx.db, tx.caller.id);
      const fields: Record<string, string> = {
        vads_action_mode: 'INTERACTIVE',
        vads_amount: String(online.montant),
        vads_ctx_mode: config.SYSTEMPAY_MODE,
        vads_currency: '978',
        ...(email ? { vads_cust_email: email } : {}),
        vads_cust_id: String(tx.caller.id),
        vads_order_id: onlineOrderId(online.id),
        vads_order_info: order.numeroFacture,
        vads_page_action: 'PAYMENT',
        vads_payment_config: 'SINGLE',
        vads_site_id: config.SYSTEMPAY_SITE_ID,
        vads_trans_date: online.transDate,
        vads_trans_id: online.transId,
        vads_url_check: `${tx.publicUrl}${API.payments.ipn}`,
        vads_url_return:
          tx.publicUrl + pathTo(PAGES.loge, {}, { entite: entityId, paiement: online.id, onglet: 'compte' }),
        vads_version: 'V2',
      };
      return {
        url: providerUrl(config),
        champs: { ...fields, signature: sign(fields, config.SYSTEMPAY_KEY) },
      };
    });
  },
};
