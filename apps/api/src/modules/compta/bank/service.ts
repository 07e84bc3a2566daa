/**
 * The Union's bank (issue 34): a statement imported (read off the main thread, each line stored once,
 * its opening balance checked against the previous statement's closing), its lines with what each is
 * proposed to pay, a line confirmed (the payment recorded by the payments' own use case, by transfer,
 * dated the bank's value date) or left aside with a note. Each write is audited.
 */
import { createHash } from 'node:crypto';
import {
  euros,
  type BankConfirm,
  type BankConfirmExactReport,
  type BankImpute,
  type BankImportReport,
  type BankLine,
  type BankStatement,
  type BankStatementSummary,
} from '@union/contract';
import { authorize } from '../../../lib/authorize';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import { AppError, notFound, refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { unionSettings } from '../../settings/service';
import { chart } from '../../bookkeeping/service';
import { payIn } from '../payments/service';
import { may } from '../policy';
import type { CamtEntry, CamtStatement } from './camt';
import { bankAccountOf, dayOf, postImputation } from './books';
import { matchIndex, propose, type MatchIndex } from './matching';
import { alreadyDone, waitingLine } from './lines';
import { lineState, presentLine, presentStatement } from './presenter';
import { isProviderLine, proposeSettlement } from './card-settlement';
import { bankRepository, type BankLineRow, type BankStatementRow, type NewBankLine } from './repository';
import { prepareImport, rememberColumns, type StatementFile } from './import-file';
import { confirmSepaIn, sepaBatchFacts, sepaDone } from './sepa-collection';
import { proposeSepa } from './sepa-matching';

export type { StatementFile } from './import-file';

/**
 * Each line's key: the bank's reference of the entry, else a hash of its day, amount and text and of
 * how many same lines came before it in the file (two equal transfers of one day stay two lines).
 */
export function lineKeys(entries: CamtEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    if (e.reference) return `ref:${e.reference}`;
    const what = `${e.dateComptable}|${e.montant}|${e.libelle}`;
    const n = (seen.get(what) ?? 0) + 1;
    seen.set(what, n);
    return `hash:${createHash('sha256').update(`${what}|${n}`).digest('hex')}`;
  });
}

async function summaryOf(
  ctx: RequestContext,
  s: BankStatementRow,
  who: { prenom: string | null; nom: string | null },
) {
  const { comptesBancaires } = await unionSettings(ctx.db);
  const previous = await bankRepository.previous(ctx.db, s);
  return presentStatement(s, who, comptesBancaires, previous ? previous.soldeCloture : undefined);
}

async function index(ctx: RequestContext): Promise<MatchIndex> {
  const invoices = (await bankRepository.openInvoices(ctx.db)).map(({ annee, tranche, ...i }) => ({
    ...i,
    appel: tranche ? { annee, tranche } : null,
  }));
  return matchIndex(invoices, await bankRepository.knownIbans(ctx.db));
}

/** Why a statement does not follow on: its opening against the previous closing, its own sum. */
function alertsOf(summary: BankStatementSummary, s: CamtStatement): string[] {
  const alerts: string[] = [];
  if (summary.ecart)
    alerts.push(
      `Le solde d’ouverture du relevé ${s.identifiant} (${euros(s.soldeOuverture!)}) ne suit pas le solde de clôture du relevé précédent : écart de ${euros(summary.ecart)}.`,
    );
  if (s.soldeOuverture !== null && s.soldeCloture !== null) {
    const sum = s.ecritures.reduce((t, e) => t + e.montant, s.soldeOuverture);
    if (sum !== s.soldeCloture)
      alerts.push(
        `Le relevé ${s.identifiant} ne se boucle pas : solde d’ouverture et écritures donnent ${euros(sum)}, le solde de clôture est de ${euros(s.soldeCloture)}.`,
      );
  }
  return alerts;
}

