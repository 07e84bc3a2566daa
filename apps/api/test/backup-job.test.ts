/**
 * The server's daily backup (DECISIONS §8): when it is due (BACKUP_TIME, Paris time, catching up
 * after a stop, a failure retried an hour later), how many files it keeps, the history the
 * administration and the portal read, and on PostgreSQL one instance at a time.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BackupsOverview } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { fromPostgres } from '../src/db/client';
import { JOB_LOCKS, runAlone } from '../src/db/alone';
import { parisInstant } from '../src/lib/dates';
import { lastSlot, runDailyBackupIfDue } from '../src/modules/backups/job';
import { backupsRepository } from '../src/modules/backups/repository';
import { builders } from './builders';
import { onEngine } from './engine';
import { createTestContext, movableClock, type TestContext } from './helpers';

const dirs: string[] = [];
const aDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'union-quotidiennes-'));
  dirs.push(dir);
  return dir;
};
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the schedule', () => {
  it('reads BACKUP_TIME on Paris clocks, in winter, in summer and on the days the time changes', () => {
    expect(parisInstant('2026-01-15', '03:00').toISOString()).toBe('2026-01-15T02:00:00.000Z');
    expect(parisInstant('2026-07-15', '03:00').toISOString()).toBe('2026-07-15T01:00:00.000Z');
    expect(parisInstant('2026-03-29', '04:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(parisInstant('2026-10-25', '23:30').toISOString()).toBe('2026-10-25T22:30:00.000Z');
    // Before today's time, the slot is yesterday's.
    expect(lastSlot(new Date('2026-07-15T00:30:00Z'), '03:00').toISOString()).toBe(
      '2026-07-14T01:00:00.000Z',
    );
    expect(lastSlot(new Date('2026-07-15T01:00:00Z'), '03:00').toISOString()).toBe(
      '2026-07-15T01:00:00.000Z',
    );
  });
});

describe('the settings', () => {
  it('refuses a wrong time, and a backup folder inside the embedded database’s folder', () => {
    expect(() => loadConfig({ BACKUP_TIME: '3h' })).toThrow(/BACKUP_TIME: une heure HH:MM/);
    expect(() => loadConfig({ BACKUP_TIME: '24:00' })).toThrow(/BACKUP_TIME/);
    const inside = /BACKUP_DIR \(dossier des sauvegardes\) ne doit pas être dans DATA_DIR/;
    expect(() =>
      loadConfig({ DATA_DIR: '/srv/union/data', BACKUP_DIR: '/srv/union/data/sauvegardes' }),
    ).toThrow(inside);
    expect(() => loadConfig({ DATA_DIR: '/srv/union/data', BACKUP_DIR: '/srv/union/data' })).toThrow(inside);
    expect(
      loadConfig({ DATA_DIR: '/srv/union/data', BACKUP_DIR: '/srv/union/data-sauvegardes' }),
    ).toMatchObject({
      BACKUP_DIR: '/srv/union/data-sauvegardes',
      BACKUP_TIME: '03:00',
      BACKUP_KEEP: 14,
    });
    // On PostgreSQL DATA_DIR is not used.
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x@h/db', DATA_DIR: '/srv/d', BACKUP_DIR: '/srv/d/s' })
        .BACKUP_DIR,
    ).toBe('/srv/d/s');
  });
});

describe('runDailyBackupIfDue', () => {
  it('catches up, takes one a day, keeps BACKUP_KEEP files; a failure is recorded and retried an hour later', async () => {
    // A database of its own: the history is the whole building's.
    const own = await createTestContext();
    try {
      const dir = aDir();
      const options = { handle: own.handle, dir, time: '03:00', keep: 2 };
      const at = (iso: string) => () => new Date(iso);
      // Started at 02:30 with no backup yet: yesterday's is due.
      expect(await runDailyBackupIfDue(options, at('2026-07-15T00:30:00Z'))).toBe(true);
      expect(await runDailyBackupIfDue(options, at('2026-07-15T00:50:00Z'))).toBe(false);
      expect(await runDailyBackupIfDue(options, at('2026-07-15T01:05:00Z'))).toBe(true);
      expect(await runDailyBackupIfDue(options, at('2026-07-15T20:00:00Z'))).toBe(false);
      expect(await runDailyBackupIfDue(options, at('2026-07-16T01:05:00Z'))).toBe(true);
      expect(readdirSync(dir).sort()).toEqual([
        'union-intranet-2026-07-15T01-05-00Z.sauvegarde',
        'union-intranet-2026-07-16T01-05-00Z.sauvegarde',
      ]);
      expect(await backupsRepository.lastSuccessfulBackupAt(own.db)).toEqual(
        new Date('2026-07-16T01:05:00Z'),
      );

      // The folder is gone: the next day's backup fails, is recorded, and is tried again an hour later.
      const failing = { ...options, dir: join(dir, 'absent') };
      await expect(runDailyBackupIfDue(failing, at('2026-07-17T01:00:00Z'))).rejects.toThrow();
      const [failed] = await backupsRepository.latest(own.db, 1);
      expect(failed).toMatchObject({ origine: 'quotidienne', reussie: false, fichier: null, taille: null });
      expect(failed!.erreur).toBe(
        `Le dossier ${join(dir, 'absent')} n’existe pas : créez-le ou corrigez BACKUP_DIR.`,
      );
      expect(await runDailyBackupIfDue(failing, at('2026-07-17T01:30:00Z'))).toBe(false);
      expect(await runDailyBackupIfDue(options, at('2026-07-17T02:01:00Z'))).toBe(true);
      // A failure is no good backup.
      expect(await backupsRepository.lastSuccessfulBackupAt(own.db)).toEqual(
        new Date('2026-07-17T02:01:00Z'),
      );
      expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([]);
    } finally {
      await own.close();
    }
  });

  onEngine('postgres', () =>
    it('two instances at the same minute: one backup', async () => {
      const own = await createTestContext();
      const other = fromPostgres(own.handle.url!);
      try {
        const dir = aDir();
        const clock = () => new Date('2026-07-15T01:01:00Z');
        const taken = await Promise.all([
          runDailyBackupIfDue({ handle: own.handle, dir, time: '03:00', keep: 5 }, clock),
          runDailyBackupIfDue({ handle: other, dir, time: '03:00', keep: 5 }, clock),
        ]);
        expect(taken.filter(Boolean)).toHaveLength(1);
        expect(readdirSync(dir)).toHaveLength(1);
        expect(await backupsRepository.latest(own.db, 10)).toHaveLength(1);
      } finally {
        await other.close();
        await own.close();
      }
    }),
  );

  onEngine('postgres', () =>
    it('runAlone: while one instance runs a job, another skips it', async () => {
      const other = fromPostgres(t.handle.url!);
      try {
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const first = runAlone(t.handle, JOB_LOCKS.purge, async () => {
          entered();
          await held;
          return 'first';
        });
        await inside;
        expect(await runAlone(other, JOB_LOCKS.purge, () => Promise.resolve('second'))).toBeUndefined();
        // Another job's lock is free.
        expect(await runAlone(other, JOB_LOCKS.dailyBackup, () => Promise.resolve('other job'))).toBe(
          'other job',
        );
        release();
        expect(await first).toBe('first');
        expect(await runAlone(other, JOB_LOCKS.purge, () => Promise.resolve('second'))).toBe('second');
      } finally {
        await other.close();
      }
    }),
  );
});

describe('GET /api/admin/sauvegardes', () => {
  it('no backup yet: late, and the daily settings as configured', async () => {
    const own = await createTestContext({ BACKUP_TIME: '04:15', BACKUP_KEEP: '7' });
    try {
      const admin = await builders(own).aUser({ habilitations: ['USER', 'ADMIN'] });
      const response = await own.call({ method: 'GET', url: '/api/admin/sauvegardes', token: admin.token });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<BackupsOverview>()).toEqual({
        sauvegardes: [],
        derniereReussie: null,
        enRetard: true,
        quotidienne: { active: false, heure: '04:15', conservees: 7, chiffrees: false },
      });
    } finally {
      await own.close();
    }
  });

  it('the server takes the daily backup itself (BACKUP_DIR); late only past two days', async () => {
    const dir = aDir();
    const clock = movableClock('2026-11-25T12:00:00Z');
    const own = await createTestContext({ BACKUP_DIR: dir, BACKUP_PASSPHRASE: 'phrase du test' }, { clock });
    try {
      // Its first look is five seconds after the start: nothing was ever taken, so one is due.
      for (let i = 0; i < 150 && !(await backupsRepository.lastSuccessfulBackupAt(own.db)); i++)
        await new Promise((resolve) => setTimeout(resolve, 200));
      const [row] = await backupsRepository.latest(own.db, 1);
      expect(row).toMatchObject({ origine: 'quotidienne', reussie: true, chiffree: true });
      expect(existsSync(row!.fichier!)).toBe(true);
      expect(row!.fichier!.endsWith('.sauvegarde.age')).toBe(true);

      const admin = await builders(own).aUser({ habilitations: ['USER', 'ADMIN'] });
      // Signed in again at each moved clock: a session lasts hours, not days.
      const overview = async () =>
        (
          await own.call({
            method: 'GET',
            url: '/api/admin/sauvegardes',
            token: await own.signIn(admin.identifiant),
          })
        ).json<BackupsOverview>();
      clock.at = new Date(row!.fin.getTime() + 47 * 3600_000);
      expect(await overview()).toMatchObject({
        derniereReussie: row!.fin.toISOString(),
        enRetard: false,
        quotidienne: { active: true, heure: '03:00', conservees: 14, chiffrees: true },
        sauvegardes: [{ id: row!.id, reussie: true, taille: row!.taille, fichier: row!.fichier }],
      });
      clock.at = new Date(row!.fin.getTime() + 49 * 3600_000);
      expect((await overview()).enRetard).toBe(true);
    } finally {
      await own.close();
    }
  });
});
