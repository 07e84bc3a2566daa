/**
 * Two servers on one PostgreSQL database, as behind one proxy (issue 19): two `buildApp`, each with its
 * own pool, on the same database. Every case is driven through both: what one instance changes is in
 * force on the other at once, counts are shared, and what both try at the same moment happens once.
 * PostgreSQL only: a PGlite data directory belongs to one process (db/lock.ts), so there is no second
 * instance to run.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MealOrder, MyCard, OrderDetail, UserDetail } from '@union/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LOCKS, runAlone } from '../src/db/alone';
import { fromPostgres } from '../src/db/client';
import { cardMovements, cards, emailOutbox, meals } from '../src/db/schema';
import { runDailyBackupIfDue } from '../src/modules/backups/job';
import { backupsRepository } from '../src/modules/backups/repository';
import { builders, type Builders, type Person } from './builders';
import { CLIENT_BASIC, PASSWORD, createTestContext, testContextOn, type TestContext } from './helpers';
import { smtpInbox, type Inbox } from './smtp-inbox';

/** The SMTP server both instances send through. */
let inbox: Inbox;
/** Instance A (it created the database) and instance B (a second app and pool on the same one). */
let a: TestContext;
let bApp: TestContext;
/** The builders write through A; what they give (tokens, ids) holds on both. */
let b: Builders;
let admin: Person;
const dirs: string[] = [];

