/**
 * The top-ups' timer (issue 21): every TOP_UP_CHECK_MS (an hour by default), each instance expires the
 * top-ups left unpaid for more than a day, then sends the treasurer's daily e-mail if its time has come
 * and no instance sent it today (waiting.ts). A tick still running makes the next one skip.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../../db/client';
import { systemClock } from '../../../lib/context';
import { expireAbandonedTopUps, runTopUpDigest } from './waiting';

export function startTopUpJob(options: {
  db: DbHandle['db'];
  everyMs: number;
  /** HH:MM (Paris), or null: no daily e-mail. */
  digestTime: string | null;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = (async () => {
      const expired = await expireAbandonedTopUps(options.db, systemClock);
      if (expired > 0) options.log.info({ expired }, 'abandoned top-ups expired');
      if (options.digestTime === null) return;
      const sent = await runTopUpDigest(options.db, systemClock, {
        time: options.digestTime,
        publicUrl: options.publicUrl,
      });
      if (sent) options.log.info(sent, 'top-ups to validate: daily e-mail');
    })()
      .catch((error: unknown) => options.log.error({ err: error }, 'top-ups daily run failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const every = setInterval(tick, options.everyMs);
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(every);
      await running;
    },
  };
}
