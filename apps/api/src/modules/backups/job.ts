/**
 * The server's daily backup (DECISIONS §8): every minute each instance asks whether today's backup
 * (BACKUP_TIME, Paris time) is due, i.e. no daily backup began since that time and none failed in the
 * last hour; the one that gets the job's lock (db/alone.ts) takes it, writes it into BACKUP_DIR and
 * keeps the BACKUP_KEEP newest files there. A server that was stopped at the hour catches up when it
 * starts; a failed backup is tried again an hour later.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import { JOB_LOCKS, runAlone } from '../../db/alone';
import { parisDay, parisInstant } from '../../lib/dates';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { BACKUP_FILE_PATTERN, backupFileName, takeBackup } from './backup';
import { backupsRepository } from './repository';

const HOUR_MS = 3600_000;

/** The last scheduled time at or before `now`: today's BACKUP_TIME, or yesterday's if it is not yet. */
export function lastSlot(now: Date, time: string): Date {
  const today = parisInstant(parisDay(now), time);
  if (today <= now) return today;
  return parisInstant(parisDay(new Date(now.getTime() - 24 * HOUR_MS)), time);
}

export interface DailyBackupOptions {
  handle: DbHandle;
  dir: string;
  time: string;
  keep: number;
  passphrase?: string;
  pgBinDir?: string;
}

/** Deletes the oldest backup files of `dir` past the `keep` newest (only files named by us). */
export async function prune(dir: string, keep: number): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
  const old = files.slice(0, Math.max(0, files.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

/**
 * Takes the daily backup if it is due and no other instance takes it; answers whether this call took
 * one. `clock` is the system's (the job runs outside any request); tests pass theirs.
 */
export async function runDailyBackupIfDue(
  options: DailyBackupOptions,
  clock: () => Date = () => new Date(),
): Promise<boolean> {
  const now = clock();
  const slot = lastSlot(now, options.time);
  const taken = await runAlone(options.handle, JOB_LOCKS.dailyBackup, async (db) => {
    // Read under the lock: an instance that just finished has its row committed.
    if (await backupsRepository.dailySince(db, slot, true)) return false;
    if (await backupsRepository.dailySince(db, new Date(now.getTime() - HOUR_MS), false)) return false;
    // The history row is written by takeBackup on the handle's own connection, after the file.
    await takeBackup(options.handle, {
      target: join(options.dir, backupFileName(now, Boolean(options.passphrase))),
      origine: 'quotidienne',
      passphrase: options.passphrase,
      pgBinDir: options.pgBinDir,
      now: clock,
    });
    await prune(options.dir, options.keep);
    return true;
  });
  return taken ?? false;
}

/** Checks every minute; a failure is logged, recorded, and tried again an hour later (`runDailyBackupIfDue`). */
export function startBackupJob(
  options: DailyBackupOptions & { log: FastifyBaseLogger; everyMs?: number },
): PeriodicJob {
  const everyMs = options.everyMs ?? 60_000;
  return startPeriodic({
    name: 'daily backup',
    everyMs,
    firstDelayMs: Math.min(5_000, everyMs),
    log: options.log,
    run: async () => {
      if (await runDailyBackupIfDue(options)) options.log.info('daily backup written');
    },
  });
}
