/**
 * The embedded database's folder is the server's account's alone (issue 31 §5), PGlite only: the
 * server makes its data folder 0700 and every file in it 0600 (umask 077), and an existing folder open
 * to the other accounts of the machine is refused with a French message, by the server and the
 * commands alike.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { onEngine } from './engine';
import { killAll, runScript, startServerProcess } from './processes';

const work = mkdtempSync(join(tmpdir(), 'union-droits-'));

afterAll(() => {
  killAll();
  rmSync(work, { recursive: true, force: true });
});

/** Every path under `dir` whose mode lets group or others in, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.mode & 0o077) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}

onEngine('pglite', () =>
  describe('the data folder', () => {
    it('is made 0700 with files 0600 by the server, under a parent open to all', async () => {
      const parent = join(work, 'ouvert');
      mkdirSync(parent);
      chmodSync(parent, 0o755);
      const dataDir = join(parent, 'donnees');
      const server = await startServerProcess({ DATA_DIR: dataDir });
      expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(readdirSync(dataDir).length).toBeGreaterThan(10);
      expect(openToOthers(dataDir)).toEqual([]);
    }, 120_000);

    it('is refused when it exists open to others, with a French message, by the server and the commands', async () => {
      const dataDir = join(work, 'partage');
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o755);
      const message = new RegExp(
        `Le dossier de données ${dataDir} est ouvert aux autres comptes de la machine \\(droits 0755\\).*chmod -R o-rwx`,
      );
      await expect(openDatabase({ dataDir })).rejects.toThrow(message);
      const migrate = await runScript('migrate', [], { DATA_DIR: dataDir, NODE_ENV: 'development' });
      expect(migrate.code, migrate.output).toBe(1);
      expect(migrate.output).toMatch(message);
      expect(migrate.output).not.toMatch(/\n\s+at /);
      expect(readdirSync(dataDir)).toEqual([]);
      // Closed to others (the group may keep its rights): accepted.
      chmodSync(dataDir, 0o750);
      const handle = await openDatabase({ dataDir });
      await handle.close();
    }, 60_000);
  }),
);
