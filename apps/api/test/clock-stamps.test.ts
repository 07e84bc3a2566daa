/**
 * Every instant a use case stores follows the request context's clock (lib/context.ts), never the real
 * time: a test that sets "today" reads back rows that agree with it. The app's clock is stopped a day
 * before the real time, so a row stamped by `new Date()` or by the database's `now()` differs from it.
 * Each change runs through its route as the authorization matrix builds it (test/authz), by a role the
 * matrix lets through.
 */
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokens,
  accountingOrders,
  auditLog,
  closures,
  documentFiles,
  planningYears,
  calendarFeeds,
  documentDistributions,
  documents,
  emailOutbox,
  entities,
  mealOrders,
  meals,
  membershipFees,
  memberships,
  messages,
  planningEntries,
  reservations,
  rooms,
  signInAttempts,
  unionSettings,
  userPayments,
  users,
  userTokens,
} from '../src/db/schema';
import { fixedClock } from '../src/lib/context';
import { newToken, tokenHash } from '../src/lib/secrets';
import { INVITATION_LINK_TTL_MS, RESET_LINK_TTL_MS } from '../src/modules/auth/rules';
import { unsubscribeToken } from '../src/modules/documents/mails';
import { ALL_ROWS } from './authz';
import { ROLES, type AuthzRow } from './authz/rows';
import { buildWorld, type World } from './authz/world';
import { CLIENT_BASIC, PASSWORD, createTestContext, type TestContext } from './helpers';

/** A day before the real time, to the second (the database keeps it exactly). */
const AT = new Date(Math.floor(Date.now() / 1000) * 1000 - 24 * 3600_000);

let t: TestContext;
let w: World;

beforeAll(async () => {
  t = await createTestContext({}, { clock: fixedClock(AT) });
  w = await buildWorld(t);
});
afterAll(() => t.close());

/** Rows of `table` whose `column` holds exactly `at`. */
async function stampedAt(table: PgTable, column: PgColumn, at: Date = AT, where?: SQL): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(table)
    .where(and(eq(column, at), where));
  return row!.n;
}

/** Runs the matrix's first row for `route` (of `scope` when given) as the first role it lets through. */
async function runRow(route: string, scope?: string): Promise<void> {
  const isSuccess = (status: number) => status >= 200 && status < 300;
  const row: AuthzRow | undefined = ALL_ROWS.find(
    (r) =>
      r.route === route &&
      (scope === undefined || r.scope === scope) &&
      ROLES.some((role) => isSuccess(r.expect[role])),
  );
  if (!row) throw new Error(`no matrix row lets anyone through ${route}`);
  const role = ROLES.find((r) => isSuccess(row.expect[r]))!;
  const { token, ...request } = await row.request(w, role);
  const response = await t.call({
    ...request,
    method: route.split(' ')[0] as never,
    token: token === null ? undefined : (token ?? (role === 'anonymous' ? undefined : w.tokens[role])),
  });
  expect(response.statusCode, response.body).toBe(row.expect[role]);
}

describe('updates stamp the clock’s instant', () => {
  it.each([
    ['users: own telephone', 'PATCH /api/user/telephone', [[users, users.updatedAt]]],
    ['users: administration', 'PUT /api/user', [[users, users.updatedAt]]],
    ['entities', 'PUT /api/entite', [[entities, entities.updatedAt]]],
    ['entities: memberships', 'PUT /api/entite/:id/appartenances', [[memberships, memberships.updatedAt]]],
    ['settings: rooms', 'PUT /api/parametres/salles', [[rooms, rooms.updatedAt]]],
    [
      'settings: the Union and its fees',
      'PUT /api/parametres/union',
      [
        [unionSettings, unionSettings.updatedAt],
        [membershipFees, membershipFees.updatedAt],
      ],
    ],
    ['reservations', 'PUT /api/reservation', [[reservations, reservations.updatedAt]]],
    ['planning', 'PUT /api/planning', [[planningEntries, planningEntries.updatedAt]]],
    ['calendar feeds', 'POST /api/user/calendrier', [[calendarFeeds, calendarFeeds.createdAt]]],
    ['messages', 'PUT /api/diffusion', [[messages, messages.updatedAt]]],
    ['documents', 'PUT /api/document', [[documents, documents.updatedAt]]],
    [
      'documents: distributions',
      'POST /api/document/:id/diffusion',
      [[documentDistributions, documentDistributions.createdAt]],
    ],
    ['compta', 'PUT /api/compta/commande', [[accountingOrders, accountingOrders.updatedAt]]],
    ['restaurant: meals', 'PUT /api/repas', [[meals, meals.updatedAt]]],
    ['restaurant: orders', 'PUT /api/repas/:id/commande', [[mealOrders, mealOrders.updatedAt]]],
    ['restaurant: top-ups', 'POST /api/payment/:id/:action', [[userPayments, userPayments.updatedAt]]],
  ] as [string, string, [PgTable, PgColumn][]][])('%s (%s)', async (_area, route, stamps) => {
    const before = await Promise.all(stamps.map(([table, column]) => stampedAt(table, column)));
    await runRow(route);
    for (const [i, [table, column]] of stamps.entries())
      expect(await stampedAt(table, column), column.name).toBeGreaterThan(before[i]!);
  });
});

