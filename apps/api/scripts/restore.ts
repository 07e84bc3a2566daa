/**
 * `npm run restore -- FICHIER [--force]`: restores a backup of `npm run backup` (or of the daily job)
 * into the database the configuration names (DATABASE_URL, or DATA_DIR), with the server stopped.
 * An empty database or data folder only, unless --force, which first erases the one there. The
 * server then starts on it as usual (its migrations bring an older backup up to date).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { describeDatabase, exitWithoutDatabaseSetting, loadConfigOrExit } from '../src/config';
import { restoreBackup } from '../src/modules/backups/restore';

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
} catch (error) {
  console.error((error as Error).message);
  parsed = undefined;
}
if (!parsed || parsed.positionals.length !== 1) {
  console.error('Usage : npm run restore -- FICHIER [--force]');
  process.exit(2);
}
// The embedded base's files it writes are its account's alone, like the server's (server.ts).
process.umask(0o077);
const config = loadConfigOrExit();
exitWithoutDatabaseSetting(config, 'npm run restore');
try {
  // npm runs the workspace's script in apps/api: a relative path is the one the operator typed it from.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), parsed.positionals[0]!);
  const header = await restoreBackup(file, {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgBinDir: config.PG_BIN_DIR,
    passphrase: config.BACKUP_PASSPHRASE,
    force: parsed.values.force,
  });
  console.log(
    `Sauvegarde du ${new Date(header.creeLe).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })} restaurée dans ${describeDatabase(config)}. Le serveur peut démarrer.`,
  );
} catch (error) {
  console.error(`La restauration a échoué : ${(error as Error).message}`);
  process.exitCode = 1;
}
