import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir, processStart } from './lock';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'union-lock-unit-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const writeLock = (dir: string, owner: Record<string, unknown>) =>
  writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify(owner));
const readLock = (dir: string) =>
  JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as Record<string, unknown>;

/** The id of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

describe('lockDataDir', () => {
  it('creates the directory, writes the holder and removes the file on release', () => {
    const dir = join(dataDir(), 'pas-encore-la');
    const lock = lockDataDir(dir);
    expect(readLock(dir)).toMatchObject({
      pid: process.pid,
      host: hostname(),
      start: processStart(process.pid),
    });
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
    lock.release();
  });

  it('refuses a second lock while the first is held, even in the same process', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrowError(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrowError(/est déjà utilisé par une autre instance de l'Intranet/);
    lock.release();
    lockDataDir(dir).release();
  });

  it('takes over the lock of a process that no longer runs', () => {
    const dir = dataDir();
    writeLock(dir, {
      pid: deadPid(),
      host: hostname(),
      start: 'x:1',
      since: new Date().toISOString(),
      nonce: 'mort',
    });
    const lock = lockDataDir(dir);
    expect(readLock(dir)).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose process id was given to another process since (pid reuse)', () => {
    const dir = dataDir();
    // This very process's id, with the start of some earlier process: the holder is gone.
    writeLock(dir, { pid: process.pid, host: hostname(), start: 'autre-demarrage:42', nonce: 'ancien' });
    const lock = lockDataDir(dir);
    expect(readLock(dir)).toMatchObject({ pid: process.pid, start: processStart(process.pid) });
    lock.release();
  });

  it('keeps a lock whose process runs, and says how to get out of it', () => {
    const dir = dataDir();
    // The parent of this process runs, with its own start time.
    writeLock(dir, {
      pid: process.ppid,
      host: hostname(),
      start: processStart(process.ppid),
      nonce: 'vivant',
    });
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`Le dossier de données ${dir} est déjà utilisé`);
    expect((error as Error).message).toContain(`processus ${process.ppid} sur cette machine`);
    expect(readLock(dir)).toMatchObject({ nonce: 'vivant' });
  });

  it('keeps a lock taken on another machine (nothing can be checked there) and names the file to delete', () => {
    const dir = dataDir();
    writeLock(dir, { pid: deadPid(), host: 'autre-serveur', start: 'x:1', nonce: 'ailleurs' });
    expect(() => lockDataDir(dir)).toThrowError(
      new RegExp(`sur la machine « autre-serveur ».*supprimez le fichier ${join(dir, LOCK_FILE_NAME)}`),
    );
  });

  it('never removes a lock that is not its own on release', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir);
    writeLock(dir, {
      pid: process.ppid,
      host: hostname(),
      start: processStart(process.ppid),
      nonce: 'autre',
    });
    lock.release();
    expect(readLock(dir)).toMatchObject({ nonce: 'autre' });
  });
});