async function importOne(tx: TxContext, file: string, s: CamtStatement) {
  const { comptesBancaires } = await unionSettings(tx.db);
  if (!comptesBancaires.some((a) => a.iban === s.iban))
    throw refused(
      'bank_account_unknown',
      `Le relevé ${s.identifiant} porte sur le compte ${s.iban}, qui n’est pas parmi les comptes bancaires de l’Union : ajoutez-le dans Administration › Paramètres.`,
    );
  const statement =
    (await bankRepository.findStatement(tx.db, s.iban, s.identifiant)) ??
    (await bankRepository.insertStatement(tx.db, {
      iban: s.iban,
      identifiant: s.identifiant.slice(0, 100),
      du: s.du ?? s.ecritures[0]?.dateComptable ?? null,
      au: s.au ?? s.ecritures.at(-1)?.dateComptable ?? null,
      soldeOuverture: s.soldeOuverture,
      soldeCloture: s.soldeCloture,
      fichier: file,
      importedById: tx.caller.id,
      importedAt: tx.clock.now(),
    }));
  const keys = lineKeys(s.ecritures);
  const rows: NewBankLine[] = s.ecritures.map((e, i) => ({
    statementId: statement.id,
    iban: s.iban,
    cle: keys[i]!,
    dateComptable: e.dateComptable,
    dateValeur: e.dateValeur,
    montant: e.montant,
    reference: e.reference,
    contrepartie: e.contrepartie,
    ibanContrepartie: e.ibanContrepartie,
    libelle: e.libelle,
    motifRetour: e.motifRetour ?? null,
    endToEndId: e.endToEndId?.slice(0, 35) ?? null,
  }));
  const nouvelles = await bankRepository.insertLines(tx.db, rows);
  await audit.record(tx, {
    action: 'bank_statement_imported',
    recordType: 'bank_statement',
    recordId: statement.id,
    details: { fichier: file, identifiant: s.identifiant, lignes: rows.length, nouvelles },
  });
  return { statement, nouvelles, lignes: rows.length };
}

/** Records a line's payment and marks it done, in the caller's transaction. */
async function confirmIn(tx: TxContext, id: number, input: BankConfirm): Promise<BankLineRow> {
  const line = await waitingLine(tx, id);
  if (line.montant <= 0)
    throw refused('bank_line_done', 'Une ligne au débit n’est pas le paiement d’une facture.');
  const payment = await payIn(
    tx,
    {
      idEntite: input.idEntite,
      mode: 'V',
      date: dayOf(line),
      reference: line.reference?.slice(0, 100) ?? null,
      montant: line.montant,
      affectations: input.affectations,
    },
    await bankAccountOf(tx.db, line.iban),
  );
  const at = tx.clock.now();
  if (!(await bankRepository.markDone(tx.db, id, { paymentId: payment.id }, tx.caller.id, at)))
    throw alreadyDone();
  await audit.record(tx, {
    action: 'bank_line_confirmed',
    recordType: 'bank_line',
    recordId: id,
    details: { paiementId: payment.id, idEntite: input.idEntite, affectations: input.affectations },
  });
  return { ...line, paymentId: payment.id, doneById: tx.caller.id, doneAt: at };
}

