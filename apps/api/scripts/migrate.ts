/**
 * `npm run migrate`: applies the pending migrations and exits, so that a host migrates once before it
 * starts its servers with MIGRATE_ON_START=false (issue 19). Same settings as the server (DATABASE_URL,
 * else DATA_DIR, whose lock it takes: on PGlite it runs with the server stopped). Safe to run twice and
 * from several hosts at once (db/migrate.ts takes an advisory lock).
 */
import { describeDatabase, exitWithoutDatabaseSetting, loadConfigOrExit } from '../src/config';
import { openDatabase } from '../src/db/client';
import { exitIfLocked } from '../src/db/lock';
import { migrate } from '../src/db/migrate';

// The embedded base's files it writes are its account's alone, like the server's (server.ts).
process.umask(0o077);
const config = loadConfigOrExit();
exitWithoutDatabaseSetting(config, 'npm run migrate');
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  exitIfLocked,
);
try {
  const applied = await migrate(handle);
  console.log(
    applied.length
      ? `Migrations appliquées à ${describeDatabase(config)} (${applied.length}) :\n${applied.map((tag) => `  ${tag}`).join('\n')}`
      : `Aucune migration en attente : ${describeDatabase(config)} est à jour.`,
  );
} catch (error) {
  console.error(`Migration impossible : ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