describe('creations stamp the clock’s instant, and so does their audit entry', () => {
  it.each([
    [
      'users, with the invitation link and e-mail',
      'POST /api/user',
      [
        [users, users.createdAt],
        [users, users.updatedAt],
        [userTokens, userTokens.createdAt],
        [emailOutbox, emailOutbox.createdAt],
      ],
    ],
    ['entities', 'POST /api/entite', [[entities, entities.createdAt]]],
    ['entities: memberships', 'POST /api/entite/:id/appartenances', [[memberships, memberships.createdAt]]],
    ['settings: rooms', 'POST /api/parametres/salles', [[rooms, rooms.createdAt]]],
    ['reservations', 'POST /api/reservation', [[reservations, reservations.createdAt]]],
    ['closures', 'POST /api/fermeture/:date', [[closures, closures.createdAt]]],
    ['planning: a year', 'POST /api/planning/annees', [[planningYears, planningYears.createdAt]]],
    ['planning: an entry', 'POST /api/planning', [[planningEntries, planningEntries.createdAt]]],
    ['messages', 'POST /api/diffusion', [[messages, messages.createdAt]]],
    [
      'documents and their files',
      'POST /api/document',
      [
        [documents, documents.createdAt],
        [documentFiles, documentFiles.createdAt],
      ],
    ],
    ['compta', 'POST /api/compta/commande', [[accountingOrders, accountingOrders.createdAt]]],
    ['restaurant: meals', 'POST /api/repas', [[meals, meals.createdAt]]],
    ['restaurant: orders', 'POST /api/repas/:id/commande', [[mealOrders, mealOrders.createdAt]]],
    ['restaurant: top-ups', 'POST /api/user/payments', [[userPayments, userPayments.createdAt]]],
  ] as [string, string, [PgTable, PgColumn][]][])('%s (%s)', async (_area, route, stamps) => {
    const all: [PgTable, PgColumn][] = [...stamps, [auditLog, auditLog.createdAt]];
    const before = await Promise.all(all.map(([table, column]) => stampedAt(table, column)));
    await runRow(route);
    for (const [i, [table, column]] of all.entries())
      expect(await stampedAt(table, column), `${column.name} of ${i}`).toBeGreaterThan(before[i]!);
  });
});

describe('auth stamps the clock’s instant', () => {
  it('a sign-in: its attempt, and the token’s end counted from the clock', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/oauth/token',
      noXsrf: true,
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'membre',
        password: PASSWORD,
      }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { access_token: token } = response.json<{ access_token: string }>();
    const [row] = await t.db
      .select({ expiresAt: accessTokens.expiresAt })
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, tokenHash(token)));
    expect(row!.expiresAt).toEqual(new Date(AT.getTime() + t.config.TOKEN_TTL_SECONDS * 1000));
    expect(await stampedAt(signInAttempts, signInAttempts.createdAt)).toBeGreaterThan(0);

    // The token works although its end is before the real time: its end is read on the same clock.
    const info = await t.call({ method: 'GET', url: '/api/user/info', token });
    expect(info.statusCode, info.body).toBe(200);

    const signOut = await t.call({ method: 'DELETE', url: '/oauth/token', token });
    expect(signOut.statusCode).toBe(204);
    expect(
      await stampedAt(accessTokens, accessTokens.revokedAt, AT, eq(accessTokens.tokenHash, tokenHash(token))),
    ).toBe(1);
  });

  it('a reset request: the link’s end counted from the clock', async () => {
    const userId = await w.fresh.user();
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    const response = await t.call({
      method: 'PATCH',
      url: '/api/user/password',
      payload: { data: user!.email },
    });
    expect(response.statusCode).toBe(204);
    await t.app.background.idle();
    expect(
      await stampedAt(
        userTokens,
        userTokens.expiresAt,
        new Date(AT.getTime() + RESET_LINK_TTL_MS),
        eq(userTokens.userId, userId),
      ),
    ).toBe(1);
  });

  it('a reset: the link spent, the password changed and the sessions ended at the clock’s instant', async () => {
    const userId = await w.fresh.user();
    const session = await t.signIn(await identifiantOf(userId));
    const jeton = newToken();
    await t.db.insert(userTokens).values({
      tokenHash: tokenHash(jeton),
      userId,
      purpose: 'reset',
      expiresAt: new Date(AT.getTime() + 3600_000),
    });
    const response = await t.call({
      method: 'POST',
      url: '/api/user/password/reinitialiser',
      payload: { jeton, data: 'Un-nouveau-mot-de-passe-9' },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await stampedAt(userTokens, userTokens.usedAt, AT, eq(userTokens.userId, userId))).toBe(1);
    expect(await stampedAt(users, users.updatedAt, AT, eq(users.id, userId))).toBe(1);
    expect(
      await stampedAt(
        accessTokens,
        accessTokens.revokedAt,
        AT,
        eq(accessTokens.tokenHash, tokenHash(session)),
      ),
    ).toBe(1);
  });
});

