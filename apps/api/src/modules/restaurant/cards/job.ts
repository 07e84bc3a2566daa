/**
 * The top-ups' timer (issue 21): every TOP_UP_CHECK_MS (an hour by default), each instance expires the
 * top-ups left unpaid for more than a day, then sends the treasurer's daily e-mail if its time has come
 * and no instance sent it today (waiting.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../../db/client';
import { systemClock } from '../../../lib/context';
import { startPeriodic } from '../../../lib/periodic';
import { expireAbandonedTopUps, runTopUpDigest } from './waiting';

export function startTopUpJob(options: {
  db: DbHandle['db'];
  everyMs: number;
  /** HH:MM (Paris), or null: no daily e-mail. */
  digestTime: string | null;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return startPeriodic({
    name: 'top-ups daily run',
    everyMs: options.everyMs,
    log: options.log,
    run: async () => {
      const expired = await expireAbandonedTopUps(options.db, systemClock);
      if (expired > 0) options.log.info({ expired }, 'abandoned top-ups expired');
      if (options.digestTime === null) return;
      const sent = await runTopUpDigest(options.db, systemClock, {
        time: options.digestTime,
        publicUrl: options.publicUrl,
      });
      if (sent) options.log.info(sent, 'top-ups to validate: daily e-mail');
    },
  });
}
