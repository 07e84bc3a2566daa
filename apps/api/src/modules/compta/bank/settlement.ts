/**
 * A card provider's transfer recorded as the settlement of online card payments (issue 34). The card
 * payments are in the books on the chart's bank account (`banque`, 512) from the day they are paid: with
 * the Union's bank accounts on 512x sub-accounts, that 512 holds what the provider owes until it pays
 * (docs/decisions/accounting.md). The settlement clears their gross from 512 into the statement's 512x
 * (the line's net) and 627 (the fees, gross less net); each card payment is settled once
 * (`bank_settled_entries_once`), the line once (`bank_lines_entry_once`).
 */
import { euros, type BankCardSettle, type BankLine } from '@union/contract';
import { authorize } from '../../../lib/authorize';
import { guardConstraint } from '../../../lib/constraints';
import { inTransaction, type RequestContext } from '../../../lib/context';
import { refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { bookkeeping, chart } from '../../bookkeeping/service';
import { may } from '../policy';
import { bankAccountOf, dayOf, pieceOf } from './books';
import { alreadyDone, waitingLine } from './lines';
import { presentLine } from './presenter';
import { bankRepository } from './repository';

const SETTLED = {
  code: 'bank_card_settled' as const,
  message:
    'Un des paiements par carte choisis vient d’être réglé par un autre virement, ou n’est pas un paiement par carte en attente : rechargez la page.',
};

export async function settleCards(ctx: RequestContext, id: number, input: BankCardSettle): Promise<BankLine> {
  authorize(may(ctx, 'KEEP_ACCOUNTS', null));
  return inTransaction(ctx, async (tx) => {
    const line = await waitingLine(tx, id);
    if (line.montant <= 0)
      throw refused(
        'bank_card_amount',
        'Une ligne au débit n’est pas le virement d’un prestataire de paiement.',
      );
    const bank = await bankAccountOf(tx.db, line.iban);
    if (!bank)
      throw refused(
        'bank_account_unknown',
        `Le compte ${line.iban} n’est plus parmi les comptes bancaires de l’Union : ajoutez-le dans Administration › Paramètres.`,
      );
    const { banque } = await chart(tx.db);
    const wanted = new Set(input.ecritures);
    const chosen = (await bankRepository.pendingCardPayments(tx.db, banque.num)).filter((p) =>
      wanted.has(p.idEcriture),
    );
    if (chosen.length !== wanted.size) throw refused(SETTLED.code, SETTLED.message);
    const brut = chosen.reduce((s, p) => s + p.montant, 0);
    const frais = brut - line.montant;
    if (frais < 0)
      throw refused(
        'bank_card_amount',
        `Le virement (${euros(line.montant)}) dépasse les paiements par carte choisis (${euros(brut)}) : choisissez les paiements des jours qu’il règle.`,
      );
    await guardConstraint(
      () =>
        bankRepository.insertSettled(
          tx.db,
          chosen.map((p) => ({ bankLineId: id, entryId: p.idEcriture, montant: p.montant })),
        ),
      { bank_settled_entries_once: SETTLED },
    );
    const source = `bank_line:${id}`;
    await bookkeeping.post(tx, {
      journal: 'BQ',
      date: dayOf(line),
      piece: pieceOf(line),
      libelle: `Règlement de ${chosen.length} paiement${chosen.length > 1 ? 's' : ''} par carte`,
      source,
      lines: [
        { compte: bank, montant: line.montant },
        { compte: 'fraisCarte', montant: frais },
        { compte: 'banque', montant: -brut },
      ],
    });
    const entryId = (await bankRepository.entryOf(tx.db, source))!;
    const at = tx.clock.now();
    const done = { entryId, compte: banque.num };
    if (!(await bankRepository.markDone(tx.db, id, done, tx.caller.id, at))) throw alreadyDone();
    await audit.record(tx, {
      action: 'bank_card_settled',
      recordType: 'bank_line',
      recordId: id,
      details: { ecritures: input.ecritures, brut, frais, entryId },
    });
    return presentLine({ ...line, ...done, doneById: tx.caller.id, doneAt: at }, null, null);
  });
}
