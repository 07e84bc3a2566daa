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

export type Refusal = 'locked' | 'rate_limited';

/**
 * Whether an identifiant is locked for one address at `now`: 5 failures from that address within 15
 * minutes lock the pair for 15 minutes counted from the 5th (not from the 1st, which would shorten the
 * lock to what is left of the window). `failures` are the pair's failure times of the last two windows
 * since its identifiant's last successful sign-in, in any order.
 */
export function isLockedOut(failures: readonly Date[], now: Date): boolean {
  const times = failures.map((d) => d.getTime()).sort((a, b) => a - b);
  const span = LOCKOUT.maxFailures - 1;
  for (let i = times.length - 1; i >= span; i--) {
    const fifth = times[i]!;
    if (fifth - times[i - span]! < LOCKOUT.windowMs && now.getTime() - fifth < LOCKOUT.windowMs) return true;
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
export function refusalBeforeCheck(pairLocked: boolean, failuresForIp: number): Refusal | null {
  if (failuresForIp >= IP_LIMIT.maxFailures) return 'rate_limited';
  if (pairLocked) return 'locked';
  return null;
}
