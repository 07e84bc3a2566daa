/**
 * A SEPA batch collected, and its debits returned (issue 34 §4). The statement's credit of a batch sent to
 * the bank, confirmed, records one payment per debit through the payments' own use case (`payIn`: mode
 * prélèvement, dated the bank's value date, posted 512x ↔ 411) and marks the batch collected; credited
 * net, the debits the bank rejected before settlement are named, paid nothing and their lodges told. A
 * return (R-transaction: a debit line with its reason code and the debit's end-to-end id), confirmed,
 * reverses that debit's payment through the orders' own counter-entry, dated the bank's day of the return
 * (the invoice opens again, 411 ↔ 512x), keeps the reason on the debit, and e-mails the lodge (its
 * billing address) and the treasurer (the Union's contact address of the settings: no other treasurer's
 * address is kept) through the outbox. Each in one transaction, audited; once each, by the database
 * (`bank_lines_sepa_batch_once`, `bank_lines_sepa_line_once`, `sepa_batch_lines_payment_once`) and the
 * row locks.
 */
import {
  euros,
  sepaReturnReason,
  type BankLine,
  type BankSepaConfirm,
  type SepaLineProposal,
} from '@union/contract';
import { authorize } from '../../../lib/authorize';
import { guardConstraint } from '../../../lib/constraints';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import { frenchDate } from '../../../lib/dates';
import { notFound, refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { entityRepository } from '../../entities/entity-repository';
import { mailRepository } from '../../mail/repository';
import { unionSettings } from '../../settings/service';
import { bankAccountOf, dayOf } from './books';
import { alreadyDone, waitingLine } from './lines';
import { presentLine } from './presenter';
import { bankRepository, type BankLineRow } from './repository';
import { changeIn } from '../orders/service';
import { payIn } from '../payments/service';
import { may } from '../policy';
import { sepaBatchMachine } from '../sepa/machine';
import { returnLodgeEmail, returnTreasurerEmail } from '../sepa/mails';
import { endToEndOf, sepaProposal, type SepaBatchFacts } from './sepa-matching';
import { sepaRepository, type BatchRow } from '../sepa/repository';

const ONCE = {
  bank_lines_sepa_batch_once: {
    code: 'sepa_batch_state',
    message: 'Ce lot vient d’être encaissé par une autre ligne du relevé : rechargez la page.',
  },
  bank_lines_sepa_line_once: {
    code: 'sepa_returned',
    message: 'Ce prélèvement vient d’être enregistré comme rejeté : rechargez la page.',
  },
  sepa_batch_lines_payment_once: {
    code: 'sepa_batch_state',
    message: 'Ce lot vient d’être encaissé : rechargez la page.',
  },
} as const;

/** The batches a statement's lines may collect (sent) or whose debits may come back (collected). */
export async function sepaBatchFacts(ctx: RequestContext): Promise<SepaBatchFacts[]> {
  return (await sepaRepository.batchesIn(ctx.db, ['T', 'E'])).map(({ batch, lines }) => ({
    id: batch.id,
    messageId: batch.messageId,
    datePrelevement: batch.datePrelevement,
    etat: batch.etat,
    debits: lines,
  }));
}

/** What a line done in SEPA terms recorded: the batch it collected, or the debit it returned. */
export async function sepaDone(ctx: RequestContext, l: BankLineRow): Promise<SepaLineProposal | null> {
  const debit =
    l.sepaLineId !== null ? (await sepaRepository.linesOfIds(ctx.db, [l.sepaLineId]))[0] : undefined;
  const batchId = l.sepaBatchId ?? debit?.batchId;
  const batch = batchId === undefined ? undefined : await sepaRepository.batch(ctx.db, batchId);
  if (!batch) return null;
  const facts = { ...batch, debits: [] };
  if (debit)
    return sepaProposal(
      'RETOUR',
      'exacte',
      facts,
      [debit],
      `Retour du prélèvement ${endToEndOf(debit)} du lot ${batch.messageId}${l.motifRetour ? ` : ${sepaReturnReason(l.motifRetour)} (${l.motifRetour})` : ''}.`,
    );
  const all = await sepaRepository.linesOf(ctx.db, [batch.id]);
  // Those rejected before settlement were never paid; one returned later was.
  const debits = all.filter((d) => d.paymentId !== null);
  const rejetes = all.filter((d) => d.paymentId === null && d.motifRetour);
  return sepaProposal(
    'ENCAISSEMENT',
    'exacte',
    facts,
    debits,
    `Encaissement du lot ${batch.messageId} : ${debits.length} prélèvement${debits.length > 1 ? 's' : ''}${rejetes.length ? `, ${rejetes.length} rejeté${rejetes.length > 1 ? 's' : ''} avant règlement` : ''}.`,
    rejetes,
  );
}

const stateRefusal = (batch: BatchRow, action: 'COLLECT' | 'RETURN') =>
  refused(
    'sepa_batch_state',
    action === 'COLLECT'
      ? `Le lot ${batch.messageId} n’est pas en attente d’encaissement (il doit être transmis à la banque, et pas encore encaissé) : rechargez la page.`
      : `Le lot ${batch.messageId} n’est pas encaissé : un prélèvement n’est rejeté qu’après l’encaissement de son lot.`,
  );

/** The credit of a batch sent: one payment per debit, the batch collected, the debits rejected told. */
async function collect(
  tx: TxContext,
  line: BankLineRow,
  batch: BatchRow,
  rejetes: number[],
): Promise<BankLineRow> {
  if (!sepaBatchMachine.can(batch.etat, 'COLLECT')) throw stateRefusal(batch, 'COLLECT');
  const standing = (await sepaRepository.linesOf(tx.db, [batch.id]))
    .filter((d) => !d.motifRetour)
    .sort((a, b) => a.orderId - b.orderId);
  const rejected = standing.filter((d) => rejetes.includes(d.orderId));
  if (rejected.length !== new Set(rejetes).size)
    throw refused(
      'sepa_amount',
      `Un des prélèvements dits rejetés n’est pas dans le lot ${batch.messageId} : rechargez la page.`,
    );
  const debits = standing.filter((d) => !rejetes.includes(d.orderId));
  const total = debits.reduce((t, d) => t + d.montant, 0);
  if (total !== line.montant)
    throw refused(
      'sepa_amount',
      rejected.length
        ? `Cette ligne (${euros(line.montant)}) n’est pas le total du lot ${batch.messageId} moins les prélèvements rejetés (${euros(total)}).`
        : `Cette ligne (${euros(line.montant)}) n’est pas le total du lot ${batch.messageId} (${euros(total)}).`,
    );
  if (!debits.length)
    throw refused('sepa_amount', `Cette ligne n’encaisse aucun prélèvement du lot ${batch.messageId}.`);
  if (dayOf(line) < batch.datePrelevement)
    throw refused(
      'sepa_amount',
      `Cette ligne est du ${frenchDate(dayOf(line))}, avant le jour de prélèvement du lot ${batch.messageId} (${frenchDate(batch.datePrelevement)}).`,
    );
  const bank = await bankAccountOf(tx.db, line.iban);
  const paiements: number[] = [];
  for (const d of debits) {
    const payment = await payIn(
      tx,
      {
        idEntite: d.entityId,
        mode: 'P',
        date: dayOf(line),
        reference: batch.messageId.slice(0, 100),
        montant: d.montant,
        affectations: [{ idCommande: d.orderId, montant: d.montant }],
      },
      bank,
    );
    await sepaRepository.setPayment(tx.db, d.id, payment.id);
    paiements.push(payment.id);
  }
  // Rejected before settlement: never collected, so nothing to reverse; the lodges are told.
  for (const d of rejected) {
    if (!(await sepaRepository.markReturned(tx.db, d.id, NOT_SAID, dayOf(line))))
      throw refused('sepa_returned', ONCE.bank_lines_sepa_line_once.message);
    await tellReturned(tx, {
      debit: d,
      batch,
      code: NOT_SAID,
      day: dayOf(line),
      ligneBancaire: line.id,
      avantReglement: true,
    });
  }
  if (!(await sepaRepository.markCollected(tx.db, batch.id))) throw stateRefusal(batch, 'COLLECT');
  const at = tx.clock.now();
  if (!(await bankRepository.markDone(tx.db, line.id, { sepaBatchId: batch.id }, tx.caller.id, at)))
    throw alreadyDone();
  const rejetees = rejected.map((d) => d.orderId);
  await audit.record(tx, {
    action: 'sepa_batch_collected',
    recordType: 'sepa_batch',
    recordId: batch.id,
    details: { reference: batch.messageId, ligneBancaire: line.id, paiements, total, rejetees },
  });
  await audit.record(tx, {
    action: 'bank_sepa_collected',
    recordType: 'bank_line',
    recordId: line.id,
    details: { lot: batch.id, reference: batch.messageId, paiements, rejetees },
  });
  return { ...line, sepaBatchId: batch.id, doneById: tx.caller.id, doneAt: at };
}

/** The code a debit rejected before settlement keeps: a net credit does not say why. */
const NOT_SAID = 'MS03';

type DebitRow = Awaited<ReturnType<typeof sepaRepository.linesOf>>[number];

/** The lodge (its billing address) and the Union's contact told a debit came back, audited on the lodge. */
async function tellReturned(
  tx: TxContext,
  r: {
    debit: DebitRow;
    batch: BatchRow;
    code: string;
    day: string;
    ligneBancaire: number;
    /** Rejected before settlement: nothing was collected. */
    avantReglement: boolean;
  },
) {
  const { debit, batch, code, day, ligneBancaire, avantReglement } = r;
  const motif = sepaReturnReason(code);
  const settings = await unionSettings(tx.db);
  const entity = await entityRepository.find(tx.db, debit.entityId);
  const notice = {
    union: settings.identite.raisonSociale,
    entite: debit.entite,
    numero: debit.numeroFacture ?? `CMD-${debit.orderId}`,
    montant: debit.montant,
    datePrelevement: batch.datePrelevement,
    dateRetour: day,
    code,
    motif,
    avantReglement,
  };
  const emails = [
    ...(entity?.emailFacturation ? [returnLodgeEmail(entity.emailFacturation, notice)] : []),
    ...(settings.identite.email ? [returnTreasurerEmail(settings.identite.email, notice)] : []),
  ];
  await mailRepository.enqueueMany(tx.db, emails, tx.clock.now());
  await audit.record(tx, {
    action: 'sepa_debit_returned',
    recordType: 'entity',
    recordId: debit.entityId,
    details: {
      lot: batch.id,
      prelevement: debit.id,
      idCommande: debit.orderId,
      code,
      motif,
      ligneBancaire,
      avantReglement,
    },
  });
}

/** A return of one debit of a collected batch: its payment reversed, the lodge and the treasurer told. */
async function giveBack(tx: TxContext, line: BankLineRow, batch: BatchRow): Promise<BankLineRow> {
  if (!line.motifRetour)
    throw refused(
      'sepa_return_unknown',
      'Cette ligne au débit n’est pas un retour de prélèvement (le relevé ne donne pas de motif de rejet).',
    );
  if (!sepaBatchMachine.can(batch.etat, 'RETURN')) throw stateRefusal(batch, 'RETURN');
  const seen = (await sepaRepository.linesOf(tx.db, [batch.id])).find(
    (d) => endToEndOf(d) === line.endToEndId,
  );
  if (!seen)
    throw refused(
      'sepa_return_unknown',
      `Cette ligne ne nomme aucun prélèvement du lot ${batch.messageId} (référence de bout en bout « ${line.endToEndId ?? 'absente'} »).`,
    );
  const debit = (await sepaRepository.lockLine(tx.db, seen.id))!;
  if (debit.motifRetour)
    throw refused('sepa_returned', `Le prélèvement ${seen.numeroFacture} est déjà enregistré comme rejeté.`);
  if (debit.montant !== -line.montant || debit.paymentId === null)
    throw refused(
      'sepa_amount',
      `Le retour (${euros(-line.montant)}) n’est pas le montant du prélèvement ${seen.numeroFacture} (${euros(debit.montant)}).`,
    );
  const code = line.motifRetour;
  const motif = sepaReturnReason(code);
  const day = dayOf(line);
  await changeIn(
    tx,
    'REVERSE_PAYMENT',
    {
      id: debit.orderId,
      paiementId: debit.paymentId,
      motif: `Prélèvement SEPA rejeté par la banque le ${frenchDate(day)} : ${motif} (${code}).`,
    },
    day,
  );
  if (!(await sepaRepository.markReturned(tx.db, debit.id, code, day)))
    throw refused('sepa_returned', ONCE.bank_lines_sepa_line_once.message);
  const at = tx.clock.now();
  if (!(await bankRepository.markDone(tx.db, line.id, { sepaLineId: debit.id }, tx.caller.id, at)))
    throw alreadyDone();
  await tellReturned(tx, {
    debit: seen,
    batch,
    code,
    day,
    ligneBancaire: line.id,
    avantReglement: false,
  });
  await audit.record(tx, {
    action: 'bank_sepa_returned',
    recordType: 'bank_line',
    recordId: line.id,
    details: { lot: batch.id, prelevement: debit.id, paiementId: debit.paymentId, code },
  });
  return { ...line, sepaLineId: debit.id, doneById: tx.caller.id, doneAt: at };
}

/** Confirms a line as its batch's collection (a credit) or a debit's return (a debit), in one transaction. */
export async function confirmSepaIn(tx: TxContext, id: number, input: BankSepaConfirm): Promise<BankLineRow> {
  const line = await waitingLine(tx, id);
  const batch = await sepaRepository.lockBatch(tx.db, input.idLot);
  if (!batch) throw notFound('Ce lot de prélèvements n’existe pas.');
  if (line.montant < 0 && input.rejetes?.length)
    throw refused(
      'sepa_amount',
      'Les prélèvements rejetés avant règlement se désignent sur le crédit du lot, pas sur un retour.',
    );
  return guardConstraint(
    () => (line.montant > 0 ? collect(tx, line, batch, input.rejetes ?? []) : giveBack(tx, line, batch)),
    ONCE,
  );
}

export async function confirmSepaLine(
  ctx: RequestContext,
  id: number,
  input: BankSepaConfirm,
): Promise<BankLine> {
  authorize(may(ctx, 'KEEP_ACCOUNTS', null));
  return inTransaction(ctx, async (tx) => {
    const done = await confirmSepaIn(tx, id, input);
    return presentLine(done, null, null, await sepaDone(tx, done));
  });
}
