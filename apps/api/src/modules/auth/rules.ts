/** The sign-in rules of DECISIONS §2, as numbers and one pure decision, unit-tested on their own. */

export const LOCKOUT = {
  /** Failures for one identifiant that lock it… */
  maxFailures: 5,
  /** …within this window, and for this long. */
  windowMs: 15 * 60_000,
};

export const IP_LIMIT = {
  /** Failures from one address, whatever the identifiant, before it is refused for the window. */
  maxFailures: 50,
  windowMs: 15 * 60_000,
};

export const RESET_LINK_TTL_MS = 3600_000;
export const INVITATION_LINK_TTL_MS = 7 * 24 * 3600_000;

export type Refusal = 'locked' | 'rate_limited';

/**
 * Whether an identifiant is locked at `now`: 5 failures within 15 minutes lock it for 15 minutes
 * counted from the 5th (not from the 1st, which would shorten the lock to what is left of the window).
 * `failures` are the failure times of the last two windows, in any order.
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

/** Whether a sign-in may even be checked, given the recent failures. */
export function refusalBeforeCheck(identifiantLocked: boolean, failuresForIp: number): Refusal | null {
  if (failuresForIp >= IP_LIMIT.maxFailures) return 'rate_limited';
  if (identifiantLocked) return 'locked';
  return null;
}

/** Sign-in is only for active users who hold USER (specification §6). */
export function canSignIn(user: { etat: string; habilitations: readonly string[] }): boolean {
  return user.etat === 'A' && user.habilitations.includes('USER');
}
