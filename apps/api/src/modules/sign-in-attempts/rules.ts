/**
 * The limits on sign-in attempts of DECISIONS §2 (lock-out, slow-down, per-address limit), as numbers and
 * pure decisions, unit-tested on their own (rules.test.ts).
 */

export const LOCKOUT = {
  /** Failures for one identifiant from one address that lock that pair… */
  maxFailures: 5,
  /** …within this window, and for this long. */
  windowMs: 15 * 60_000,
};

/**
 * An identifiant attacked from many addresses is slowed down, never locked: locking it would let anyone
 * lock anyone out. From the 5th failure within 15 minutes (all addresses together), every attempt for
 * it waits 250 ms, doubling with each further failure up to 3 seconds: guessing becomes slow, the owner
 * still gets in.
 */
export const SLOWDOWN = {
  freeFailures: 4,
  firstDelayMs: 250,
  maxDelayMs: 3000,
  windowMs: 15 * 60_000,
};

export const IP_LIMIT = {
  /** Failures from one address, whatever the identifiant, before it is refused for the window. */
  maxFailures: 50,
  windowMs: 15 * 60_000,
};

/**
 * Wrong second-factor codes for one account, from every address together: only someone who knows the
 * password reaches the second step, so this lock cannot be used to keep a stranger out, and it bounds
 * the guesses of whoever holds the password (10 in 15 minutes, then the account waits 15 minutes
 * counted from the 10th; its owner is e-mailed). Passkeys, which cannot be guessed, still open it.
 */
export const ACCOUNT_CODE_LOCK = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
};

/** `account_locked`: the account's wrong codes (ACCOUNT_CODE_LOCK), whatever the address. */
export type Refusal = 'locked' | 'rate_limited' | 'account_locked';

/**
 * Whether an identifiant is locked for one address at `now` (or, with ACCOUNT_CODE_LOCK, an account for
 * its codes from every address): 5 failures from that address within 15
 * minutes lock the pair for 15 minutes counted from the 5th (not from the 1st, which would shorten the
 * lock to what is left of the window). `failures` are the pair's failure times of the last two windows
 * since its identifiant's last successful sign-in, in any order.
 */
export function isLockedOut(
  failures: readonly Date[],
  now: Date,
  limit: { maxFailures: number; windowMs: number } = LOCKOUT,
): boolean {
  const times = failures.map((d) => d.getTime()).sort((a, b) => a - b);
  const span = limit.maxFailures - 1;
  for (let i = times.length - 1; i >= span; i--) {
    const last = times[i]!;
    if (last - times[i - span]! < limit.windowMs && now.getTime() - last < limit.windowMs) return true;
  }
  return false;
}

/**
 * How long to hold a sign-in for an identifiant that failed `recentFailures` times (every address,
 * within `SLOWDOWN.windowMs`, since its last successful sign-in).
 */
export function slowDownMs(recentFailures: number): number {
  const beyond = recentFailures - SLOWDOWN.freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(SLOWDOWN.maxDelayMs, SLOWDOWN.firstDelayMs * 2 ** Math.min(beyond - 1, 16));
}

/** Whether a sign-in may even be checked, given the recent failures. */
export function refusalBeforeCheck(
  pairLocked: boolean,
  failuresForIp: number,
  accountLocked = false,
): Refusal | null {
  if (failuresForIp >= IP_LIMIT.maxFailures) return 'rate_limited';
  if (accountLocked) return 'account_locked';
  if (pairLocked) return 'locked';
  return null;
}
