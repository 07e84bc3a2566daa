/**
 * Starts the server: configuration, database, migrations, demo data (never in production), listen.
 * Stops cleanly on SIGTERM/SIGINT: no new requests, in-flight ones finish, the database closes.
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { exitIfLocked } from './db/lock';
import { migrate } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed/demo';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }).catch(
  exitIfLocked,
);
const app = await buildApp({ config, db, logger: { level: config.LOG_LEVEL }, backupSocket: true });

// Registered before the migrations and the demo data: a stop asked during them closes cleanly too
// (an unfinished migration is one transaction, rolled back).
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    app
      .close()
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  });
}

const applied = await migrate(db);
if (applied.length) app.log.info({ applied }, 'migrations applied');
// PGlite runs PostgreSQL without its autovacuum: nothing ever gathers the planner's statistics, and a
// never-analysed table is planned from guesses (the week search then walked the overlap constraint's
// GiST index instead of the day index). Gather them at every start: a second or two on a large base.
if (db.kind === 'pglite') await db.exec('ANALYZE');
if (config.NODE_ENV !== 'production') {
  const seeded = await seedDemoIfEmpty(db.db);
  if (seeded) {
    app.log.info('demo data created');
    console.log(
      `\nDonnées de démonstration créées. Comptes (mot de passe « ${seeded.password} ») :\n` +
        seeded.accounts.map((a) => `  ${a.identifiant.padEnd(12)} ${a.role}`).join('\n') +
        '\n',
    );
  }
}

await app.listen({ port: config.PORT, host: config.HOST });
console.log(
  `Intranet de l'Union prêt sur ${config.publicUrl} (référence de l'API : ${config.publicUrl}/api/docs)`,
);
