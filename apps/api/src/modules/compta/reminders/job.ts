/**
 * The daily reminder run's timer (issue 20): every REMINDER_CHECK_MS (an hour by default), each instance
 * asks `runDailyReminders`, which does nothing unless the settings turn it on, it is past 08:00 in Paris
 * (letters are not sent in the night), and no instance has claimed today's run yet (batch.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../../db/client';
import { parisNow } from '@union/contract';
import { systemClock } from '../../../lib/context';
import { startPeriodic } from '../../../lib/periodic';
import { runDailyReminders } from './batch';

/** The hour (Paris) from which the day's letters may go. */
export const REMINDER_HOUR = 8;

export function startReminderJob(options: { db: DbHandle['db']; everyMs: number; log: FastifyBaseLogger }) {
  return startPeriodic({
    name: 'daily reminders',
    everyMs: options.everyMs,
    log: options.log,
    run: async () => {
      if (parisNow().minutes < REMINDER_HOUR * 60) return;
      const report = await runDailyReminders(options.db, systemClock);
      if (report)
        options.log.info(
          { envoyees: report.envoyees.length, ignorees: report.ignorees.length },
          'daily reminders sent',
        );
    },
  });
}
