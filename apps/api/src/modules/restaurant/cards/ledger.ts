/**
 * The Union cards' ledger (DECISIONS §5): a card's balance is the sum of its movements. Every write locks
 * the card's row first, so the balance it reads cannot change before its own movement is written: two
 * payments on one card queue, and the second sees the first (no card ever goes negative).
 */
import { ADJUSTMENT_REASON_THRESHOLD, euros, type SoldeQuery } from '@union/contract';
import { authorize } from '../../../lib/authorize';
import type { RequestContext, TxContext } from '../../../lib/context';
import { invalid, refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { STATE_BALANCE_REFUSED, mayCard } from '../policy';
import { insertCardMovement } from './books';
import { cardsRepository, type CardOwner } from './repository';

/** A balance staff read on the physical card, and why it differs from the ledger (a `motif`). */
export interface StatedBalance {
  solde: number;
  motif: string | undefined;
}

/**
 * The card-read balance a call's query states, or undefined when it states none. Only MENUS may state
 * one (403, before anything is read or written, whatever else the caller may do on the call); a `motif`
 * without a `solde` explains nothing and is refused (412) rather than silently dropped.
 */
export function statedBalance(
  ctx: Pick<RequestContext, 'caller'>,
  query: SoldeQuery,
): StatedBalance | undefined {
  // The schema trims the motif: a blank one is none.
  const motif = query.motif ? query.motif : undefined;
  if (query.solde === undefined && motif === undefined) return undefined;
  authorize(mayCard(ctx, 'STATE_BALANCE', null), STATE_BALANCE_REFUSED);
  if (query.solde === undefined) {
    throw invalid(
      'Motif : il accompagne un solde lu sur la carte (solde) ; indiquez ce solde ou retirez le motif.',
    );
  }
  return { solde: query.solde, motif };
}

export interface LockedCard {
  cardId: number;
  balance: number;
}

/**
 * Locks the owner's card and reads its balance. When staff send the balance they read on the physical
 * card (`statedBalance`) and it differs, an adjustment movement records the difference, its author and,
 * over 500 €, its reason (412 without one); the audit log keeps the same. The balance is then theirs.
 */
export async function openCard(
  ctx: TxContext,
  owner: CardOwner,
  stated: StatedBalance | undefined,
  why: { action: string; recordType: string; recordId: number },
): Promise<LockedCard> {
  const cardId = await cardsRepository.lockCard(ctx.db, owner, ctx.clock.now());
  const balance = await cardsRepository.balance(ctx.db, cardId);
  if (stated === undefined || stated.solde === balance) return { cardId, balance };
  // The ledger's own lock: whatever route brought it here, only MENUS rewrites a balance.
  authorize(mayCard(ctx, 'STATE_BALANCE', null), STATE_BALANCE_REFUSED);
  const { solde, motif } = stated;
  const difference = solde - balance;
  if (Math.abs(difference) > ADJUSTMENT_REASON_THRESHOLD && motif === undefined) {
    throw refused(
      'card_adjustment_reason_required',
      `Motif : un ajustement de plus de ${euros(ADJUSTMENT_REASON_THRESHOLD)} demande un motif. ` +
        `Le solde lu sur la carte (${euros(solde)}) s'écarte de ${euros(Math.abs(difference))} du registre ` +
        `(${euros(balance)}) : vérifiez le solde lu, ou indiquez pourquoi dans « Motif ».`,
    );
  }
  await insertCardMovement(ctx, {
    cardId,
    type: 'J',
    montant: difference,
    authorId: ctx.caller.id,
    libelle:
      `Ajustement : solde lu sur la carte ${euros(solde)}, registre ${euros(balance)}` +
      (motif === undefined ? '' : ` – motif : ${motif}`),
  });
  await audit.record(ctx, {
    action: 'card_adjusted',
    recordType: 'card',
    recordId: cardId,
    details: { registre: balance, lu: solde, difference, motif: motif ?? null, pour: why },
  });
  return { cardId, balance: solde };
}

/**
 * Debits the locked card, or refuses with the balance and the amount when it is not enough. A member's
 * card (`holder`) whose top-up waits for the treasurer's validation says so: the money is paid but not yet
 * on the card, and the member reads why and where to see it (`card_top_up_awaiting_validation` to the
 * holder, whose screen links to their card; the plain refusal, with the same sentence, to staff).
 */
export async function debit(
  ctx: TxContext,
  card: LockedCard,
  amount: number,
  movement: { orderId: number; libelle: string; carte: string; holder?: number },
): Promise<void> {
  if (amount === 0) return;
  if (card.balance < amount) {
    const short = `Solde insuffisant : ${movement.carte} a un solde de ${euros(card.balance)} pour un montant de ${euros(amount)}.`;
    const waiting =
      movement.holder === undefined ? 0 : await cardsRepository.waitingAmountOfUser(ctx.db, movement.holder);
    if (waiting > 0) {
      throw refused(
        movement.holder === ctx.caller.id ? 'card_top_up_awaiting_validation' : 'card_insufficient_balance',
        `${short} Un rechargement de ${euros(waiting)} attend la validation du trésorier : il comptera dans le solde une fois validé.`,
      );
    }
    throw refused(
      'card_insufficient_balance',
      `${short} Rechargez la carte ou choisissez un autre moyen de paiement.`,
    );
  }
  await insertCardMovement(ctx, {
    cardId: card.cardId,
    type: 'P',
    montant: -amount,
    orderId: movement.orderId,
    authorId: ctx.caller.id,
    libelle: movement.libelle,
  });
}
