/**
 * The Union cards seen by their holder, and their online top-ups (DECISIONS §5): a top-up is asked (C),
 * paid through the provider's form (Lyra Systempay/PayZen protocol) whose signed notification moves it to
 * P or X, then staff with COMPTA_SAISIE validate it (V: the card is credited), take it into account (R) or
 * cancel it (X). The amount always comes from the stored top-up; a notification is applied once.
 */
import {
  API,
  PAGES,
  pathTo,
  recordIdOfText,
  type MyCard,
  type ProviderForm,
  type TopUp,
  type TopUpAction,
  type SoldeQuery,
  type TopUpSearch,
  type TopUpState,
} from '@union/contract';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { authorize, hasHabilitation } from '../../lib/authorize';
import { guardConstraint } from '../../lib/constraints';
import { inTransaction, type PublicContext, type RequestContext } from '../../lib/context';
import { notFound, refused } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit } from '../audit/audit';
import { mailRepository } from '../mail/repository';
import { usersRepository } from '../users/repository';
import { openCard, statedBalance } from './ledger';
import { topUpMachine } from './machine';
import { topUpEmail } from './mails';
import { mayTopUp } from './policy';
import { presentMovement, presentTopUp } from './presenter';
import { restaurantRepository, type TopUpRecord } from './repository';
import { hasValidSignature, sign, type Fields } from './signature';

/** Lyra's production payment page, used in production when SYSTEMPAY_URL is not set. */
export const SYSTEMPAY_DEFAULT_URL = 'https://paiement.systempay.fr/vads-payment/';

/** Whether the built-in simulator plays the provider: no provider URL, and never in production. */
export const simulatorEnabled = (config: Config) => !config.SYSTEMPAY_URL && config.NODE_ENV !== 'production';

export const providerUrl = (config: Config) =>
  config.SYSTEMPAY_URL ?? (simulatorEnabled(config) ? API.payments.simulator : SYSTEMPAY_DEFAULT_URL);

/** yyyyMMddHHmmss in UTC (vads_trans_date). */
const transDateOf = (at: Date) => at.toISOString().replace(/[-:T]/g, '').slice(0, 14);

const requirePayment = (ctx: RequestContext) => authorize(hasHabilitation(ctx.caller, 'PAYMENT'));

/** The provider's verdicts (vads_trans_status) that mean paid, and those that mean it will never be. */
const PAID_STATUSES = new Set(['AUTHORISED', 'AUTHORISED_TO_VALIDATE', 'CAPTURED', 'ACCEPTED']);
const FAILED_STATUSES = new Set(['REFUSED', 'ABANDONED', 'CANCELLED', 'EXPIRED', 'NOT_CREATED']);

async function mailMember(
  db: Executor,
  p: TopUpRecord,
  etat: TopUpState,
  publicUrl: string,
  at: Date,
): Promise<void> {
  const email = await usersRepository.emailOf(db, p.userId);
  if (email)
    await mailRepository.enqueue(
      db,
      topUpEmail(email, { id: p.id, montant: p.montant, etat }, publicUrl),
      at,
    );
}

export type IpnOutcome = 'applied' | 'already_applied' | 'ignored';

