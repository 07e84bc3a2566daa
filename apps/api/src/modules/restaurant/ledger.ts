/**
 * The Union cards' ledger (DECISIONS §5): a card's balance is the sum of its movements. Every write locks
 * the card's row first, so the balance it reads cannot change before its own movement is written: two
 * payments on one card queue, and the second sees the first (no card ever goes negative).
 */
import { euros } from '@union/contract';
import type { TxContext } from '../../lib/context';
import { refused } from '../../lib/errors';
import { audit } from '../audit/audit';
import { restaurantRepository, type CardOwner } from './repository';

export interface LockedCard {
  cardId: number;
  balance: number;
}

/**
 * Locks the owner's card and reads its balance. When staff send the balance they read on the physical
 * card (`solde`) and it differs, an adjustment movement records the difference, with who and why in the
 * audit log; the balance is then theirs.
 */
export async function openCard(
  ctx: TxContext,
  owner: CardOwner,
  solde: number | undefined,
  why: { action: string; recordType: string; recordId: number },
): Promise<LockedCard> {
  const cardId = await restaurantRepository.lockCard(ctx.db, owner, ctx.clock.now());
  const balance = await restaurantRepository.balance(ctx.db, cardId);
  if (solde === undefined || solde === balance) return { cardId, balance };
  const difference = solde - balance;
  await restaurantRepository.insertMovement(
    ctx.db,
    {
      cardId,
      type: 'J',
      montant: difference,
      authorId: ctx.caller.id,
      libelle: `Ajustement : solde lu sur la carte ${euros(solde)}, registre ${euros(balance)}`,
    },
    ctx.clock.now(),
  );
  await audit.record(ctx, {
    action: 'card_adjusted',
    recordType: 'card',
    recordId: cardId,
    details: { registre: balance, lu: solde, difference, pour: why },
  });
  return { cardId, balance: solde };
}

/** Debits the locked card, or refuses with the balance and the amount when it is not enough. */
export async function debit(
  ctx: TxContext,
  card: LockedCard,
  amount: number,
  movement: { orderId: number; libelle: string; carte: string },
): Promise<void> {
  if (amount === 0) return;
  if (card.balance < amount) {
    throw refused(
      'card_insufficient_balance',
      `Solde insuffisant : ${movement.carte} a un solde de ${euros(card.balance)} pour un montant de ${euros(amount)}. ` +
        'Rechargez la carte ou choisissez un autre moyen de paiement.',
    );
  }
  await restaurantRepository.insertMovement(
    ctx.db,
    {
      cardId: card.cardId,
      type: 'P',
      montant: -amount,
      orderId: movement.orderId,
      authorId: ctx.caller.id,
      libelle: movement.libelle,
    },
    ctx.clock.now(),
  );
}