beforeAll(async () => {
  inbox = await smtpInbox();
  // Each instance runs its own outbox worker; a long poll period, so the test drives both with flush().
  // Behind one proxy (here 127.0.0.1, the address every injected request comes from): both trust it to
  // name the client's address.
  const env = {
    SMTP_URL: inbox.url,
    MAIL_POLL_MS: '3600000',
    TRUST_PROXY: '127.0.0.1',
  };
  a = await createTestContext(env);
  bApp = await testContextOn(fromPostgres(a.handle.url!), env);
  b = builders(a);
  admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
});
afterAll(async () => {
  // B's pool first: A's close drops the database once no connection is left.
  await bApp.close();
  await a.close();
  await inbox.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const info = (on: TestContext, token: string) => on.call({ method: 'GET', url: '/api/user/info', token });

/**
 * The status B answers, asked again until it is `expected` or a second has passed: "at once" for a
 * person is within a second. Answers the last status seen.
 */
async function statusWithinASecond(ask: () => Promise<{ statusCode: number }>, expected: number) {
  const end = Date.now() + 1000;
  let status = (await ask()).statusCode;
  while (status !== expected && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = (await ask()).statusCode;
  }
  return status;
}

/** POST /oauth/token on one instance: the status and the token if any. */
async function signInOn(on: TestContext, identifiant: string, password = PASSWORD, forwardedFor?: string) {
  const response = await on.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: {
      authorization: CLIENT_BASIC,
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: new URLSearchParams({ grant_type: 'password', username: identifiant, password }).toString(),
  });
  return {
    status: response.statusCode,
    token: response.statusCode === 200 ? response.json<{ access_token: string }>().access_token : '',
  };
}

/** The administrator's PUT /api/user on A, changing `changes` of the user's detail. */
async function editUserOnA(userId: number, changes: Partial<UserDetail>) {
  const detail = (
    await a.call({ method: 'GET', url: `/api/user/${userId}/infos`, token: admin.token })
  ).json<UserDetail>();
  const saved = await a.call({
    method: 'PUT',
    url: '/api/user',
    token: admin.token,
    payload: { ...detail, ...changes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('two instances on one PostgreSQL database (PostgreSQL only: TEST_DB=postgres)', () => {
  describe('a change on A is in force on B within a second', () => {
    it('a session signed out on A is refused on B', async () => {
      const { token } = await b.aUser();
      expect((await info(bApp, token)).statusCode).toBe(200);
      expect((await a.call({ method: 'DELETE', url: '/oauth/token', token })).statusCode).toBe(204);
      expect(await statusWithinASecond(() => info(bApp, token), 401)).toBe(401);
    });

    it('a password changed on A ends the other sessions on B, and B signs in with the new one only', async () => {
      const user = await b.aUser();
      const onB = (await signInOn(bApp, user.identifiant)).token;
      expect((await info(bApp, onB)).statusCode).toBe(200);
      const changed = await a.call({
        method: 'POST',
        url: '/api/user/password',
        token: user.token,
        payload: { actuel: PASSWORD, data: 'Un-tout-autre-mot-de-passe-2' },
      });
      expect(changed.statusCode, changed.body).toBe(204);
      expect(await statusWithinASecond(() => info(bApp, onB), 401)).toBe(401);
      // The session that made the change stays open, on both.
      expect((await info(bApp, user.token)).statusCode).toBe(200);
      expect((await signInOn(bApp, user.identifiant)).status).toBe(400);
      expect((await signInOn(bApp, user.identifiant, 'Un-tout-autre-mot-de-passe-2')).status).toBe(200);
    });

    /** Three raw connections to the test's database, and a wait for statements blocked on a lock. */
    async function rawConnections() {
      const database = new URL(a.handle.url!).pathname.slice(1);
      const [holder, changer, watcher] = [1, 2, 3].map(
        () => new pg.Client({ connectionString: a.handle.url }),
      );
      await Promise.all([holder!.connect(), changer!.connect(), watcher!.connect()]);
      return {
        holder: holder!,
        changer: changer!,
        async waiting(n: number) {
          for (let i = 0; i < 200; i++) {
            const { rows } = await watcher!.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
              [database],
            );
            if (rows[0]!.n >= n) return;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          throw new Error(`never ${n} waiting`);
        },
        end: () => Promise.all([holder!.end(), changer!.end(), watcher!.end()]),
      };
    }

    /** What A's password change writes: the account's row, then its sessions revoked. */
    const passwordChange = (userId: number) =>
      `UPDATE users SET password_hash = 'changé' WHERE id = ${userId};
         UPDATE access_tokens SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`;

    it('a sign-in on B whose session is written as the password changes on A does not outlive it', async () => {
      const user = await b.aUser();
      const raw = await rawConnections();
      try {
        // Sessions cannot be written for a moment: B's sign-in, its password checked, waits to write its own.
        await raw.holder.query('BEGIN');
        await raw.holder.query('LOCK TABLE access_tokens IN SHARE MODE');
        const signIn = signInOn(bApp, user.identifiant);
        await raw.waiting(1);
        const change = raw.changer.query(`BEGIN; ${passwordChange(user.id)}; COMMIT`);
        await raw.waiting(2);
        await raw.holder.query('COMMIT');
        const [opened] = await Promise.all([signIn, change]);
        // Refused, or opened and then revoked with the others: never a session the old password keeps.
        if (opened.status === 200) expect((await info(a, opened.token)).statusCode).toBe(401);
        else expect(opened.status).toBe(400);
      } finally {
        await raw.end();
      }
    });

    it('a password changed on A after B checked it, before B writes the session: refused', async () => {
      const user = await b.aUser();
      const raw = await rawConnections();
      try {
        // A's change has the account's row; B's sign-in checks the password, then waits for the row.
        await raw.holder.query('BEGIN');
        await raw.holder.query(`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
        const signIn = signInOn(bApp, user.identifiant);
        await raw.waiting(1);
        await raw.holder.query(passwordChange(user.id));
        await raw.holder.query('COMMIT');
        const opened = await signIn;
        if (opened.status === 200) expect((await info(a, opened.token)).statusCode).toBe(401);
        expect(opened.status).toBe(400);
      } finally {
        await raw.end();
      }
    });

    it('a habilitation removed on A is refused on B', async () => {
      const other = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
      const outbox = () => bApp.call({ method: 'GET', url: '/api/admin/emails', token: other.token });
      expect((await outbox()).statusCode).toBe(200);
      await editUserOnA(other.id, { habilitations: ['USER'] });
      expect(await statusWithinASecond(outbox, 403)).toBe(403);
      // Still signed in: only the right is gone.
      expect((await info(bApp, other.token)).json()).toMatchObject({ habilitations: ['USER'] });
    });

    it('an account deactivated on A is refused on B, session and sign-in', async () => {
      const user = await b.aUser();
      expect((await info(bApp, user.token)).statusCode).toBe(200);
      await editUserOnA(user.id, { etat: 'I' });
      expect(await statusWithinASecond(() => info(bApp, user.token), 401)).toBe(401);
      expect((await signInOn(bApp, user.identifiant)).status).toBe(400);
    });
  });

  describe('sign-in failures count across both', () => {
    it('five wrong passwords split across A and B lock the account on both', async () => {
      const user = await b.aUser();
      for (const on of [a, bApp, a, bApp, a]) {
        expect((await signInOn(on, user.identifiant, 'mauvais')).status).toBe(400);
      }
      // Locked from this address: even the right password is refused, on either instance.
      expect((await signInOn(bApp, user.identifiant)).status).toBe(400);
      expect((await signInOn(a, user.identifiant)).status).toBe(400);
      const outcomes = await a.handle.rows<{ outcome: string }>(
        `SELECT outcome FROM sign_in_attempts WHERE identifiant = '${user.identifiant}' ORDER BY id`,
      );
      expect(outcomes.map((o) => o.outcome)).toEqual([
        'ok',
        ...Array<string>(5).fill('bad_password'),
        'locked',
        'locked',
      ]);
    });

    it('behind the proxy, the lock is per client address forwarded, on both', async () => {
      const user = await b.aUser();
      for (const on of [a, bApp, a, bApp, a]) {
        expect((await signInOn(on, user.identifiant, 'mauvais', '203.0.113.9')).status).toBe(400);
      }
      expect((await signInOn(bApp, user.identifiant, PASSWORD, '203.0.113.9')).status).toBe(400);
      // The owner, at another address behind the same proxy, is not kept out.
      expect((await signInOn(bApp, user.identifiant, PASSWORD, '198.51.100.7')).status).toBe(200);
      const rows = await a.handle.rows<{ ip: string; outcome: string }>(
        `SELECT ip, outcome FROM sign_in_attempts WHERE identifiant = '${user.identifiant}' AND ip <> '127.0.0.1' ORDER BY id`,
      );
      expect(rows.map((r) => `${r.ip} ${r.outcome}`)).toEqual([
        ...Array<string>(5).fill('203.0.113.9 bad_password'),
        '203.0.113.9 locked',
        '198.51.100.7 ok',
      ]);
    });

    it('twelve wrong passwords at once, split across A and B: at most five are checked', async () => {
      const user = await b.aUser();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => signInOn(i % 2 ? bApp : a, user.identifiant, 'mauvais')),
      );
      expect(answers.map((r) => r.status)).toEqual(Array<number>(12).fill(400));
      const outcomes = (
        await a.handle.rows<{ outcome: string }>(
          `SELECT outcome FROM sign_in_attempts WHERE identifiant = '${user.identifiant}' ORDER BY id`,
        )
      ).map((o) => o.outcome);
      // Before the fix every guess read the failures before any was written: all twelve were checked.
      const checked = outcomes.filter((o) => o === 'bad_password').length;
      expect(checked).toBeLessThanOrEqual(5);
      expect(outcomes.filter((o) => o === 'locked')).toHaveLength(12 - checked);
      expect(outcomes).not.toContain('pending');
    });
  });

  describe('what both try at once happens once', () => {
    it('the outbox: two workers against one SMTP server send each message exactly once', async () => {
      const subjects = Array.from({ length: 60 }, (_, i) => `Message ${i}`);
      // What other tests queued (their notices) goes out too.
      const [queued] = await a.handle.rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM email_outbox WHERE statut = 'P'`,
      );
      await a.db
        .insert(emailOutbox)
        .values(subjects.map((sujet) => ({ destinataire: 'vm@exemple.fr', sujet, texte: 'Bonjour.' })));
      // Safely after the rows' default `prochain_essai` (the database's now()).
      const now = new Date(Date.now() + 1000);
      const sentBy = { a: 0, b: 0 };
      for (;;) {
        const [byA, byB] = await Promise.all([a.app.mailWorker!.flush(now), bApp.app.mailWorker!.flush(now)]);
        sentBy.a += byA;
        sentBy.b += byB;
        if (byA + byB === 0) break;
      }
      expect(sentBy.a + sentBy.b).toBe(queued!.n + 60);
      // Both took part: the claims really raced.
      expect(sentBy.a).toBeGreaterThan(0);
      expect(sentBy.b).toBeGreaterThan(0);
      const sent = inbox.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '');
      expect(sent.filter((s) => s.startsWith('Message ')).sort()).toEqual([...subjects].sort());
      const [left] = await a.handle.rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM email_outbox WHERE statut <> 'E'`,
      );
      expect(left!.n).toBe(0);
    });

    it('a periodic job tried by both at once runs on one', async () => {
      let running = 0;
      let ran = 0;
      let oneSkipped!: () => void;
      const skipped = new Promise<void>((resolve) => (oneSkipped = resolve));
      const job = async () => {
        running += 1;
        ran += 1;
        const alone = running === 1;
        // Holds the lock until the other instance's try has come back without running it (or 10 s,
        // should both run it).
        await Promise.race([skipped, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        running -= 1;
        return alone;
      };
      const tryOn = async (app: typeof a.app) => {
        const result = await runAlone(app.dbHandle, JOB_LOCKS.purge, job);
        if (result === undefined) oneSkipped();
        return result;
      };
      const results = await Promise.all([tryOn(a.app), tryOn(bApp.app)]);
      expect(ran).toBe(1);
      expect(results.filter((r) => r === undefined)).toHaveLength(1);
      expect(results).toContain(true);
    });

    it('the daily backup due on both at the same minute is taken once', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'union-deux-instances-'));
      dirs.push(dir);
      const clock = () => new Date('2026-07-15T01:01:00Z');
      const taken = await Promise.all(
        [a, bApp].map((on) =>
          runDailyBackupIfDue({ handle: on.app.dbHandle, dir, time: '03:00', keep: 5 }, clock),
        ),
      );
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(readdirSync(dir)).toHaveLength(1);
      expect(await backupsRepository.latest(a.db, 10)).toHaveLength(1);
    });
  });

  describe('numbers, seats and balances stay exact when requests land on both', () => {
    it('20 invoices issued half on A, half on B at once: consecutive numbers, no gap, no duplicate', async () => {
      const tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
      const lodge = await b.aLodgeWithMembers({ members: 0 });
      const drafts: OrderDetail[] = [];
      for (let i = 0; i < 20; i++) drafts.push(await b.anOrder({ by: tresorier, entity: lodge.id }));
      const answers = await Promise.all(
        drafts.map((draft, i) =>
          (i % 2 ? bApp : a).call({
            method: 'PUT',
            url: '/api/compta/commande?action=FACTURE_SENT',
            token: tresorier.token,
            payload: { id: draft.id },
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const numbers = answers.map((r) => r.json<OrderDetail>().numeroFacture!).sort();
      const year = drafts[0]!.annee;
      expect(numbers).toEqual(
        Array.from({ length: 20 }, (_, i) => `FA-${year}-${String(i + 1).padStart(4, '0')}`),
      );
    });

    it('orders racing on both for the last 4 seats: 4 taken, never oversold', async () => {
      const {
        meal: { id: mealId },
        dishes: [dishId],
      } = await b.aMeal({ places: 4, dishes: [{ type: 'M', libelle: 'Menu', prix: 1500 }] });
      const people: Person[] = [];
      for (let i = 0; i < 16; i++) people.push(await b.aUser({ habilitations: ['USER', 'RESTAURATION'] }));
      const answers = await Promise.all(
        people.map((person, i) =>
          (i % 2 ? bApp : a).call({
            method: 'POST',
            url: `/api/repas/${mealId}/commande`,
            token: person.token,
            payload: { lignes: [{ idPlat: dishId, quantite: 1 }] },
          }),
        ),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(4);
      expect(codes.filter((c) => c === 412)).toHaveLength(12);
      for (const r of answers.filter((x) => x.statusCode === 412)) expect(r.json().error).toBe('meal_full');
      const [meal] = await a.db.select().from(meals).where(eq(meals.id, mealId));
      expect(meal!.placesPrises).toBe(4);
    });

    it('card payments racing on both: never below zero, the balance is the sum of the ledger', async () => {
      const owner = await b.aUser({ habilitations: ['USER', 'RESTAURATION', 'PAYMENT'] });
      const [card] = await a.db.insert(cards).values({ userId: owner.id }).returning();
      await a.db
        .insert(cardMovements)
        .values({ cardId: card!.id, type: 'R', montant: 5000, libelle: 'test' });
      const orders: { mealId: number; orderId: number }[] = [];
      for (let i = 0; i < 12; i++) {
        const {
          meal: { id: mealId },
          dishes: [dishId],
        } = await b.aMeal({ titre: `Repas ${i}`, dishes: [{ type: 'M', libelle: 'Menu', prix: 1000 }] });
        const order = await a.call({
          method: 'POST',
          url: `/api/repas/${mealId}/commande`,
          token: owner.token,
          payload: { lignes: [{ idPlat: dishId, quantite: 1 }] },
        });
        expect(order.statusCode, order.body).toBe(201);
        orders.push({ mealId, orderId: order.json<MealOrder>().id });
      }
      const answers = await Promise.all(
        orders.map(({ mealId, orderId }, i) =>
          (i % 2 ? bApp : a).call({
            method: 'POST',
            url: `/api/repas/${mealId}/commande/${orderId}/payer/C`,
            token: owner.token,
          }),
        ),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 412)).toHaveLength(7);
      for (const r of answers.filter((x) => x.statusCode === 412))
        expect(r.json().error).toBe('card_insufficient_balance');
      const [ledger] = await a.db
        .select({
          sum: sql<number>`sum(${cardMovements.montant})::int`,
          debits: sql<number>`count(*)::int - 1`,
        })
        .from(cardMovements)
        .where(eq(cardMovements.cardId, card!.id));
      expect(ledger).toEqual({ sum: 0, debits: 5 });
      for (const on of [a, bApp]) {
        const mine = (
          await on.call({ method: 'GET', url: '/api/user/payments', token: owner.token })
        ).json<MyCard>();
        expect(mine.solde).toBe(ledger!.sum);
      }
    });
  });
});
