/**
 * `npm run backup -- [FICHIER]`: one file holding the whole database (and so every stored document),
 * consistent while people work (DECISIONS §8). Without FICHIER, a dated file in BACKUP_DIR, or in the
 * current folder. Encrypted when BACKUP_PASSPHRASE is set.
 *
 * PostgreSQL: pg_dump, from here. PGlite: the running server holds the data directory, so it is asked
 * to take the backup (modules/backups/control.ts); when no server runs, the command opens the
 * directory itself, under the same lock.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isInside, loadConfigOrExit } from '../src/config';
import { openDatabase } from '../src/db/client';
import { DataDirLockedError } from '../src/db/lock';
import { migrate } from '../src/db/migrate';
import { backupFileName, takeBackup } from '../src/modules/backups/backup';
import { askRunningServer, backupSocketPath } from '../src/modules/backups/control';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length > 1) {
  console.error('Usage : npm run backup -- [FICHIER]');
  process.exit(2);
}
// The embedded base's files it writes are its account's alone, like the server's (server.ts).
process.umask(0o077);
const config = loadConfigOrExit();
const encrypted = Boolean(config.BACKUP_PASSPHRASE);
// npm runs the workspace's script in apps/api: a relative path is the one the operator typed it from.
const here = process.env.INIT_CWD ?? process.cwd();
let target = resolve(
  here,
  positionals[0] ?? join(config.BACKUP_DIR ?? '.', backupFileName(new Date(), encrypted)),
);
if (existsSync(target) && statSync(target).isDirectory())
  target = join(target, backupFileName(new Date(), encrypted));
target = resolve(target);

const done = (taille: number, chiffree: boolean) =>
  console.log(
    `Sauvegarde écrite : ${target} (${(taille / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo${chiffree ? ', chiffrée' : ', non chiffrée'}).`,
  );

try {
  if (!config.DATABASE_URL && isInside(target, config.DATA_DIR))
    // The embedded database's backup copies DATA_DIR whole: a backup there would be in the next ones.
    throw new Error(`Écrivez la sauvegarde hors du dossier de données ${resolve(config.DATA_DIR)}.`);
  if (!config.DATABASE_URL) {
    const reply = await askRunningServer(config.DATA_DIR, target);
    if (reply) {
      if (!reply.ok) throw new Error(reply.message);
      done(reply.taille ?? 0, Boolean(reply.chiffree));
      process.exit(0);
    }
  }
  // No server holds the directory (or PostgreSQL): the command takes the backup itself; of an existing
  // database only (opening an empty folder would create one, and back it up empty).
  if (!config.DATABASE_URL && !existsSync(join(config.DATA_DIR, 'PG_VERSION')))
    throw new Error(`Le dossier ${resolve(config.DATA_DIR)} ne contient aucune base : vérifiez DATA_DIR.`);
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
    (error: unknown) => {
      if (!(error instanceof DataDirLockedError)) throw error;
      // A server holds the directory, but its socket was not found where this command looked.
      throw new Error(
        `${error.message}\nCe serveur n’a pas répondu sur sa prise de sauvegarde (${backupSocketPath(config.DATA_DIR)}) : ` +
          'lancez la commande sous le compte du serveur, avec le même DATA_DIR et le même dossier temporaire ' +
          '(TMPDIR ; avec systemd, PrivateTmp sépare les dossiers temporaires).',
      );
    },
  );
  try {
    // The history's table exists from this version on, whatever the database's age.
    await migrate(handle);
    const row = await takeBackup(handle, {
      target,
      origine: 'manuelle',
      passphrase: config.BACKUP_PASSPHRASE,
      pgBinDir: config.PG_BIN_DIR,
    });
    done(row.taille ?? 0, row.chiffree);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`La sauvegarde a échoué : ${(error as Error).message}`);
  process.exitCode = 1;
}
