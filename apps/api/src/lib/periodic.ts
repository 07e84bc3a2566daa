/**
 * The shape every background timer of the server shares (the purge, the daily backup, the reminders'
 * and the top-ups' daily runs): a tick every `everyMs`, the first one after `firstDelayMs` when given; a
 * tick still running makes the next one skip, so a slow run never piles up behind itself; a failure is
 * logged and tried again at the next tick; the timers are unref'd (they never keep the process alive),
 * and `stop` waits for the run in progress, so the app closes its database only after it.
 *
 * Whether a run is due today, and that one instance only takes it, is each job's own rule (db/alone.ts,
 * the `*_runs` tables): this helper only repeats it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { withoutParameters } from './constraints';

export interface PeriodicJob {
  /** Stops the timers and waits for the run in progress. */
  stop(): Promise<void>;
}

export function startPeriodic(options: {
  /** Named in the log line of a failure. */
  name: string;
  everyMs: number;
  /** A first run sooner than `everyMs` after the start (a server started after the hour catches up). */
  firstDelayMs?: number;
  log: FastifyBaseLogger;
  run: () => Promise<void>;
}): PeriodicJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = Promise.resolve()
      .then(options.run)
      .catch((error: unknown) =>
        options.log.error({ err: withoutParameters(error), job: options.name }, `${options.name} failed`),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const first = options.firstDelayMs === undefined ? undefined : setTimeout(tick, options.firstDelayMs);
  const every = setInterval(tick, options.everyMs);
  first?.unref();
  every.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
