/**
 * Sign-in attempts, spent tokens and second steps' challenges do not pile up: a small job of each instance deletes what no rule
 * reads any more. Plain `DELETE … WHERE` statements, so several instances running it at once delete each
 * row once and harm nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle, Executor } from '../../db/client';
import { JOB_LOCKS, runAlone } from '../../db/alone';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { passkeysRepository } from '../passkeys/repository';
import { secondFactorRepository } from '../second-factor/repository';
import { signInAttemptsRepository } from '../sign-in-attempts/repository';
import { authRepository } from './repository';

const DAY_MS = 24 * 3600_000;

export const RETENTION = {
  /**
   * Sign-in attempts: the rules read 30 minutes back, but the log of sign-ins is what an investigation
   * of a stolen account reads; kept 6 months (the CNIL recommends 6 months to 1 year for access logs).
   */
  signInAttemptsMs: 183 * DAY_MS,
  /** Expired, revoked or used tokens, links and challenges: kept a week past their end, then deleted. */
  tokensGraceMs: 7 * DAY_MS,
};

export interface Purged {
  signInAttempts: number;
  accessTokens: number;
  userTokens: number;
  /** Second steps' challenges (authenticator codes and passkeys) past their end and the grace. */
  challenges: number;
}

/**
 * Deletes the sign-in attempts and the tokens past their retention at `now`; answers the counts. The
 * job below passes the real time: it runs on a timer, outside any request and so outside any request
 * context's clock; tests pass the instant they reason about.
 */
export async function purgeExpired(db: Executor, now = new Date()): Promise<Purged> {
  const tokensEndedBefore = new Date(now.getTime() - RETENTION.tokensGraceMs);
  const signInAttempts = await signInAttemptsRepository.purge(
    db,
    new Date(now.getTime() - RETENTION.signInAttemptsMs),
  );
  const tokens = await authRepository.purge(db, tokensEndedBefore);
  // The second steps' challenges (codes and passkeys) live minutes; each module deletes its own.
  const challenges =
    (await secondFactorRepository.purgeChallenges(db, tokensEndedBefore)) +
    (await passkeysRepository.purgeChallenges(db, tokensEndedBefore));
  return { signInAttempts, ...tokens, challenges };
}

/**
 * Runs `purgeExpired` a minute after the start (or after `intervalMs` when shorter), then every
 * `intervalMs` (lib/periodic.ts).
 */
export function startPurgeJob(options: {
  db: Executor;
  /** On PostgreSQL one instance at a time purges (db/alone.ts); the others skip that turn. */
  kind?: DbHandle['kind'];
  intervalMs: number;
  log: FastifyBaseLogger;
  firstDelayMs?: number;
}): PeriodicJob {
  return startPeriodic({
    name: 'purge',
    everyMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs ?? Math.min(60_000, options.intervalMs),
    log: options.log,
    run: async () => {
      const purged = await runAlone(
        { db: options.db, kind: options.kind ?? 'pglite' },
        JOB_LOCKS.purge,
        (db) => purgeExpired(db),
      );
      if (purged && Object.values(purged).some((n) => n > 0))
        options.log.info({ purged }, 'old sign-in attempts and tokens purged');
    },
  });
}
