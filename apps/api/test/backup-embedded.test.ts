/**
 * The embedded database's backup (issue 31 §5), PGlite only: writes wait for the copy of the data
 * directory, not for its compression, and the file is compressed (brotli): the migrated base of a
 * fresh install is about 2.5 MB, not 5.7 MB. It restores, like the earlier versions' gzip backups
 * (test/backup-restore.test.ts runs the whole drill).
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { takeBackup } from '../src/modules/backups/backup';
import { openBackupFile } from '../src/modules/backups/format';
import { restoreBackup } from '../src/modules/backups/restore';
import { onEngine } from './engine';

const work = mkdtempSync(join(tmpdir(), 'union-sauvegarde-embarquee-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

onEngine('pglite', () =>
  describe('the embedded database’s backup', () => {
    it('holds writes for the copy only, writes a compressed file, and restores', async () => {
      const dataDir = join(work, 'donnees');
      const handle = await openDatabase({ dataDir });
      try {
        await migrate(handle);
        await handle.exec('CREATE TABLE ecritures (n integer)');
        const file = join(work, 'embarquee.sauvegarde');
        // A write issued once the copy is under way: the copy, a transaction, is then first in line.
        const dumpFiles = handle.dumpDataDir!.bind(handle);
        let copyStarted!: () => void;
        const copying = new Promise<void>((resolve) => (copyStarted = resolve));
        handle.dumpDataDir = () => {
          const copied = dumpFiles();
          copyStarted();
          return copied;
        };
        // What ends first: a write held for the whole backup would end after it.
        const ended: string[] = [];
        const backup = takeBackup(handle, { target: file, origine: 'manuelle' }).then(() =>
          ended.push('sauvegarde'),
        );
        await copying;
        await handle.exec('INSERT INTO ecritures VALUES (1)');
        ended.push('écriture');
        // Not yet written: the file comes after the compression, which a held write would have waited for.
        expect(existsSync(file)).toBe(false);
        await backup;
        // The write waited for the copy, not for the compression that follows it.
        expect(ended).toEqual(['écriture', 'sauvegarde']);
        expect(statSync(file).size).toBeLessThan(3.5 * 1024 * 1024);
        const opened = await openBackupFile(file);
        expect(opened.header.contenu).toBe('pglite-datadir-tar-br');
        await opened.dispose();

        const restored = join(work, 'restauree');
        await restoreBackup(file, { dataDir: restored, force: false });
        const copy = await openDatabase({ dataDir: restored });
        expect(await copy.rows<{ n: number }>('SELECT count(*)::int AS n FROM __migrations')).toEqual(
          await handle.rows<{ n: number }>('SELECT count(*)::int AS n FROM __migrations'),
        );
        await copy.close();
      } finally {
        await handle.close();
      }
    }, 120_000);
  }),
);
