/**
 * PATCH /api/user/password (forgotten password): at most 3 e-mails per address per hour, and an answer
 * that cannot tell a known address from an unknown one, not even by its time: it is sent before any
 * query runs; and the work after it is the same statements whatever the address (on PGlite the next
 * request waits for that work: the figures are bench/reset.bench.ts's).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, userTokens } from '../src/db/schema';
import { builders, type Builders } from './builders';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;

/** Each test makes its own accounts: the e-mails and links sent to them are what it counts. */
beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
});
afterAll(() => t.close());

const request = (address: string) =>
  t.call({ method: 'PATCH', url: '/api/user/password', payload: { data: address }, noXsrf: true });

/** The address with its local part in capitals: the same address to the app. */
const shouted = (address: string) => address.replace(/^[^@]+/, (local) => local.toUpperCase());

const mailsTo = async (address: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, address))).length;

describe('reset requests per address', () => {
  it('sends at most 3 e-mails an hour to one address; further requests answer the same', async () => {
    const user = await b.aUser();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await request(i % 2 ? shouted(user.email) : user.email));
    await t.app.background.idle();
    for (const answer of answers) {
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(await mailsTo(user.email)).toBe(3);
    expect(await t.db.select().from(userTokens).where(eq(userTokens.userId, user.id))).toHaveLength(3);

    // An hour after the first ones, a new request is served again.
    await t.db
      .update(auditLog)
      .set({ createdAt: sql`${auditLog.createdAt} - interval '61 minutes'` })
      .where(and(eq(auditLog.recordId, user.id), eq(auditLog.action, 'password_reset_requested')));
    await request(user.email);
    await t.app.background.idle();
    expect(await mailsTo(user.email)).toBe(4);
  });

  it('counts each address on its own', async () => {
    const { email: un } = await b.aUser();
    const { email: deux } = await b.aUser();
    for (let i = 0; i < 4; i++) await request(un);
    await request(deux);
    await t.app.background.idle();
    expect(await mailsTo(un)).toBe(3);
    expect(await mailsTo(deux)).toBe(1);
  });

  it('holds under simultaneous requests for one address', async () => {
    const { email: presse } = await b.aUser();
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(presse)));
    await t.app.background.idle();
    expect(answers.map((a) => a.statusCode)).toEqual(Array<number>(8).fill(204));
    expect(await mailsTo(presse)).toBe(3);
  });
});

describe('the answer', () => {
  /**
   * Holds the database: a transaction that locks the users table and waits. Before the fix the known
   * address's answer waited for its lookup (and so for this transaction); now neither answer queries.
   */
  async function whileDatabaseBusy(during: () => Promise<void>) {
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const busy = t.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`);
      locked();
      await held;
    });
    await isLocked;
    try {
      await during();
    } finally {
      release();
      await busy;
    }
  }

  const within = <T>(ms: number, promise: Promise<T>) =>
    Promise.race([promise, new Promise<'too late'>((resolve) => setTimeout(() => resolve('too late'), ms))]);

  it('is sent before any query, for a known and an unknown address alike', async () => {
    const { email: patient } = await b.aUser();
    const personne = `personne-inconnue-${b.unique()}@exemple.fr`;
    await whileDatabaseBusy(async () => {
      for (const address of [patient, personne]) {
        const answer = await within(3000, request(address));
        expect(answer, address).not.toBe('too late');
        expect(answer !== 'too late' && answer.statusCode).toBe(204);
      }
      expect(await within(0, t.app.background.idle())).toBe('too late');
    });
    // The work waited for the database, then queued the known address's e-mail only.
    await t.app.background.idle();
    expect(await mailsTo(patient)).toBe(1);
    expect(await mailsTo(personne)).toBe(0);
  });

  it('is a 412 for a malformed address, with no work started', async () => {
    const answer = await request('pas-une-adresse');
    expect(answer.statusCode).toBe(412);
    expect(await within(1000, t.app.background.idle())).toBeUndefined();
  });
});

describe('the work after the answer', () => {
  interface Statement {
    sql: string;
    parameters: number;
  }

  /**
   * Every statement the app sends to the database while `during` runs (its text, and how many
   * parameters it has), and the transactions it opens: Drizzle's logger and transaction call, put on
   * the app's own database object for that time. The savepoint's end is one statement to us: RELEASE
   * when the e-mail is due, ROLLBACK TO otherwise (the only difference, by design).
   */
  async function databaseWorkOf(during: () => Promise<void>) {
    const session = (
      t.db as unknown as {
        session: {
          logger: { logQuery(sql: string, params: unknown[]): void };
          options: { logger?: { logQuery(sql: string, params: unknown[]): void } };
          transaction: (...args: unknown[]) => Promise<unknown>;
        };
      }
    ).session;
    const statements: Statement[] = [];
    let transactions = 0;
    const logger = {
      logQuery: (text: string, params: unknown[]) =>
        statements.push({
          sql: text.replace(/^(release savepoint|rollback to savepoint) sp\d+$/, 'end of the savepoint'),
          parameters: params.length,
        }),
    };
    const before = {
      logger: session.logger,
      optionsLogger: session.options.logger,
      transaction: session.transaction,
    };
    session.logger = logger;
    session.options.logger = logger;
    session.transaction = function (this: unknown, ...args: unknown[]) {
      transactions++;
      return before.transaction.apply(this, args);
    };
    try {
      await during();
    } finally {
      session.logger = before.logger;
      session.options.logger = before.optionsLogger;
      session.transaction = before.transaction;
    }
    return { statements, transactions };
  }

  const requestAndWork = (address: string) =>
    databaseWorkOf(async () => {
      expect((await request(address)).statusCode).toBe(204);
      await t.app.background.idle();
    });

  it('is the same statements and transactions for a known, unknown, inactive or limited address', async () => {
    const known = await b.aUser();
    const inactive = await b.aUser({ etat: 'I' });
    const limited = await b.aUser();
    for (let i = 0; i < 3; i++) await request(limited.email);
    await t.app.background.idle();
    const unknown = `personne-inconnue-${b.unique()}@exemple.fr`;

    const work = {
      known: await requestAndWork(known.email),
      unknown: await requestAndWork(unknown),
      inactive: await requestAndWork(inactive.email),
      limited: await requestAndWork(shouted(limited.email)),
    };
    // One transaction: the lookup, the lock, the count, then a link, an e-mail and an audit entry written.
    expect(work.known.transactions).toBe(1);
    expect(work.known.statements.filter((s) => /^insert /i.test(s.sql))).toHaveLength(3);
    expect(work.unknown).toEqual(work.known);
    expect(work.inactive).toEqual(work.known);
    expect(work.limited).toEqual(work.known);

    // What stays: the known address's link and e-mail only.
    expect(await mailsTo(known.email)).toBe(1);
    expect(await mailsTo(unknown)).toBe(0);
    expect(await mailsTo(inactive.email)).toBe(0);
    expect(await mailsTo(limited.email)).toBe(3);
    for (const [who, links] of [
      [known, 1],
      [inactive, 0],
      [limited, 3],
    ] as const)
      expect(await t.db.select().from(userTokens).where(eq(userTokens.userId, who.id))).toHaveLength(links);
  });
});