export const paymentsService = {
  /** GET /api/user/payments: my card's balance (sum of the ledger), movements and top-ups. */
  async mine(ctx: RequestContext): Promise<MyCard> {
    requirePayment(ctx);
    const solde = await restaurantRepository.balanceOfUser(ctx.db, ctx.caller.id);
    const movements = await restaurantRepository.movementsOfUser(ctx.db, ctx.caller.id);
    const topUps = await restaurantRepository.topUpsOfUser(ctx.db, ctx.caller.id);
    return {
      solde,
      mouvements: movements.map(presentMovement),
      rechargements: topUps.map((row) => presentTopUp(ctx, row)),
    };
  },

  /** POST /api/user/payments: a top-up of `montant` cents, with its transaction id of the UTC day. */
  async create(ctx: RequestContext, montant: number): Promise<TopUp> {
    requirePayment(ctx);
    return inTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      const day = now.toISOString().slice(0, 10);
      const n = await guardConstraint(() => restaurantRepository.nextTransId(tx.db, day), {
        payment_trans_counters_range: {
          code: 'trans_ids_exhausted',
          message: "Trop de paiements aujourd'hui : réessayez demain.",
        },
      });
      const p = await restaurantRepository.insertTopUp(
        tx.db,
        {
          userId: tx.caller.id,
          montant,
          transDay: day,
          transId: String(n).padStart(6, '0'),
          transDate: transDateOf(now),
        },
        tx.clock.now(),
      );
      await audit.record(tx, {
        action: 'top_up_created',
        recordType: 'user_payment',
        recordId: p.id,
        details: { montant },
      });
      const row = await restaurantRepository.findTopUpWithPerson(tx.db, p.id);
      return presentTopUp(tx, row!);
    });
  },

  /** GET /api/user/payments/{id}/systempay: the signed form fields, for my top-up still to pay. */
  async providerForm(ctx: RequestContext, config: Config, id: number): Promise<ProviderForm> {
    requirePayment(ctx);
    const row = await restaurantRepository.findTopUpWithPerson(ctx.db, id);
    // Another member's top-up is no business of the caller's: it does not exist for them.
    if (!row || row.payment.userId !== ctx.caller.id) throw notFound("Ce rechargement n'existe pas.");
    const p = row.payment;
    if (p.etat !== 'C') {
      throw refused('top_up_not_pending', "Ce rechargement n'est plus en attente de paiement.");
    }
    const fields: Record<string, string> = {
      vads_action_mode: 'INTERACTIVE',
      vads_amount: String(p.montant),
      vads_ctx_mode: config.SYSTEMPAY_MODE,
      vads_currency: '978',
      vads_cust_email: row.email,
      vads_cust_id: String(p.userId),
      vads_order_id: String(p.id),
      vads_page_action: 'PAYMENT',
      vads_payment_config: 'SINGLE',
      vads_site_id: config.SYSTEMPAY_SITE_ID,
      vads_trans_date: p.transDate,
      vads_trans_id: p.transId,
      vads_url_check: `${ctx.publicUrl}${API.payments.ipn}`,
      vads_url_return: ctx.publicUrl + pathTo(PAGES.card, {}, { rechargement: p.id }),
      vads_version: 'V2',
    };
    return { url: providerUrl(config), champs: { ...fields, signature: sign(fields, config.SYSTEMPAY_KEY) } };
  },

  /** POST /api/payment/search (COMPTA_SAISIE). */
  async search(ctx: RequestContext, criteria: TopUpSearch): Promise<TopUp[]> {
    authorize(hasHabilitation(ctx.caller, 'COMPTA_SAISIE'));
    const rows = await restaurantRepository.searchTopUps(ctx.db, {
      etats: criteria.etats,
      userId: criteria.idUser,
      debut: criteria.debut,
      fin: criteria.fin,
    });
    return rows.map((row) => presentTopUp(ctx, row));
  },

  /**
   * POST /api/payment/{id}/validate|transfer|cancel (COMPTA_SAISIE), with the balance read on the card
   * (`solde`, which only MENUS may state: a treasurer without it gets 403). Validation credits the card
   * once: the unique movement per top-up is the database's word.
   */
  async act(ctx: RequestContext, id: number, action: TopUpAction, query: SoldeQuery): Promise<TopUp> {
    authorize(mayTopUp(ctx, action, null));
    const stated = statedBalance(ctx, query);
    return inTransaction(ctx, async (tx) => {
      const p = await restaurantRepository.lockTopUp(tx.db, id);
      if (!p) throw notFound("Ce rechargement n'existe pas.");
      const next = decide(topUpMachine, p.etat, action, mayTopUp(tx, action, p));
      const why = { action: `top_up_${action.toLowerCase()}`, recordType: 'user_payment', recordId: p.id };
      if (action === 'VALIDATE') {
        const card = await openCard(tx, { userId: p.userId }, stated, why);
        await guardConstraint(
          () =>
            restaurantRepository.insertMovement(
              tx.db,
              {
                cardId: card.cardId,
                type: 'R',
                montant: p.montant,
                paymentId: p.id,
                authorId: tx.caller.id,
                libelle: `Rechargement n° ${p.id} (carte bancaire)`,
              },
              tx.clock.now(),
            ),
          {
            card_movements_one_per_top_up: {
              code: 'top_up_already_credited',
              message: 'Ce rechargement a déjà crédité la carte.',
            },
          },
        );
      } else if (stated !== undefined) {
        await openCard(tx, { userId: p.userId }, stated, why);
      }
      await restaurantRepository.setTopUpState(tx.db, p.id, { etat: next }, tx.clock.now());
      await audit.record(tx, {
        action: why.action,
        recordType: 'user_payment',
        recordId: p.id,
        details: { de: p.etat, vers: next, montant: p.montant },
      });
      await mailMember(tx.db, p, next, tx.publicUrl, tx.clock.now());
      const row = await restaurantRepository.findTopUpWithPerson(tx.db, p.id);
      return presentTopUp(tx, row!);
    });
  },

  /**
   * The provider's notification (IPN), public and authenticated by its signature alone. Checked: the
   * signature (constant time), our site id and mode, the euro, the stored top-up, its transaction and
   * amount. Applied once under the top-up's row lock: a repeat finds it no longer in C and changes
   * nothing, however many arrive at once.
   */
  async notification(ctx: PublicContext, config: Config, fields: Fields): Promise<IpnOutcome> {
    if (!hasValidSignature(fields, config.SYSTEMPAY_KEY)) {
      throw refused('ipn_bad_signature', 'Notification refusée : signature invalide.');
    }
    const mismatch = (field: string) =>
      refused('ipn_mismatch', `Notification refusée : ${field} ne correspond pas à la boutique.`);
    if (fields.vads_site_id !== config.SYSTEMPAY_SITE_ID) throw mismatch('vads_site_id');
    if (fields.vads_ctx_mode !== config.SYSTEMPAY_MODE) throw mismatch('vads_ctx_mode');
    if (fields.vads_currency !== '978') throw mismatch('vads_currency');
    const unknown = () => refused('ipn_unknown_payment', 'Notification refusée : transaction inconnue.');
    // We send plain decimal digits: what else `Number()` would read (" 3", "0x3", "3e0") names no top-up.
    const id = recordIdOfText(fields.vads_order_id);
    if (id === undefined) throw unknown();
    const status = fields.vads_trans_status ?? '';
    return ctx.db.transaction(async (tx) => {
      const p = await restaurantRepository.lockTopUp(tx, id);
      if (!p || p.transId !== fields.vads_trans_id || p.transDate !== fields.vads_trans_date) throw unknown();
      if (fields.vads_amount !== String(p.montant)) throw mismatch('vads_amount');
      const action = PAID_STATUSES.has(status) ? 'PAID' : FAILED_STATUSES.has(status) ? 'FAILED' : null;
      if (action === null) return 'ignored';
      if (!topUpMachine.can(p.etat, action)) return 'already_applied';
      const next = topUpMachine.next(p.etat, action);
      await restaurantRepository.setTopUpState(
        tx,
        p.id,
        { etat: next, providerStatus: status },
        ctx.clock.now(),
      );
      await audit.recordSystem(tx, ctx.clock.now(), {
        action: action === 'PAID' ? 'top_up_paid' : 'top_up_failed',
        recordType: 'user_payment',
        recordId: p.id,
        details: { statut: status, montant: p.montant },
      });
      await mailMember(tx, p, next, ctx.publicUrl, ctx.clock.now());
      return 'applied';
    });
  },
};
