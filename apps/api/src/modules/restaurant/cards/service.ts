/**
 * The Union cards seen by their holder, and their online top-ups (DECISIONS §5): a top-up is asked (C),
 * paid through the provider's form (Lyra Systempay/PayZen protocol) whose signed notification (online.ts)
 * moves it to P or X, then staff with COMPTA_SAISIE validate it (V: the card is credited), take it into
 * account (R) or cancel it (X). The amount always comes from the stored top-up.
 */
import {
  API,
  PAGES,
  pathTo,
  type MyCard,
  type ProviderForm,
  type TopUp,
  type TopUpAction,
  type SoldeQuery,
  type TopUpSearch,
} from '@union/contract';
import type { Config } from '../../../config';
import { authorize } from '../../../lib/authorize';
import { guardConstraint } from '../../../lib/constraints';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import { notFound, refused } from '../../../lib/errors';
import { decide } from '../../../lib/policy';
import { audit } from '../../audit/audit';
import { providerUrl } from '../../payment-provider/provider';
import { sign } from '../../payment-provider/signature';
import { newTransaction } from '../../payment-provider/transactions';
import { topUpMachine } from '../machine';
import { mayCard, mayTopUp } from '../policy';
import { openCard, statedBalance, type StatedBalance } from './ledger';
import { mailMember } from './notify';
import { presentMovement, presentTopUp } from './presenter';
import { insertCardMovement } from './books';
import { cardsRepository, type TopUpRecord } from './repository';

/** One's own card: its balance, movements and top-ups, a new top-up and its form (PAYMENT). */
const mayUseCard = (ctx: RequestContext) => authorize(mayCard(ctx, 'USE', null));

/** Why a card is opened: the audit of an adjustment names the decision it rode on. */
type Why = { action: string; recordType: string; recordId: number };

/**
 * What each staff decision does to the card before the top-up's state changes: validation credits it
 * once (the unique movement per top-up is the database's word); the others only take the balance read
 * on the card, when one is stated.
 */
const EFFECTS: Record<
  TopUpAction,
  (tx: TxContext, p: TopUpRecord, stated: StatedBalance | undefined, why: Why) => Promise<void>
> = {
  VALIDATE: async (tx, p, stated, why) => {
    const card = await openCard(tx, { userId: p.userId }, stated, why);
    await guardConstraint(
      () =>
        insertCardMovement(tx, {
          cardId: card.cardId,
          type: 'R',
          montant: p.montant,
          paymentId: p.id,
          authorId: tx.caller.id,
          libelle: `Rechargement n° ${p.id} (carte bancaire)`,
        }),
      {
        card_movements_one_per_top_up: {
          code: 'top_up_already_credited',
          message: 'Ce rechargement a déjà crédité la carte.',
        },
      },
    );
  },
  TRANSFER: (tx, p, stated, why) => adjustOnly(tx, p, stated, why),
  CANCEL: (tx, p, stated, why) => adjustOnly(tx, p, stated, why),
};

async function adjustOnly(tx: TxContext, p: TopUpRecord, stated: StatedBalance | undefined, why: Why) {
  if (stated !== undefined) await openCard(tx, { userId: p.userId }, stated, why);
}

export const cardsService = {
  /** GET /api/user/payments: my card's balance (sum of the ledger), movements and top-ups. */
  async mine(ctx: RequestContext): Promise<MyCard> {
    mayUseCard(ctx);
    const solde = await cardsRepository.balanceOfUser(ctx.db, ctx.caller.id);
    const movements = await cardsRepository.movementsOfUser(ctx.db, ctx.caller.id);
    const topUps = await cardsRepository.topUpsOfUser(ctx.db, ctx.caller.id);
    return {
      solde,
      mouvements: movements.map(presentMovement),
      rechargements: topUps.map((row) => presentTopUp(ctx, row)),
    };
  },

  /** POST /api/user/payments: a top-up of `montant` cents, with its transaction id of the UTC day. */
  async create(ctx: RequestContext, montant: number): Promise<TopUp> {
    mayUseCard(ctx);
    return inTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      const p = await cardsRepository.insertTopUp(
        tx.db,
        { userId: tx.caller.id, montant, ...(await newTransaction(tx.db, now)) },
        now,
      );
      await audit.record(tx, {
        action: 'top_up_created',
        recordType: 'user_payment',
        recordId: p.id,
        details: { montant },
      });
      const row = await cardsRepository.findTopUpWithPerson(tx.db, p.id);
      return presentTopUp(tx, row!);
    });
  },

  /** GET /api/user/payments/{id}/systempay: the signed form fields, for my top-up still to pay. */
  async providerForm(ctx: RequestContext, config: Config, id: number): Promise<ProviderForm> {
    mayUseCard(ctx);
    const row = await cardsRepository.findTopUpWithPerson(ctx.db, id);
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
    authorize(mayTopUp(ctx, 'SEARCH', null));
    const rows = await cardsRepository.searchTopUps(ctx.db, {
      etats: criteria.etats,
      userId: criteria.idUser,
      debut: criteria.debut,
      fin: criteria.fin,
    });
    return rows.map((row) => presentTopUp(ctx, row));
  },

  /**
   * POST /api/payment/{id}/validate|transfer|cancel (COMPTA_SAISIE), with the balance read on the card
   * (`solde`, which only MENUS may state: a treasurer without it gets 403); what each does to the card is
   * its EFFECTS.
   */
  async act(ctx: RequestContext, id: number, action: TopUpAction, query: SoldeQuery): Promise<TopUp> {
    authorize(mayTopUp(ctx, action, null));
    const stated = statedBalance(ctx, query);
    return inTransaction(ctx, async (tx) => {
      const p = await cardsRepository.lockTopUp(tx.db, id);
      if (!p) throw notFound("Ce rechargement n'existe pas.");
      const next = decide(topUpMachine, p.etat, action, mayTopUp(tx, action, p));
      const why = { action: `top_up_${action.toLowerCase()}`, recordType: 'user_payment', recordId: p.id };
      await EFFECTS[action](tx, p, stated, why);
      await cardsRepository.setTopUpState(tx.db, p.id, { etat: next }, tx.clock.now());
      await audit.record(tx, {
        action: why.action,
        recordType: 'user_payment',
        recordId: p.id,
        details: { de: p.etat, vers: next, montant: p.montant },
      });
      await mailMember(tx.db, p, next, tx.publicUrl, tx.clock.now());
      const row = await cardsRepository.findTopUpWithPerson(tx.db, p.id);
      return presentTopUp(tx, row!);
    });
  },
};