describe('public routes stamp the clock’s instant', () => {
  it('the unsubscribe link of the documents e-mails', async () => {
    const userId = await w.fresh.user();
    const response = await t.call({
      method: 'POST',
      url: `/api/public/desinscription-documents?jeton=${await unsubscribeToken(t.db, userId)}`,
      noXsrf: true,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(await stampedAt(users, users.updatedAt, AT, eq(users.id, userId))).toBe(1);
  });
});

async function identifiantOf(userId: number): Promise<string> {
  const [row] = await t.db.select({ identifiant: users.identifiant }).from(users).where(eq(users.id, userId));
  return row!.identifiant;
}

describe('an invitation’s link ends counted from the clock', () => {
  it('a new invitation link lasts seven days from the clock’s instant', async () => {
    const end = new Date(AT.getTime() + INVITATION_LINK_TTL_MS);
    const before = await stampedAt(userTokens, userTokens.expiresAt, end);
    await runRow('POST /api/user/:id/invitation');
    expect(await stampedAt(userTokens, userTokens.expiresAt, end)).toBe(before + 1);
  });
});

describe('the member import stamps the clock’s instant', () => {
  it('its new accounts, memberships, invitation links and e-mails, and the accounts and memberships it changes', async () => {
    const entityId = await w.fresh.entity();
    const known = await w.fresh.member(entityId);
    const [knownUser] = await t.db.select().from(users).where(eq(users.id, known.userId));
    const newEmail = `nouveau.${w.unique()}@exemple.fr`;
    const csv =
      'Nom;Prénom;E-mail;Téléphone;Fonction\n' +
      `Renommé;${knownUser!.prenom};${knownUser!.email};;Orateur\n` +
      `Nouveau;Membre;${newEmail};;Secrétaire\n`;
    const boundary = '----union-clock';
    const response = await t.call({
      method: 'POST',
      url: `/api/user/import?idEntite=${entityId}&dryRun=false`,
      token: w.tokens.admin,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="membres.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ creations: 1, misesAJour: 1 });

    const [created] = await t.db.select().from(users).where(eq(users.email, newEmail));
    const createdId = created!.id;
    expect(created!.createdAt).toEqual(AT);
    expect(created!.updatedAt).toEqual(AT);
    expect(await stampedAt(memberships, memberships.createdAt, AT, eq(memberships.userId, createdId))).toBe(
      1,
    );
    expect(await stampedAt(userTokens, userTokens.createdAt, AT, eq(userTokens.userId, createdId))).toBe(1);
    expect(
      await stampedAt(
        userTokens,
        userTokens.expiresAt,
        new Date(AT.getTime() + INVITATION_LINK_TTL_MS),
        eq(userTokens.userId, createdId),
      ),
    ).toBe(1);
    expect(
      await stampedAt(emailOutbox, emailOutbox.createdAt, AT, eq(emailOutbox.destinataire, newEmail)),
    ).toBe(1);

    expect(await stampedAt(users, users.updatedAt, AT, eq(users.id, known.userId))).toBe(1);
    expect(
      await stampedAt(memberships, memberships.updatedAt, AT, eq(memberships.id, known.membershipId)),
    ).toBe(1);
  });
});
