/**
 * The restore drill (DECISIONS §8), on the engine of the run (PGlite, or PostgreSQL with TEST_DB):
 * a database with documents (a file of two chunks), invoices and card ledgers is backed up while a
 * write is in progress, restored into a new empty database or data folder, and the server goes on
 * there: every table identical (count and checksum), every sequence, the stored file byte for byte,
 * the next invoice numbered right after the last. Then the refusals: a non-empty target without
 * --force, an encrypted backup without or with a wrong passphrase, another engine's backup, a damaged
 * file. And `npm run backup` while a server holds the PGlite directory, as a real process.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, pathTo, type MyCard, type OrderDetail, type ProviderForm, type TopUp } from '@union/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres, openDatabase, type DbHandle } from '../src/db/client';
import { holdInstanceLock } from '../src/db/instance-lock';
import { lockDataDir } from '../src/db/lock';
import { migrate } from '../src/db/migrate';
import { takeBackup } from '../src/modules/backups/backup';
import { askRunningServer, startBackupControl } from '../src/modules/backups/control';
import { restorePayload } from '../src/modules/backups/engines';
import { MAGIC, openBackupFile } from '../src/modules/backups/format';
import { backupsRepository } from '../src/modules/backups/repository';
import { restoreBackup } from '../src/modules/backups/restore';
import { ipnRequest, providerNotification } from './payment-provider';
import { builders, named, type Builders, type Person } from './builders';
import { multipartBody, pdfWith } from './documents-helpers';
import { databaseUrlFor, dropTestDatabase, onEngine, testEngine } from './engine';
import { createTestContext, testContextOn, type TestContext } from './helpers';
import { compiled } from './processes';

const onPostgres = testEngine() === 'postgres';
const apiRoot = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'union-exercice-'));
const PASSPHRASE = 'phrase de passe du test de restauration';

let t: TestContext;
let b: Builders;
let tresorier: Person;
let payer: Person;
let manager: Person;
let lodgeId: number;
let documentId: number;
let fileBytes: Buffer;
let lastInvoice: OrderDetail;
const databases: string[] = [];
const opened: DbHandle[] = [];

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://intranet.exemple.fr' });
  b = builders(t);
  const lodge = await b.aLodgeWithMembers({
    flags: { restauration: true },
    managers: [{ habilitations: ['USER', 'LOGE'] }],
    members: [
      named('tresorier', ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE', 'PAYMENT']),
      named('payeur', ['USER', 'RESTAURATION', 'PAYMENT']),
    ],
  });
  lodgeId = lodge.id;
  manager = lodge.manager;
  tresorier = lodge.members[0]!;
  payer = lodge.members[1]!;

  // A document whose file spans two chunks of the database (1 MiB each): a real PDF, then bytes
  // after its end that no reader looks at.
  fileBytes = Buffer.concat([
    await pdfWith('Planche de la tenue'),
    Buffer.from('\n%'),
    randomBytes(1_300_000),
  ]);
  const body = multipartBody(
    { type: 'V', titre: 'Planche', date: t.clock.today(), idEntite: lodge.id, audience: 'ENTITE' },
    { name: 'planche.pdf', content: fileBytes, type: 'application/pdf' },
  );
  const document = await t.call({
    method: 'POST',
    url: API.documents.document,
    token: lodge.manager.token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(document.statusCode, document.body).toBe(201);
  documentId = document.json<{ id: number }>().id;

  // Invoices: two issued (numbered), one draft.
  await b.anOrder({ by: tresorier, entity: lodge.id, issued: true });
  lastInvoice = await b.anOrder({ by: tresorier, entity: lodge.id, issued: true });
  await b.anOrder({ by: tresorier, entity: lodge.id });
  expect(lastInvoice.numeroFacture).toMatch(/^FA-\d{4}-\d{4}$/);

  // A card ledger: a top-up paid by the provider and validated by the treasurer.
  const topUp = await t.call({
    method: 'POST',
    url: '/api/user/payments',
    token: payer.token,
    payload: { montant: 2500 },
  });
  expect(topUp.statusCode, topUp.body).toBe(201);
  const { id } = topUp.json<TopUp>();
  const form = (
    await t.call({ method: 'GET', url: `/api/user/payments/${id}/systempay`, token: payer.token })
  ).json<ProviderForm>();
  const notified = await t.call(ipnRequest(providerNotification(form)));
  expect(notified.statusCode, notified.body).toBe(200);
  expect(
    (await t.call({ method: 'POST', url: `/api/payment/${id}/validate`, token: tresorier.token })).statusCode,
  ).toBe(200);
});

afterAll(async () => {
  for (const handle of opened.splice(0)) await handle.close().catch(() => undefined);
  await t.close();
  if (databases.length) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    for (const name of databases) await dropTestDatabase(admin, name);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
});

/** Every table's row count and checksum (md5 of its rows in order), and every sequence's value. */
async function fingerprint(handle: DbHandle): Promise<Record<string, string>> {
  const tables = await handle.rows<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const print: Record<string, string> = {};
  for (const { name } of tables) {
    // The history gains this very backup's row after the copy: compared on its own below.
    if (name === 'backups') continue;
    const [row] = await handle.rows<{ n: number; sum: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(r::text, E'\\n' ORDER BY r::text)) AS sum FROM "${name}" r`,
    );
    print[name] = `${row!.n} ${row!.sum ?? ''}`;
  }
  for (const seq of await handle.rows<{ name: string; value: string | null }>(
    "SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'",
  ))
    if (seq.name !== 'backups_id_seq') print[`sequence ${seq.name}`] = seq.value ?? 'none';
  return print;
}

/** A new, empty target of the run's engine: a data folder, or a PostgreSQL database. */
async function emptyTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = mkdtempSync(join(work, 'donnees-'));
  if (!onPostgres) return { dataDir };
  const name = `union_t_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  return { dataDir, databaseUrl: databaseUrlFor(name) };
}

/**
 * Resolves once a backup to a file of `dir` has begun: its working folder is made there, just before its
 * first statement (which, on PGlite's one connection, then waits for any transaction open).
 */
async function backupBegunIn(dir: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!readdirSync(dir).some((name) => name.startsWith('.union-sauvegarde-'))) {
    if (Date.now() > deadline) throw new Error('the backup never began');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Opens a restored target as the server does (its lock on PGlite, then the migrations). */
async function openTarget(target: { dataDir: string; databaseUrl?: string }): Promise<DbHandle> {
  const handle = target.databaseUrl
    ? fromPostgres(target.databaseUrl)
    : await openDatabase({ dataDir: target.dataDir });
  await migrate(handle);
  return handle;
}

describe('the restore drill', () => {
  it('backs up while a write is in progress, restores every table, sequence and file; numbering goes on; a non-empty target needs --force', async () => {
    const before = await fingerprint(t.handle);
    // The write: two rows changed in one transaction, held open while the backup starts. PostgreSQL:
    // open until the backup is written (pg_dump's snapshot must not see it). PGlite: one connection,
    // so the copy waits for the transaction's end and must hold all of it.
    let backupDone!: () => void;
    const backupWritten = new Promise<void>((resolve) => (backupDone = resolve));
    let writeStarted!: () => void;
    const started = new Promise<void>((resolve) => (writeStarted = resolve));
    const write = t.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE entities SET nom = 'Nom changé pendant la sauvegarde' WHERE id = ${lodgeId}`,
      );
      writeStarted();
      await (onPostgres ? backupWritten : backupBegunIn(work));
      await tx.execute(sql`UPDATE users SET nom = 'Changé aussi' WHERE id = ${payer.id}`);
    });
    await started;
    const file = join(work, 'exercice.sauvegarde');
    const row = await takeBackup(t.handle, { target: file, origine: 'manuelle' });
    backupDone();
    await write;
    const after = await fingerprint(t.handle);
    expect(after).not.toEqual(before);
    expect(row).toMatchObject({ reussie: true, chiffree: false, fichier: file });
    expect(row.taille).toBe(readFileSync(file).length);
    expect(readFileSync(file).subarray(0, MAGIC.length).toString()).toBe(MAGIC);

    const target = await emptyTarget();
    const header = await restoreBackup(file, { ...target, force: false });
    expect(header.moteur).toBe(testEngine());
    const restored = await openTarget(target);
    const expected = onPostgres ? before : after;
    expect(await fingerprint(restored)).toEqual(expected);
    // The history holds what was there before this backup, not the backup itself.
    const history = await backupsRepository.latest(restored.db, 10);
    expect(history.map((h) => h.id)).not.toContain(row.id);

    // The server on the restored database: same file bytes, same card, the next invoice number.
    const r = await testContextOn(restored, { PUBLIC_URL: 'https://intranet.exemple.fr' });
    try {
      const token = await r.signIn('tresorier');
      const downloaded = await r.call({
        method: 'GET',
        url: pathTo(API.documents.file, { id: documentId }),
        token: await r.signIn(manager.identifiant),
      });
      expect(downloaded.statusCode).toBe(200);
      expect(Buffer.compare(downloaded.rawPayload, fileBytes)).toBe(0);
      const card = await r.call({
        method: 'GET',
        url: '/api/user/payments',
        token: await r.signIn('payeur'),
      });
      expect(card.json<MyCard>().solde).toBe(2500);
      const next = await builders(r).anOrder({ by: { token }, entity: lodgeId, issued: true });
      const number = (n: string | null) => Number(n!.slice(-4));
      expect(next.numeroFacture!.slice(0, 8)).toBe(lastInvoice.numeroFacture!.slice(0, 8));
      expect(number(next.numeroFacture)).toBe(number(lastInvoice.numeroFacture) + 1);
    } finally {
      await r.close();
    }

    // Again into the same target, which now holds the invoice issued there: refused without --force,
    // and nothing changed; with --force, replaced by the backup.
    const check = await openTarget(target);
    const changed = await fingerprint(check);
    await check.close();
    expect(changed).not.toEqual(expected);
    await expect(restoreBackup(file, { ...target, force: false })).rejects.toThrow(
      onPostgres
        ? /La base PostgreSQL n’est pas vide.*--force/
        : /Le dossier de données .* n’est pas vide.*--force/,
    );
    const untouched = await openTarget(target);
    expect(await fingerprint(untouched)).toEqual(changed);
    await untouched.close();

    await restoreBackup(file, { ...target, force: true });
    const replaced = await openTarget(target);
    opened.push(replaced);
    expect(await fingerprint(replaced)).toEqual(expected);
    // A backup and three restores of the whole database, one after the other: its own time limit.
  }, 90_000);

  it('refuses while a server uses the target, even with --force', async () => {
    const target = await emptyTarget();
    // What a running server holds: PostgreSQL's instance lock, or the data directory's lock.
    const instance = target.databaseUrl ? await holdInstanceLock(target.databaseUrl) : undefined;
    const lock = target.databaseUrl ? undefined : lockDataDir(target.dataDir);
    const file = join(work, 'occupee.sauvegarde');
    try {
      await takeBackup(t.handle, { target: file, origine: 'manuelle' });
      await expect(restoreBackup(file, { ...target, force: true })).rejects.toThrow(
        onPostgres
          ? /Un serveur de l’Intranet .* utilise cette base PostgreSQL.*--force ne passe pas outre/
          : /déjà utilisé par une autre instance/,
      );
    } finally {
      await instance?.release();
      lock?.release();
    }
    if (!target.databaseUrl) return;
    // Any other session (a psql left open) is refused too.
    const connection = new pg.Client({ connectionString: target.databaseUrl });
    await connection.connect();
    try {
      await expect(restoreBackup(file, { ...target, force: true })).rejects.toThrow(
        /D’autres connexions utilisent cette base \(1\) : fermez-les/,
      );
    } finally {
      await connection.end();
    }
  });
});

describe('encrypted backups', () => {
  it('round trip with the passphrase; without it or with a wrong one, a clear French refusal', async () => {
    const file = join(work, 'chiffree.sauvegarde.age');
    const row = await takeBackup(t.handle, { target: file, origine: 'manuelle', passphrase: PASSPHRASE });
    expect(row.chiffree).toBe(true);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    // Nothing of the content in clear: neither our header nor a member's name.
    expect(bytes.includes(Buffer.from('UNION-INTRANET'))).toBe(false);
    expect(bytes.includes(Buffer.from(payer.nom))).toBe(false);

    const target = await emptyTarget();
    await expect(restoreBackup(file, { ...target, force: false })).rejects.toThrow(
      'Cette sauvegarde est chiffrée : donnez sa phrase de passe dans la variable BACKUP_PASSPHRASE.',
    );
    await expect(
      restoreBackup(file, { ...target, force: false, passphrase: 'pas la bonne' }),
    ).rejects.toThrow(/La phrase de passe \(BACKUP_PASSPHRASE\) ne déchiffre pas cette sauvegarde/);
    await restoreBackup(file, { ...target, force: false, passphrase: PASSPHRASE });
    const restored = await openTarget(target);
    opened.push(restored);
    const [source, copy] = [await fingerprint(t.handle), await fingerprint(restored)];
    expect(copy).toEqual(source);
    // A whole backup and restore, and three key derivations at age’s cost: 10 s alone, over 30 s once
    // on CI beside the other files.
  }, 90_000);
});

describe('damaged or foreign files', () => {
  it('a cut file, a file that is no backup, another engine’s or a newer version’s backup: refused before anything is touched', async () => {
    const file = join(work, 'entiere.sauvegarde');
    await takeBackup(t.handle, { target: file, origine: 'manuelle' });
    const cut = join(work, 'coupee.sauvegarde');
    const whole = readFileSync(file);
    writeFileSync(cut, whole.subarray(0, whole.length - 1000));
    await expect(openBackupFile(cut)).rejects.toThrow(/est incomplète ou abîmée/);
    const other = join(work, 'autre.txt');
    writeFileSync(other, 'bonjour\n');
    await expect(openBackupFile(other)).rejects.toThrow(/n’est pas une sauvegarde de l’Intranet/);
    await expect(openBackupFile(join(work, 'absente'))).rejects.toThrow(/il n’existe pas/);
    const backup = await openBackupFile(file);
    try {
      const target = onPostgres
        ? { dataDir: join(work, 'x') }
        : { dataDir: join(work, 'x'), databaseUrl: 'postgres://x@127.0.0.1/x' };
      await expect(restorePayload(backup.header, backup.payloadPath, target, false)).rejects.toThrow(
        /ne peut être restaurée que dans le même moteur/,
      );
      // A backup of a newer version (a migration this code does not know): refused, before anything.
      expect(backup.header.migrations.some((tag) => tag.endsWith('_backups'))).toBe(true);
      const newer = { ...backup.header, migrations: [...backup.header.migrations, '0999_future'] };
      const own = onPostgres ? await emptyTarget() : { dataDir: join(work, 'jamais-creee') };
      await expect(restorePayload(newer, backup.payloadPath, own, false)).rejects.toThrow(
        'Cette sauvegarde vient d’une version plus récente de l’Intranet (migrations inconnues de celle-ci : 0999_future) : restaurez-la avec une version au moins aussi récente.',
      );
      expect(existsSync(join(work, 'jamais-creee'))).toBe(false);
      if (onPostgres) {
        // pg_restore reads its payload from the file: one that cannot be read is a French refusal,
        // not an uncaught error ending the command.
        const unreadable = join(work, 'illisible');
        mkdirSync(unreadable);
        await expect(restorePayload(backup.header, unreadable, await emptyTarget(), false)).rejects.toThrow(
          `Le fichier ${unreadable} n’a pas pu être lu : EISDIR`,
        );
      }
    } finally {
      await backup.dispose();
    }
  });
});

onEngine('pglite', () =>
  describe('npm run backup while the server holds the PGlite data directory', () => {
    it('asks the running server through its local socket, as a real process', async () => {
      const dataDir = mkdtempSync(join(work, 'serveur-'));
      // The test's app stands for the server that holds `dataDir`.
      const control = await startBackupControl({ handle: t.handle, dataDir, log: t.app.log });
      try {
        const direct = join(work, 'par-le-serveur.sauvegarde');
        expect(await askRunningServer(dataDir, direct)).toMatchObject({ ok: true, chiffree: false });
        const target = join(work, 'par-la-commande.sauvegarde');
        const child = spawn(process.execPath, compiled('backup', target), {
          cwd: apiRoot,
          env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code, output).toBe(0);
        expect(output).toContain(`Sauvegarde écrite : ${target}`);
        const restored = { dataDir: mkdtempSync(join(work, 'depuis-la-commande-')) };
        await restoreBackup(target, { ...restored, force: false });
        const handle = await openTarget(restored);
        opened.push(handle);
        expect((await fingerprint(handle))['document_file_chunks']).toBe(
          (await fingerprint(t.handle))['document_file_chunks'],
        );
      } finally {
        await control.close();
      }
    });
  }),
);

onEngine('pglite', () =>
  describe('npm run backup, a server holding the directory that does not answer', () => {
    it('says how to reach it rather than only « already used »', async () => {
      const dataDir = mkdtempSync(join(work, 'muet-'));
      writeFileSync(join(dataDir, 'PG_VERSION'), '17\n');
      const lock = lockDataDir(dataDir);
      try {
        const child = spawn(process.execPath, compiled('backup', join(work, 'jamais.sauvegarde')), {
          cwd: apiRoot,
          env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
        expect(code, output).toBe(1);
        expect(output).toMatch(/La sauvegarde a échoué : Le dossier de données .* est déjà utilisé/);
        expect(output).toMatch(/n’a pas répondu sur sa prise de sauvegarde .*PrivateTmp/s);
      } finally {
        lock.release();
      }
    });
  }),
);

onEngine('postgres', () =>
  describe('npm run backup on PostgreSQL', () => {
    it('runs pg_dump while the server is connected, as a real process', async () => {
      const target = join(work, 'commande-postgres.sauvegarde');
      const child = spawn(process.execPath, compiled('backup', target), {
        cwd: apiRoot,
        env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: t.handle.url! },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code, output).toBe(0);
      expect(output).toContain(`Sauvegarde écrite : ${target}`);
      const [row] = await backupsRepository.latest(t.db, 1);
      expect(row).toMatchObject({ origine: 'manuelle', reussie: true, fichier: target });
      const backup = await openBackupFile(target);
      expect(backup.header).toMatchObject({ moteur: 'postgres', contenu: 'pg_dump-custom' });
      await backup.dispose();
    });
  }),
);
