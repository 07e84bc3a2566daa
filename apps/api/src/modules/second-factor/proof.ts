/**
 * The proof of a second-factor code (issue 22): six digits or a recovery code, checked under the
 * sign-in's limits and the account's own code limit, whose wait e-mails the owner once. Read by the
 * sign-in's second step, the enrolment, and what a code of one's own proves (removal, new codes).
 */
import type { Executor } from '../../db/client';
import type { PublicContext, RequestContext } from '../../lib/context';
import { AppError, invalid, notFound } from '../../lib/errors';
import { tokenHash } from '../../lib/secrets';
import { mailRepository } from '../mail/repository';
import { codesLockedEmail } from '../mail/templates';
import { accountCodesLocked, proveUnderLimits } from '../sign-in-attempts/attempts';
import { ACCOUNT_CODE_LOCK } from '../sign-in-attempts/rules';
import { accountRepository, type UserRow } from '../users/account-repository';
import { looksLikeTotp, recoveryCodeHash, totpStep } from './codes';
import { hasAnyFactor, hasFactor } from './factors';
import { secondFactorRepository as repo, type ChallengePurpose } from './repository';
import { secretOf } from './sealing';

export type Log = { info: (o: object, msg: string) => void };

/**
 * Checks a code (six digits, or a recovery code) for an account, the same work whatever the outcome:
 * the factor is read (account 0 when there is none: no row), the authenticator's code is computed
 * (against a decoy secret when there is no factor), and one UPDATE spends the step or the recovery code
 * (matching no row when there is nothing to spend). `purpose` `enrol` accepts only the unconfirmed
 * authenticator being enrolled, and confirms it.
 */
async function verifyCode(
  db: Executor,
  userId: number | undefined,
  purpose: ChallengePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const factor = await repo.totpOf(db, userId ?? 0);
  const usable = factor && (purpose === 'enrol' ? factor.confirmedAt === null : factor.confirmedAt !== null);
  const typed = code.replace(/\s/g, '');
  const step = totpStep(secretOf(usable ? factor : undefined), typed, now);
  if (looksLikeTotp(typed)) {
    return repo.acceptStep(db, step === null ? 0 : (userId ?? 0), step ?? 0, purpose !== 'enrol', now);
  }
  // Recovery codes stand for the confirmed factor only (an enrolment has none yet).
  const owner = purpose === 'second_step' ? (userId ?? 0) : 0;
  return repo.spendRecoveryCode(db, owner, recoveryCodeHash(typed), now);
}

/** The live challenge behind an `mfa_token`, with its account's identifiant; undefined otherwise. */
export async function liveChallenge(ctx: PublicContext, mfaToken: string) {
  const found = await repo.findChallenge(ctx.db, tokenHash(mfaToken), ctx.clock.now());
  const user = await accountRepository.findById(ctx.db, found?.userId ?? 0);
  return found && user ? { ...found, user } : undefined;
}

/**
 * Checks a code under the sign-in's limits: the attempt is written first and counted with the
 * password's failures (per identifiant and address, then per address), so wrong codes lock and slow
 * down like wrong passwords, and only the pair's own failures lock it. The account's wrong codes from
 * every address are counted too (ACCOUNT_CODE_LOCK): once it waits, every code is refused with the
 * 412 `codes_locked`, and its owner is e-mailed once per wait. `userId` undefined (an unknown
 * `mfa_token`) runs the same statements against no account. A right code clears the failures before
 * it, like a right password.
 */
export async function checkProof(
  ctx: PublicContext,
  input: {
    identifiant: string;
    userId: number | undefined;
    purpose: ChallengePurpose;
    code: string;
    ip: string;
  },
  log: Log,
): Promise<boolean> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - ACCOUNT_CODE_LOCK.windowMs);
  const lockedAt = (await accountRepository.findById(ctx.db, input.userId ?? 0))?.codesLockedAt;
  let refusal: string | null = null;
  const ok = await proveUnderLimits(
    ctx.db,
    now,
    input,
    {
      check: async () =>
        (await verifyCode(ctx.db, input.userId, input.purpose, input.code, now))
          ? true
          : input.userId === undefined
            ? 'unknown_mfa_token'
            : 'bad_code',
      okOutcome: 'second_factor_ok',
      label: 'second factor attempt',
      code: { waiting: !!lockedAt && lockedAt > since },
      onRefusal: (r) => (refusal = r),
    },
    log,
  );
  if (ok) return ok;
  // Refused before its check, or the wrong code that starts the wait (the same query for an unknown
  // `mfa_token`: the same work).
  const waits = refusal === 'account_locked' || (await accountCodesLocked(ctx.db, input.identifiant, now));
  if (waits && input.userId !== undefined) {
    await startWait(ctx.db, input.userId, now, since);
    throw codesLocked();
  }
  return false;
}

/**
 * The caller, once a code of their own authenticator (or a recovery code) proved it is them: what
 * removing the authenticator or renewing the recovery codes asks, under the sign-in limits.
 */
export async function provedByOwnCode(
  ctx: RequestContext,
  code: string,
  ip: string,
  log: Log,
  /** `totp`: the authenticator is what the call changes; `any`: a passkey-only account's codes too. */
  needs: 'totp' | 'any',
): Promise<UserRow> {
  const user = await caller(ctx);
  if (needs === 'totp' && !(await hasFactor(ctx.db, user.id)))
    throw invalid('Aucune application d’authentification n’est activée.');
  if (needs === 'any' && !(await hasAnyFactor(ctx.db, user.id)))
    throw invalid(
      'La double authentification n’est pas activée : ajoutez une application ou une clé d’accès.',
    );
  const ok = await checkProof(
    ctx,
    { identifiant: user.identifiant, userId: user.id, purpose: 'second_step', code, ip },
    log,
  );
  if (!ok) throw wrongCode();
  return user;
}

const codesLocked = () =>
  new AppError(
    412,
    'codes_locked',
    'Trop de codes erronés pour ce compte : il n’accepte plus de code pendant 15 minutes. Son titulaire est prévenu par e-mail.',
  );

/**
 * Starts the account's wait (unless one is running) and e-mails its owner, once per wait however many
 * refusals arrive at once.
 */
async function startWait(db: Executor, userId: number, now: Date, since: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await accountRepository.startCodesWait(tx, userId, now, since))) return;
    const user = await accountRepository.findById(tx, userId);
    if (user) await mailRepository.enqueue(tx, codesLockedEmail(user.email, user.prenom), now);
  });
}

export const wrongCode = () =>
  invalid('Code incorrect ou déjà utilisé. Vérifiez l’heure de votre téléphone et réessayez.');

export async function caller(ctx: RequestContext): Promise<UserRow> {
  const user = await accountRepository.findById(ctx.db, ctx.caller.id);
  if (!user) throw notFound();
  return user;
}
