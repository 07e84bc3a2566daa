/**
 * One way to turn a database refusal into a 412. The database is where rules that must hold under
 * concurrency live (unique indexes, CHECKs, exclusion constraints, non-negative balances); a write that
 * races past a service's own check meets the constraint, and the user must read the same French sentence,
 * never a 500. Each constraint gets its own error code, so callers and tests can tell refusals apart.
 */
import { AppError, databaseErrorCode } from './errors';

/** What the driver says of a refused write: SQLSTATE, constraint name and detail, wherever wrapped. */
export interface ConstraintViolation {
  code: string;
  constraint?: string;
  detail?: string;
}

/** The constraint violation (SQLSTATE class 23) inside an error, whichever driver raised it. */
export function constraintViolationOf(error: unknown): ConstraintViolation | undefined {
  const code = databaseErrorCode(error);
  if (!code?.startsWith('23')) return undefined;
  const found: ConstraintViolation = { code };
  // Drizzle wraps the driver's error in `cause`; the name and the detail sit on the driver's error.
  for (let e = error as { constraint?: unknown; detail?: unknown; cause?: unknown } | undefined; e;) {
    if (typeof e !== 'object') break;
    if (found.constraint === undefined && typeof e.constraint === 'string') found.constraint = e.constraint;
    if (found.detail === undefined && typeof e.detail === 'string') found.detail = e.detail;
    e = e.cause as typeof e;
  }
  return found;
}

/** The refusal a constraint stands for: a stable error code and the sentence the user reads. */
export interface Refusal {
  code: string;
  message: string | ((violation: ConstraintViolation) => string);
}

/**
 * Runs `write`; when the database refuses it by one of the named constraints, throws that constraint's
 * 412. Any other error goes on unchanged (the error plugin still answers a generic 412 for the rest of
 * class 23, and 500 for what is really a bug).
 */
export async function guardConstraint<T>(
  write: () => Promise<T>,
  refusals: Readonly<Record<string, Refusal>>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const violation = constraintViolationOf(error);
    const refusal = violation?.constraint ? refusals[violation.constraint] : undefined;
    if (!violation || !refusal) throw error;
    const message = typeof refusal.message === 'function' ? refusal.message(violation) : refusal.message;
    throw new AppError(412, refusal.code, message);
  }
}
