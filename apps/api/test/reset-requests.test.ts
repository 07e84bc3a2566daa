/**
 * PATCH /api/user/password (forgotten password): at most 3 e-mails per address per hour, and an answer
 * that cannot tell a known address from an unknown one, not even by its time: it is sent before any
 * query runs.
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