export const bankService = {
  async importStatement(ctx: RequestContext, read: () => Promise<StatementFile>): Promise<BankImportReport> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    const file = await read();
    const prepared = await prepareImport(ctx, file);
    if ('question' in prepared)
      return { format: 'csv', csv: prepared.question, releves: [], nouvelles: 0, alertes: [] };
    return inTransaction(ctx, async (tx) => {
      const report: BankImportReport = {
        format: prepared.format,
        csv: null,
        releves: [],
        nouvelles: 0,
        alertes: [],
      };
      if (prepared.remember) await rememberColumns(tx, prepared.remember.iban, prepared.remember.colonnes);
      for (const s of prepared.statements) {
        const { statement, nouvelles, lignes } = await importOne(tx, file.nom, s);
        const who = (await bankRepository.find(tx.db, statement.id))!;
        const summary = await summaryOf(tx, statement, who);
        report.releves.push({ ...summary, lignes, nouvelles });
        report.nouvelles += nouvelles;
        report.alertes.push(...alertsOf(summary, s));
      }
      return report;
    });
  },

  async statements(ctx: RequestContext): Promise<BankStatementSummary[]> {
    authorize(may(ctx, 'READ', null));
    const rows = await bankRepository.list(ctx.db);
    const out: BankStatementSummary[] = [];
    for (const row of rows) out.push(await summaryOf(ctx, row.statement, row));
    return out;
  },

  async statement(ctx: RequestContext, id: number): Promise<BankStatement> {
    authorize(may(ctx, 'READ', null));
    const row = await bankRepository.find(ctx.db, id);
    if (!row) throw notFound('Ce relevé n’existe pas.');
    const matches = await index(ctx);
    const lines = await bankRepository.linesOf(ctx.db, row.statement);
    const providers = lines.filter((l) => lineState(l) === 'A_TRAITER' && isProviderLine(l));
    const pending = providers.length
      ? await bankRepository.pendingCardPayments(ctx.db, (await chart(ctx.db)).banque.num)
      : [];
    const batches = await sepaBatchFacts(ctx);
    const lignes: BankLine[] = [];
    for (const l of lines) {
      // A SEPA batch's credit, or a debit's return, is proposed against the batch, never an invoice; a
      // provider's transfer against the card payments.
      const sepa = lineState(l) === 'A_TRAITER' ? proposeSepa(l, batches) : await sepaDone(ctx, l);
      lignes.push(
        sepa
          ? presentLine(l, null, null, sepa)
          : providers.includes(l)
            ? presentLine(l, null, proposeSettlement(l, pending))
            : presentLine(l, propose(l, matches)),
      );
    }
    return { ...(await summaryOf(ctx, row.statement, row)), lignes };
  },

  async confirmLine(ctx: RequestContext, id: number, input: BankConfirm): Promise<BankLine> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => presentLine(await confirmIn(tx, id, input), null));
  },

  /** Every exact match of the statement, each in its own transaction: one refused leaves the others. */
  async confirmExact(ctx: RequestContext, id: number): Promise<BankConfirmExactReport> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    const { lignes } = await bankService.statement(ctx, id);
    const report: BankConfirmExactReport = { confirmees: 0, refusees: [] };
    for (const line of lignes) {
      const p = line.proposition;
      const sepa = line.etat === 'A_TRAITER' ? line.prelevement : null;
      if (p?.nature !== 'exacte' && sepa?.nature !== 'exacte') continue;
      try {
        await inTransaction(ctx, (tx) =>
          sepa
            ? confirmSepaIn(tx, line.id, { idLot: sepa.idLot })
            : confirmIn(tx, line.id, {
                idEntite: p!.idEntite,
                affectations: p!.factures.map((f) => ({ idCommande: f.idCommande, montant: f.montant })),
              }),
        );
        report.confirmees++;
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 412) throw error;
        report.refusees.push({ idLigne: line.id, raison: error.message });
      }
    }
    await inTransaction(ctx, (tx) =>
      audit.record(tx, {
        action: 'bank_exact_confirmed',
        recordType: 'bank_statement',
        recordId: id,
        details: { confirmees: report.confirmees, refusees: report.refusees.length },
      }),
    );
    return report;
  },

  async ignoreLine(ctx: RequestContext, id: number, note: string): Promise<BankLine> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const line = await bankRepository.lockLine(tx.db, id);
      if (!line) throw notFound('Cette ligne de relevé n’existe pas.');
      const at = tx.clock.now();
      if (!(await bankRepository.markDone(tx.db, id, { note }, tx.caller.id, at))) throw alreadyDone();
      await audit.record(tx, {
        action: 'bank_line_ignored',
        recordType: 'bank_line',
        recordId: id,
        details: { note },
      });
      return presentLine({ ...line, note, doneById: tx.caller.id, doneAt: at }, null);
    });
  },

  /**
   * Gives a line an account of the chart (an expense of the Union, bank charges, a gift): one BQ entry
   * between that account and the statement's 512x, once (the line's `entry_id`, unique, and the journal's
   * one entry per source), audited.
   */
  async imputeLine(ctx: RequestContext, id: number, input: BankImpute): Promise<BankLine> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const line = await waitingLine(tx, id);
      const bank = await bankAccountOf(tx.db, line.iban);
      if (!bank)
        throw refused(
          'bank_account_unknown',
          `Le compte ${line.iban} n’est plus parmi les comptes bancaires de l’Union : ajoutez-le dans Administration › Paramètres pour imputer ses lignes.`,
        );
      if (input.compte.num === bank.num || /^(411|4191|512)/.test(input.compte.num))
        throw refused(
          'bank_account_invalid',
          `Le compte ${input.compte.num} ne convient pas : une ligne de banque s’impute sur un compte de charge (6…), de produit (7…) ou de tiers, pas sur un compte de banque ni le compte d’une loge ou d’une carte (confirmez alors la ligne comme un paiement).`,
        );
      const entryId = await postImputation(tx, line, input, bank);
      const at = tx.clock.now();
      const done = { entryId, compte: input.compte.num };
      if (!(await bankRepository.markDone(tx.db, id, done, tx.caller.id, at))) throw alreadyDone();
      await audit.record(tx, {
        action: 'bank_line_imputed',
        recordType: 'bank_line',
        recordId: id,
        details: { compte: input.compte.num, intitule: input.compte.lib, libelle: input.libelle, entryId },
      });
      return presentLine({ ...line, ...done, doneById: tx.caller.id, doneAt: at }, null);
    });
  },
};
