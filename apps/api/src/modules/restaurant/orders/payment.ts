/**
 * An order at the desk (DECISIONS §5): paid at the bar (MENUS, any means) or by its author from their
 * card, its payment refused or undone. The card is debited or re-credited under its row lock (the
 * ledger), in the same transaction as the order's state change.
 */
import {
  deEntite,
  type MealOrder,
  type MealOrderAction,
  type PaymentMeans,
  type SoldeQuery,
} from '@union/contract';
import { authorize } from '../../../lib/authorize';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import { frenchDate } from '../../../lib/dates';
import { invalid, refused } from '../../../lib/errors';
import { decide } from '../../../lib/policy';
import { audit } from '../../audit/audit';
import { memberRightsRepository } from '../../entities/member-rights-repository';
import { debit, openCard, statedBalance, type StatedBalance } from '../cards/ledger';
import { insertCardMovement } from '../cards/books';
import { cardsRepository } from '../cards/repository';
import { loadRestaurantContext } from '../context';
import { orderMachine } from '../machine';
import { loadMeal } from '../meal';
import { isMenus, mayMeal, mayOrder } from '../policy';
import { orderAsItIs } from './reads';
import { mealOrdersRepository, type OrderRow } from './repository';
import { loadOrder } from './service';

/** Why a card is opened for a payment: the audit of an adjustment names it. */
const paidWhy = (o: OrderRow['order']) => ({
  action: 'meal_order_paid',
  recordType: 'meal_order',
  recordId: o.id,
});

const libelleOf = (row: OrderRow) => `Repas du ${frenchDate(row.jour)} – ${row.titre}`;

/**
 * What paying by each means does to a card: C debits the orderer's card, L their lodge's (the order must
 * be for a lodge whose card they hold). B (at the bar) and I (an invitation) touch no card.
 */
const CARD_PAYMENTS: Partial<
  Record<PaymentMeans, (tx: TxContext, row: OrderRow, stated: StatedBalance | undefined) => Promise<void>>
> = {
  C: async (tx, row, stated) => {
    const o = row.order;
    const card = await openCard(tx, { userId: o.userId }, stated, paidWhy(o));
    await debit(tx, card, o.montant, {
      orderId: o.id,
      libelle: libelleOf(row),
      carte: 'la carte Union',
      holder: o.userId,
    });
  },
  L: async (tx, row, stated) => {
    const o = row.order;
    if (o.entityId === null) {
      throw refused(
        'meal_order_not_for_lodge',
        "Moyen de paiement : cette commande n'est pas pour une loge ; choisissez un autre moyen.",
      );
    }
    // « la carte Union des Chevaliers du Rhône »: the order's lodge, named whenever entityId is set.
    const carte = `la carte Union ${deEntite(row.entite!)}`;
    const holders = await memberRightsRepository.forUser(tx.db, o.userId, 'carte_loge', tx.clock.today());
    if (!holders.some((e) => e.id === o.entityId)) {
      throw refused(
        'meal_order_no_lodge_card',
        `Moyen de paiement : ${row.prenom} ${row.nom} n'a pas ${carte}.`,
      );
    }
    const card = await openCard(tx, { entityId: o.entityId }, stated, paidWhy(o));
    await debit(tx, card, o.montant, {
      orderId: o.id,
      libelle: libelleOf(row),
      carte,
    });
  },
};

