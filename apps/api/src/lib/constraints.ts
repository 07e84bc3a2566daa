/**
 * One way to turn a database refusal into a 412. The database is where rules that must hold under
 * concurrency live (unique indexes, CHECKs, exclusion constraints, non-negative balances); a write that
 * races past a service's own check meets the constraint, and the user must read the same French sentence,
 * never a 500. Each constraint gets its own error code, so callers and tests can tell refusals apart.
 *
 * This file holds the only walk down an error's `cause` chain: every module (and the error plugin) reads
 * a refused write through `databaseErrorOf`, `violates` or `guardConstraint`.
 */
import type { ErrorCode } from '@union/contract';
import { AppError } from './errors';

/** What the driver says of a refused statement: SQLSTATE, constraint name and detail, wherever wrapped. */
export interface ConstraintViolation {
  code: string;
  constraint?: string;
  detail?: string;
}

/**
 * The database's error inside an error, whichever driver (node-pg, PGlite) raised it and whatever wraps
 * it: Drizzle puts the driver's error in `cause`, and the SQLSTATE, the constraint's name and the detail
 * sit on the driver's error. Undefined when no SQLSTATE is found (not a database error).
 */
export function databaseErrorOf(error: unknown): ConstraintViolation | undefined {
  let code: string | undefined;
  let constraint: string | undefined;
  let detail: string | undefined;
  for (
    let e = error as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown } | undefined;
    e;
  ) {
    if (typeof e !== 'object') break;
    if (code === undefined && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) code = e.code;
    if (constraint === undefined && typeof e.constraint === 'string') constraint = e.constraint;
    if (detail === undefined && typeof e.detail === 'string') detail = e.detail;
    e = e.cause as typeof e;
  }
  if (code === undefined) return undefined;
  const found: ConstraintViolation = { code };
  if (constraint !== undefined) found.constraint = constraint;
  if (detail !== undefined) found.detail = detail;
  return found;
}

/** The SQLSTATE of a database error (see `databaseErrorOf`). */
export function databaseErrorCode(error: unknown): string | undefined {
  return databaseErrorOf(error)?.code;
}

/** The constraint violation (SQLSTATE class 23) inside an error, whichever driver raised it. */
export function constraintViolationOf(error: unknown): ConstraintViolation | undefined {
  const found = databaseErrorOf(error);
  return found?.code.startsWith('23') ? found : undefined;
}

/**
 * Whether the error is the refusal of a write by this constraint: for the few callers that do something
 * else than answering a 412 (retrying under another identifiant).
 */
export function violates(error: unknown, constraint: string): boolean {
  return constraintViolationOf(error)?.constraint === constraint;
}

/**
 * The refusal a constraint stands for: a stable error code and the sentence the user reads. The message
 * may be built from the violation (its detail names the row), and may read the database to name what is
 * in the way: the write's transaction is aborted by then, so such a message reads outside it.
 */
export interface Refusal {
  code: ErrorCode;
  message: string | ((violation: ConstraintViolation) => string | Promise<string>);
}

/**
 * The refusals of rules a trigger keeps whichever use case writes (a bank period reconciled closes its
 * lines and the entries of its 512 account, issue 34 §3): answered by name wherever they come from, by
 * `guardConstraint` and by the error plugin, so no use case need guard each of its writes.
 */
export const DATABASE_RULES: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  bank_lines_reconciled: {
    code: 'bank_reconciled',
    message:
      'Cette ligne du relevé est dans une période dont le rapprochement bancaire est validé : elle ne peut plus changer, et aucun relevé ne peut plus y ajouter de ligne.',
  },
  journal_lines_reconciled: {
    code: 'bank_reconciled',
    message:
      'Cette écriture serait datée dans une période dont le rapprochement bancaire est validé : le compte de banque n’y change plus. Datez-la après la date du rapprochement (une contre-passation, datée du jour, se fait le lendemain d’un rapprochement validé à la date du jour).',
  },
  bank_reconciliations_forward: {
    code: 'bank_reconciliation_refused',
    message:
      'Le rapprochement de ce compte est déjà validé à cette date ou après : un rapprochement ne peut qu’avancer. Rechargez la page.',
  },
  bank_reconciliations_final: {
    code: 'bank_reconciliation_refused',
    message: 'Un rapprochement validé ne se modifie ni ne se supprime.',
  },
};

/** The rule's 412 (see `DATABASE_RULES`) an error stands for, if any. */
export function ruleRefusalOf(error: unknown): { code: ErrorCode; message: string } | undefined {
  const constraint = constraintViolationOf(error)?.constraint;
  return constraint && Object.hasOwn(DATABASE_RULES, constraint) ? DATABASE_RULES[constraint] : undefined;
}

/**
 * Runs `write`; when the database refuses it by one of the named constraints, throws that constraint's
 * 412. Any other error goes on unchanged (the error plugin still answers a generic 412 for the rest of
 * class 23, and 500 for what is really a bug). `write` may be a single statement or a whole transaction.
 * Both drivers name the constraint, so refusals are keyed by name, never by SQLSTATE alone.
 */
export async function guardConstraint<T>(
  write: () => Promise<T>,
  refusals: Readonly<Record<string, Refusal>>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw await refusalOf(error, refusals);
  }
}

/**
 * What `guardConstraint` throws for an error already caught: the named constraint's 412, or the error
 * itself. For a catch that first handles one refusal otherwise (a retry), then answers the others.
 */
export async function refusalOf(
  error: unknown,
  refusals: Readonly<Record<string, Refusal>>,
): Promise<unknown> {
  const violation = constraintViolationOf(error);
  const refusal = violation?.constraint
    ? (refusals[violation.constraint] ?? ruleRefusalOf(error))
    : undefined;
  if (!violation || !refusal) return error;
  const message = typeof refusal.message === 'function' ? await refusal.message(violation) : refusal.message;
  return new AppError(412, refusal.code, message);
}

/**
 * An error as the log may keep it: a failed query's text without its parameters (Drizzle's
 * `DrizzleQueryError`: `query`, `params` and a message that repeats them), the driver's error without its
 * `detail`. Any other error is kept as it is. Every log of an error that may come from a query goes
 * through it (the error plugin, background work, periodic jobs, the mail worker).
 */
export function withoutParameters(error: unknown): unknown {
  if (!(error instanceof Error) || !('params' in error) || !('query' in error)) return error;
  const cause = error.cause as { code?: unknown; constraint?: unknown; message?: unknown } | undefined;
  return {
    type: error.name,
    message: `Failed query: ${String(error.query)}`,
    stack: error.stack?.replace(/^[\s\S]*?\n(?=\s+at )/, `${error.name}: Failed query\n`),
    cause: cause && {
      code: cause.code,
      constraint: cause.constraint,
      message: cause.message,
    },
  };
}
