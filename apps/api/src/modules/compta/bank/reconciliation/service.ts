/**
 * The bank reconciled (issue 34 §3): a Union bank account at a date, its statement balance against its
 * 512 account's, the difference explained by the lines each side lacks; and « Valider le rapprochement »,
 * which records the account, the date and both balances, and from then closes the period in the database
 * (migration 0050's triggers). Audited.
 */
import type {
  BankReconciliation,
  BankReconciliationLock,
  BankReconciliationQuery,
  BankReconciliationValidate,
} from '@union/contract';
import { authorize } from '../../../../lib/authorize';
import { guardConstraint } from '../../../../lib/constraints';
import { inTransaction, type RequestContext } from '../../../../lib/context';
import { refused } from '../../../../lib/errors';
import { audit } from '../../../audit/audit';
import { unionSettings } from '../../../settings/service';
import { may } from '../../policy';
import { presentReconciliation } from './presenter';
import { reconciliationRepository as repo } from './repository';

async function accountOf(ctx: RequestContext, iban: string | undefined) {
  const { comptesBancaires } = await unionSettings(ctx.db);
  const comptes = comptesBancaires.map(({ nom, iban, compte }) => ({ nom, iban, compte }));
  const wanted = iban?.replace(/\s+/g, '').toUpperCase();
  const compte = wanted ? comptes.find((a) => a.iban === wanted) : comptes[0];
  if (wanted && !compte)
    throw refused(
      'bank_account_unknown',
      'Ce compte n’est pas parmi les comptes bancaires de l’Union : choisissez-en un dans la liste.',
    );
  return { comptes, compte: compte ?? null };
}

async function lastLock(ctx: RequestContext, iban: string): Promise<BankReconciliationLock | null> {
  const row = await repo.last(ctx.db, iban);
  if (!row) return null;
  return {
    date: row.lock.date,
    soldeReleve: row.lock.soldeReleve,
    soldeComptable: row.lock.soldeComptable,
    par: [row.prenom, row.nom].filter(Boolean).join(' '),
    le: row.lock.validatedAt.toISOString(),
  };
}

/** The account at the date, read in the caller's transaction (or outside any). */
async function stateOf(ctx: RequestContext, iban: string | undefined, day: string | undefined) {
  const { comptes, compte } = await accountOf(ctx, iban);
  const today = ctx.clock.today();
  const date = day ?? today;
  const facts = { comptes, compte, date, today, lignes: [], ecritures: [], verrou: null, figures: null };
  if (!compte) return presentReconciliation(facts);
  const figures = await repo.figures(ctx.db, compte.iban, compte.compte, date);
  const window = figures.debut ? { ...compte, debut: figures.debut, date } : null;
  return presentReconciliation({
    ...facts,
    figures,
    lignes: window && figures.debut! <= date ? await repo.unmatchedLines(ctx.db, window) : [],
    ecritures: window && figures.debut! <= date ? await repo.unmatchedEntries(ctx.db, window) : [],
    verrou: await lastLock(ctx, compte.iban),
  });
}

export const reconciliationService = {
  async state(ctx: RequestContext, query: BankReconciliationQuery): Promise<BankReconciliation> {
    authorize(may(ctx, 'READ', null));
    return stateOf(ctx, query.iban, query.date);
  },

  /**
   * Validates the account at the date: under the advisory lock's exclusive side, so every confirmation,
   * setting aside, import or 512 entry in progress has committed (and is counted) or waits for this one
   * (and then meets the triggers).
   */
  async validate(ctx: RequestContext, input: BankReconciliationValidate): Promise<BankReconciliationLock> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      await repo.lockAll(tx.db);
      const state = await stateOf(tx, input.iban, input.date);
      if (!state.validable || !state.compte || state.soldeReleve === null)
        throw refused(
          'bank_reconciliation_refused',
          state.raison ?? 'Ce rapprochement ne peut pas être validé.',
        );
      const at = tx.clock.now();
      const row = await guardConstraint(
        () =>
          repo.insert(tx.db, {
            iban: state.compte!.iban,
            compte: state.compte!.compte,
            date: state.date,
            soldeReleve: state.soldeReleve!,
            soldeComptable: state.soldeComptable,
            validatedById: tx.caller.id,
            validatedAt: at,
          }),
        {},
      );
      await audit.record(tx, {
        action: 'bank_reconciliation_validated',
        recordType: 'bank_reconciliation',
        recordId: row.id,
        details: {
          iban: row.iban,
          compte: row.compte,
          date: row.date,
          soldeReleve: row.soldeReleve,
          soldeComptable: row.soldeComptable,
          lignesBanque: state.lignesBanque.length,
          ecritures: state.ecritures.length,
        },
      });
      return (await lastLock(tx, row.iban))!;
    });
  },
};