export const orderPaymentService = {
  /**
   * Pays an order: at the bar (MENUS, any means) or by its author from their card (C) or their lodge's
   * (L, with `carteLoge`). The card is debited in the same transaction as the state change. A card-read
   * balance (`solde`, MENUS only) adjusts the card first; it means nothing for B or I (412).
   */
  async pay(
    ctx: RequestContext,
    mealId: number,
    orderId: number,
    moyen: PaymentMeans,
    query: SoldeQuery,
  ): Promise<MealOrder> {
    const stated = statedBalance(ctx, query);
    if (stated && moyen !== 'C' && moyen !== 'L') {
      throw invalid(
        'Solde : le solde lu sur la carte ne sert qu’à un paiement par carte (C ou L) ; retirez-le pour ce moyen.',
      );
    }
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'READ', null));
      const meal = await loadMeal(tx.db, mealId);
      // The order's row locked first: two payments of one order queue, the second sees it paid (412).
      const row = await loadOrder(tx.db, mealId, orderId, true);
      const o = row.order;
      const facts = { userId: o.userId, entityId: o.entityId, mealOpen: true };
      const action: MealOrderAction = isMenus(rctx) ? 'PAY' : 'PAY_CARD';
      const byCard = moyen === 'C' || moyen === 'L';
      decide(
        orderMachine,
        o.etat,
        action,
        mayOrder(rctx, action, facts) && (action === 'PAY' || byCard),
        action === 'PAY_CARD'
          ? 'Vous ne pouvez payer vous-même une commande qu’avec votre carte Union (ou celle de votre loge si vous en avez la charge).'
          : undefined,
      );
      if (moyen === 'C' && action === 'PAY_CARD' && o.entityId !== null) {
        throw refused(
          'meal_order_lodge_card',
          'Moyen de paiement : une commande pour une loge se paie avec la carte de la loge (L).',
        );
      }
      await CARD_PAYMENTS[moyen]?.(tx, row, stated);
      await mealOrdersRepository.updateOrder(
        tx.db,
        o.id,
        {
          etat: 'P',
          moyen,
          paidById: tx.caller.id,
          paidAt: tx.clock.now(),
          dateRefus: null,
        },
        tx.clock.now(),
      );
      await audit.record(tx, {
        action: 'meal_order_paid',
        recordType: 'meal_order',
        recordId: o.id,
        details: { moyen, montant: moyen === 'I' ? 0 : o.montant },
      });
      return orderAsItIs(tx, rctx, meal, await loadOrder(tx.db, mealId, o.id));
    });
  },

  /**
   * Refuses the payment (MENUS): optionally noting the day (date=1) or the balance read on the card
   * (`solde`, which may adjust the card it would have been paid with).
   */
  async refuse(
    ctx: RequestContext,
    mealId: number,
    orderId: number,
    query: SoldeQuery & { date?: '1' },
  ): Promise<MealOrder> {
    const stated = statedBalance(ctx, query);
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'READ', null));
      const meal = await loadMeal(tx.db, mealId);
      const o = (await loadOrder(tx.db, mealId, orderId, true)).order;
      decide(
        orderMachine,
        o.etat,
        'REFUSE',
        mayOrder(rctx, 'REFUSE', { userId: o.userId, entityId: o.entityId, mealOpen: true }),
      );
      if (stated !== undefined) {
        const owner = o.entityId !== null ? { entityId: o.entityId } : { userId: o.userId };
        await openCard(tx, owner, stated, {
          action: 'meal_order_refused',
          recordType: 'meal_order',
          recordId: o.id,
        });
      }
      await mealOrdersRepository.updateOrder(
        tx.db,
        o.id,
        {
          etat: 'R',
          dateRefus: query.date === '1' ? tx.clock.today() : null,
        },
        tx.clock.now(),
      );
      await audit.record(tx, {
        action: 'meal_order_refused',
        recordType: 'meal_order',
        recordId: o.id,
        details: { date: query.date === '1' },
      });
      return orderAsItIs(tx, rctx, meal, await loadOrder(tx.db, mealId, o.id));
    });
  },

  /** Undoes a payment (MENUS): the card is re-credited by a reversing movement, never by deleting one. */
  async undoPayment(ctx: RequestContext, mealId: number, orderId: number): Promise<MealOrder> {
    return inTransaction(ctx, async (tx) => {
      const rctx = await loadRestaurantContext(tx);
      authorize(mayMeal(rctx, 'READ', null));
      const meal = await loadMeal(tx.db, mealId);
      const row = await loadOrder(tx.db, mealId, orderId, true);
      const o = row.order;
      decide(
        orderMachine,
        o.etat,
        'UNDO_PAYMENT',
        mayOrder(rctx, 'UNDO_PAYMENT', { userId: o.userId, entityId: o.entityId, mealOpen: true }),
      );
      if (o.moyen === 'C' || o.moyen === 'L') {
        const paid = await cardsRepository.lastDebitOf(tx.db, o.id);
        if (paid) {
          const owner =
            o.moyen === 'L' && o.entityId !== null ? { entityId: o.entityId } : { userId: o.userId };
          const card = await openCard(tx, owner, undefined, {
            action: 'meal_order_payment_undone',
            recordType: 'meal_order',
            recordId: o.id,
          });
          await insertCardMovement(tx, {
            cardId: card.cardId,
            type: 'A',
            montant: -paid.montant,
            orderId: o.id,
            authorId: tx.caller.id,
            libelle: `Paiement annulé : repas du ${frenchDate(row.jour)} – ${row.titre}`,
          });
        }
      }
      await mealOrdersRepository.updateOrder(
        tx.db,
        o.id,
        {
          etat: 'C',
          moyen: null,
          paidById: null,
          paidAt: null,
        },
        tx.clock.now(),
      );
      await audit.record(tx, {
        action: 'meal_order_payment_undone',
        recordType: 'meal_order',
        recordId: o.id,
        details: { moyen: o.moyen, montant: o.montant },
      });
      return orderAsItIs(tx, rctx, meal, await loadOrder(tx.db, mealId, o.id));
    });
  },
};
