/**
 * Starts the server: configuration, database, migrations, demo data (never in production), listen.
 * Stops cleanly on SIGTERM/SIGINT (see `stop` below).
 */
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { exitIfLocked } from './db/lock';
import { migrate, pendingMigrations } from './db/migrate';
import { armExitWatchdog, ignoreClosedOutput } from './modules/operations/exit';
import { sealTotpSecrets } from './modules/second-factor/service';
import { seedDemoIfEmpty } from './seed/demo';

// `node dist/server.js | head`: the server goes on when its output's reader is gone.
ignoreClosedOutput();
// Whatever the server writes (PGlite's files, the key file, uploads waiting to be checked) is its
// account's alone: PGlite asks for 0666 files and the usual umask 022 leaves them readable by all.
process.umask(0o077);
const config = loadConfigOrExit();
const db = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolIdleMs: config.PG_POOL_IDLE_MS,
}).catch(exitIfLocked);
const app = await buildApp({ config, db, logger: { level: config.LOG_LEVEL }, backupSocket: true });

// Registered before the migrations and the demo data: a stop asked during them closes cleanly too
// (an unfinished migration is one transaction, rolled back).
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stop(signal);
  });
}

/**
 * The clean stop (issue 19): `/api/ready` answers 503 at once; the socket stops accepting; a request
 * that still arrives on an open connection is answered 503 with `Connection: close`
 * (modules/operations/draining.ts); requests in flight get SHUTDOWN_GRACE_MS to finish, then their connections are cut (an unanswered request's
 * transaction is rolled back: nothing acknowledged is lost); the workers finish the batch in hand
 * (app.ts's onClose hooks: the background work, the purge, the outbox worker, which marks the message
 * it is sending before it stops); the database closes (PGlite writes its files and releases its lock),
 * and the process exits 0.
 */
function stop(signal: NodeJS.Signals) {
  // First, before anything that writes: the thread that ends the process even if this one blocks.
  armExitWatchdog(config.SHUTDOWN_GRACE_MS + 12_000);
  app.operations.stopping = true;
  app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'stopping');
  const grace = setTimeout(() => {
    app.log.warn('grace period over: the connections still open are closed');
    app.server.closeAllConnections();
  }, config.SHUTDOWN_GRACE_MS);
  // Should closing hang past the grace (a worker stuck on a dead SMTP server), the process still ends:
  // exit 1 from here, or, should this thread itself be blocked, killed by the watchdog 2 s later.
  const deadline = setTimeout(() => {
    app.log.error('stop not finished 10 s after the grace period: exiting');
    exit(1);
  }, config.SHUTDOWN_GRACE_MS + 10_000);
  deadline.unref();
  app
    .close()
    .then(() => clearTimeout(grace))
    .then(() => db.close())
    .then(() => {
      app.log.info('stopped');
      exit(0);
    })
    .catch((err: unknown) => {
      console.error(err);
      exit(1);
    });
}

/**
 * Exits, within 2 s whatever the output does: the logger writes what it still holds as the process
 * exits, and that write blocks for good on a pipe nobody reads.
 */
function exit(code: number): never {
  armExitWatchdog(2000);
  process.exit(code);
}

// MIGRATE_ON_START=false: a host that runs `npm run migrate` once before starting several servers. The
// server then starts on the schema it finds, and /api/ready says 503 while migrations are pending.
let pending: string[] = [];
if (config.MIGRATE_ON_START) {
  const applied = await migrate(db);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
} else {
  pending = await pendingMigrations(db);
  if (pending.length) app.log.warn({ pending }, 'migrations pending: run `npm run migrate`');
}
// PGlite runs PostgreSQL without its autovacuum: nothing ever gathers the planner's statistics, and a
// never-analysed table is planned from guesses (the week search then walked the overlap constraint's
// GiST index instead of the day index). Gather them at every start: a second or two on a large base.
if (db.kind === 'pglite') await db.exec('ANALYZE');
// The authenticators' secrets written in clear before migration 0030 are sealed now, and the key is
// checked against a sealed one: a wrong SECOND_FACTOR_KEY stops here, with the operator's message.
if (!pending.length) {
  try {
    const sealed = await sealTotpSecrets(db.db);
    if (sealed) app.log.info({ sealed }, 'authenticator secrets encrypted');
  } catch (error) {
    console.error((error as Error).message);
    await app.close();
    await db.close();
    process.exit(1);
  }
}
if (config.NODE_ENV !== 'production' && !pending.length) {
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
