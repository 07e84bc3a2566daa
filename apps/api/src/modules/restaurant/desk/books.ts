/**
 * What the tills post to the books (issue 31 §2): the float moved from the cash box (530) into the till
 * (531 of that till) at the opening; at the close, the cash counted goes back to 530 and what the till
 * should have held leaves 531, a difference going to 658 (missing) or 758 (in excess). The till's account
 * is thus back to nothing after each session; the cash credits of cards between are posted by cards/books.ts.
 */
import { Till } from '@union/contract';
import type { TxContext } from '../../../lib/context';
import { bookkeeping } from '../../bookkeeping/service';
import { tillAccount } from '../cards/books';

export async function postTillOpening(
  tx: TxContext,
  session: { id: number; caisse: Till; fondInitial: number },
) {
  await bookkeeping.post(tx, {
    journal: 'CA',
    date: tx.clock.today(),
    piece: `CAISSE-${session.id}`,
    libelle: `Ouverture de la caisse « ${Till.labels[session.caisse]} » : fond de caisse`,
    source: `till_opened:${session.id}`,
    lines: [
      { compte: 'caisses', aux: tillAccount(session.caisse), montant: session.fondInitial },
      { compte: 'caisse', montant: -session.fondInitial },
    ],
  });
}

export async function postTillClosing(
  tx: TxContext,
  session: { id: number; caisse: Till },
  counted: { attendu: number; compte: number },
) {
  const ecart = counted.compte - counted.attendu;
  await bookkeeping.post(tx, {
    journal: 'CA',
    date: tx.clock.today(),
    piece: `CAISSE-${session.id}`,
    libelle:
      `Clôture de la caisse « ${Till.labels[session.caisse]} »` + (ecart === 0 ? '' : ` : écart de caisse`),
    source: `till_closed:${session.id}`,
    lines: [
      { compte: 'caisse', montant: counted.compte },
      { compte: 'caisses', aux: tillAccount(session.caisse), montant: -counted.attendu },
      { compte: ecart < 0 ? 'ecartsCharges' : 'ecartsProduits', montant: -ecart },
    ],
  });
}
