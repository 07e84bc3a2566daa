/**
 * The sign-in limits (rules.ts) applied to one attempt: a password, an authenticator code, a recovery
 * code or a passkey all count in `sign_in_attempts` together, so one guesser cannot try five passwords
 * then five codes. The password step (auth/service.ts), the second step (second-factor/) and the
 * passkeys (passkeys/) open their attempt here, in the same statements and the same order, which keeps
 * their timing alike. A module below the three, so that none of them imports another for it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor } from '../../db/client';
import { invalid } from '../../lib/errors';
import { verifyPassword } from '../../lib/secrets';
import { signInAttemptsRepository } from './repository';
import {
  ACCOUNT_CODE_LOCK,
  IP_LIMIT,
  LOCKOUT,
  SLOWDOWN,
  isLockedOut,
  refusalBeforeCheck,
  slowDownMs,
  type Refusal,
} from './rules';

type Log = { info: (o: object, msg: string) => void };

export interface OpenAttempt {
  /** Its row in `sign_in_attempts` (a success settled inside the caller's transaction names it). */
  id: number;
  /** Why the attempt is refused before anything is checked (the pair locked, the address limited). */
  refusal: Refusal | null;
  /** Waits the slow-down that the identifiant's recent failures from every address impose; answers it. */
  slowDown(): Promise<number>;
  /** Records the attempt's outcome (and logs it under `label`). */
  settle(outcome: string, success: boolean): Promise<void>;
}

/**
 * Whether an account's wrong second-factor codes, from every address, make it wait now
 * (ACCOUNT_CODE_LOCK). `except`: the attempt asking. The same query for '' (an unknown `mfa_token`),
 * whose answer nobody reads: the same work either way.
 */
export async function accountCodesLocked(
  db: Executor,
  identifiant: string,
  now: Date,
  except = 0,
): Promise<boolean> {
  const failures = await signInAttemptsRepository.codeFailureTimes(
    db,
    identifiant,
    new Date(now.getTime() - 2 * ACCOUNT_CODE_LOCK.windowMs),
    100,
    except,
  );
  return isLockedOut(failures, now, ACCOUNT_CODE_LOCK);
}

export async function openAttempt(
  db: Executor,
  now: Date,
  who: { identifiant: string; ip: string },
  log: Log,
  label: string,
  /**
   * A second-factor code: the account's code limit applies too; `waiting`, the account already waits
   * (a wait started by earlier refusals, which the count no longer sees once they are settled).
   */
  code: { waiting: boolean } | undefined = undefined,
): Promise<OpenAttempt> {
  const { identifiant, ip } = who;
  // Written first, counted by the others as a failure until settled: a burst of simultaneous guesses,
  // on one instance or split across several, gets no more checks than the lock allows
  // (signInAttemptsRepository.startAttempt).
  const attempt = await signInAttemptsRepository.startAttempt(
    db,
    { identifiant, ip, createdAt: now },
    code ? 'pending_code' : 'pending',
  );
  // The lock is per identifiant and address: five wrong passwords from one address must not keep the
  // owner out from another. Two windows back: a run that ended up to 15 minutes ago may have started
  // 30 ago.
  const pairFailures = await signInAttemptsRepository.failureTimesForIdentifiant(
    db,
    identifiant,
    new Date(now.getTime() - 2 * LOCKOUT.windowMs),
    100,
    ip,
    attempt,
  );
  const forIp = await signInAttemptsRepository.countFailuresForIp(
    db,
    ip,
    new Date(now.getTime() - IP_LIMIT.windowMs),
    attempt,
  );
  const accountLocked =
    code !== undefined && (code.waiting || (await accountCodesLocked(db, identifiant, now, attempt)));
  return {
    id: attempt,
    refusal: refusalBeforeCheck(isLockedOut(pairFailures, now), forIp, accountLocked),
    async slowDown() {
      // Attacked from many addresses: slowed down, never locked (the owner still gets in).
      const recent = await signInAttemptsRepository.failureTimesForIdentifiant(
        db,
        identifiant,
        new Date(now.getTime() - SLOWDOWN.windowMs),
        SLOWDOWN.freeFailures + 16,
        undefined,
        attempt,
      );
      const delay = slowDownMs(recent.length);
      if (delay > 0) await sleep(delay);
      return delay;
    },
    async settle(outcome, success) {
      await signInAttemptsRepository.settleAttempt(db, attempt, outcome, success);
      log.info({ identifiant, ip, outcome }, label);
    },
  };
}

/**
 * A proof (a code, a passkey's signature, the password asked again) checked under the sign-in limits,
 * like a password: the attempt is written first and counted with their failures (per identifiant and
 * address, then per address); a lock or the address's limit refuses without checking, and a run of
 * failures slows the check down; then `check` answers true or the failure's outcome. `identifiant` ''
 * (an unknown credential or `mfa_token`) counts for the address only. A success clears the failures
 * before it. Answers whether it passed.
 */
export async function proveUnderLimits(
  db: Executor,
  now: Date,
  who: { identifiant: string; ip: string },
  proof: {
    check: () => Promise<string | true>;
    okOutcome: string;
    /** The outcome of a check that throws (a malformed passkey answer); without it, the error goes up. */
    errorOutcome?: string;
    label: string;
    /** A second-factor code: the account's code limit applies too (see `openAttempt`). */
    code?: { waiting: boolean };
    /** Told why an attempt was refused before its check (the account's code limit is told apart). */
    onRefusal?: (refusal: Refusal) => void;
  },
  log: Log,
): Promise<boolean> {
  const attempt = await openAttempt(db, now, who, log, proof.label, proof.code);
  if (attempt.refusal) {
    await attempt.settle(attempt.refusal, false);
    proof.onRefusal?.(attempt.refusal);
    return false;
  }
  await attempt.slowDown();
  const { errorOutcome } = proof;
  const outcome = await (errorOutcome === undefined
    ? proof.check()
    : proof.check().catch(() => errorOutcome));
  await attempt.settle(outcome === true ? proof.okOutcome : outcome, outcome === true);
  return outcome === true;
}

/**
 * Adding a second factor (an authenticator, a passkey) asks the current password again (ASVS V6: a
 * session alone does not add one), checked under the sign-in's limits like a password step: a wrong one
 * counts with the sign-in's failures, and a run of them locks the pair. Throws the 412 otherwise.
 */
export async function proveCurrentPassword(
  db: Executor,
  now: Date,
  user: { identifiant: string; passwordHash: string | null },
  password: string,
  ip: string,
  log: Log,
): Promise<void> {
  const ok = await proveUnderLimits(
    db,
    now,
    { identifiant: user.identifiant, ip },
    {
      check: async () => ((await verifyPassword(user.passwordHash, password)) ? true : 'bad_password'),
      okOutcome: 'password_ok',
      label: 'current password attempt',
    },
    log,
  );
  if (!ok) throw invalid('Le mot de passe actuel est incorrect.');
}
