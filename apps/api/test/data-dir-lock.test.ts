/**
 * One process per PGlite data directory (issue 7): real processes on one DATA_DIR. While a first one
 * holds the directory, the server and `admin:create` refuse to start with a French message; once the
 * first has stopped, cleanly or by `kill -9`, a new one starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '../src/db/lock';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
const running: ChildProcess[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'union-lock-'));
  dirs.push(dir);
  return dir;
}

/** Starts a TypeScript entry point of the API in its own Node process. */
function start(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: apiRoot,
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** The first instance: opens the directory and says "ready" once it holds it. */
async function holder(dir: string) {
  const proc = start('test/fixtures/hold-data-dir.ts', [dir], {});
  await new Promise<void>((resolve, reject) => {
    proc.child.stdout!.on('data', () => {
      if (proc.output().stdout.includes('ready')) resolve();
    });
    void proc.exited.then((r) => reject(new Error(`the holder exited (${r.code}): ${r.stderr}`)));
  });
  return proc;
}

/** Waits for a process that must stop by itself; kills it (and fails) if it keeps running. */
async function mustExit(proc: ReturnType<typeof start>, ms = 90_000) {
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), ms);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

afterEach(() => {
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const refusal = (dir: string) =>
  new RegExp(
    `Le dossier de données ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} est déjà utilisé par une autre instance de l'Intranet` +
      `.*arrêtez l’autre instance.*DATA_DIR`,
  );

describe('one process per data directory', () => {
  // One directory for the three cases, in order: PGlite creates it once (the slow part).
  const dir = dataDir();

  it('refuses the server and admin:create while another process holds the directory', async () => {
    const first = await holder(dir);
    const server = await mustExit(
      start('src/server.ts', [], { DATA_DIR: dir, PORT: '8092', HOST: '127.0.0.1' }),
    );
    expect(server.code).toBe(1);
    expect(server.stderr).toMatch(refusal(dir));
    expect(server.stderr).toContain(`processus ${first.child.pid} sur cette machine`);
    expect(server.stdout).not.toContain('prêt');

    const admin = await mustExit(
      start(
        'scripts/create-admin.ts',
        ['--identifiant', 'jdupont', '--email', 'j.dupont@exemple.fr', '--nom', 'Dupont', '--prenom', 'Jean'],
        { DATA_DIR: dir },
      ),
    );
    expect(admin.code).toBe(1);
    expect(admin.stderr).toMatch(refusal(dir));

    // The refused processes left the holder's lock in place: a third one is refused as well.
    const third = await mustExit(start('test/fixtures/hold-data-dir.ts', [dir], {}));
    expect(third.code).toBe(1);
    expect(third.stderr).toMatch(refusal(dir));
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
  }, 240_000);

  it('lets a new process start once the first has stopped cleanly, and removes the lock on exit', async () => {
    const first = await holder(dir);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);

    const second = await holder(dir);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 240_000);

  it('lets a new process start after the first was killed with kill -9 (stale lock)', async () => {
    const first = await holder(dir);
    first.child.kill('SIGKILL');
    await first.exited;
    // The killed process could not remove its lock: the file is still there, naming a dead process.
    const stale = JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
    expect(stale.pid).toBe(first.child.pid);

    const second = await holder(dir);
    const taken = JSON.parse(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
    expect(taken.pid).toBe(second.child.pid);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 240_000);
});
