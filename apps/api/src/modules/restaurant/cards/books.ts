/**
 * What the cards post to the books (issue 31 §2): every movement of a card is written here and becomes
 * an entry in the same transaction. The card holders' prepaid balances are 4191, one auxiliary account per
 * card; the counterpart depends on the movement: an online top-up came through the bank (BQ, 512), a
 * desk credit in cash is in the till (CA, 531 of that till) and by cheque waits in 5112 for its deposit, a
 * meal or a bar sale paid by card is a sale (VT, 706) and its cancellation gives it back, an adjustment to
 * the balance read on the card is a difference (OD, 658 or 758).
 */
import type { ChartRole, Till } from '@union/contract';
import type { Executor } from '../../../db/client';
import type { cardMovements, JournalCode } from '../../../db/schema';
import { bookkeeping, type BooksContext } from '../../bookkeeping/service';
import { cardsRepository } from './repository';

type NewMovement = typeof cardMovements.$inferInsert;

/** The journal and the counterpart of a movement of `montant` (signed: the card gains when positive). */
function counterpart(m: NewMovement): { journal: JournalCode; compte: ChartRole; till?: boolean } {
  switch (m.type) {
    case 'R':
      return { journal: 'BQ', compte: 'banque' };
    case 'G':
      return m.moyen === 'E'
        ? { journal: 'CA', compte: 'caisses', till: true }
        : { journal: 'CA', compte: 'cheques' };
    case 'J':
      return { journal: 'OD', compte: m.montant > 0 ? 'ecartsCharges' : 'ecartsProduits' };
    case 'P':
    case 'V':
    case 'A':
      return { journal: 'VT', compte: 'ventes' };
  }
}

/** The till's auxiliary account of 531: one per till. */
export const tillAccount = (caisse: Till) => ({
  num: `531${caisse}`,
  lib: `Caisse ${caisse === 'B' ? 'du bar' : 'de l’accueil'}`,
});

/** Writes the movement and posts its entry; answers the movement's id. `caisse`: the till of a desk credit. */
export async function insertCardMovement(tx: BooksContext, m: NewMovement, caisse?: Till): Promise<number> {
  const id = await cardsRepository.insertMovement(tx.db, m, tx.clock.now());
  const { journal, compte, till } = counterpart(m);
  const holder = await cardsRepository.holderName(tx.db, m.cardId);
  await bookkeeping.post(tx, {
    journal,
    date: tx.clock.today(),
    piece: m.reference ? m.reference : `CARTE-${id}`,
    libelle: `${m.libelle} – ${holder}`,
    source: `card_movement:${id}`,
    lines: [
      { compte, ...(till && caisse ? { aux: tillAccount(caisse) } : {}), montant: m.montant },
      { compte: 'cartes', aux: { num: `4191C${m.cardId}`, lib: holder }, montant: -m.montant },
    ],
  });
  return id;
}

/**
 * The cards topped up online, as the books hold them (issue 34): each online top-up's entry with its day,
 * piece, label and amount, debited on the chart's bank account `banque` (the card provider owes it until
 * its settlement). The bank's card settlements (compta/bank/) read them here, never the cards' tables.
 */
export async function onlineTopUpEntries(db: Executor, banque: string) {
  const ids = await cardsRepository.onlineTopUpIds(db);
  return bookkeeping.debitsOn(
    db,
    banque,
    ids.map((id) => `card_movement:${id}`),
  );
}
