/**
 * Audit by construction (issue 18): every mutating route the app registers (POST, PUT, PATCH, DELETE)
 * leaves at least one audit entry each time it succeeds, or is listed in NOT_AUDITED with the reason it
 * changes nothing worth auditing. The successful calls are the authorization matrix's own rows
 * (test/authz/*.ts), plus EXTRA for the changes no row reaches: for each row, the first role it expects
 * a 2xx for makes the call on one world (authz/world.ts; rows build the records they change), and the
 * audit log must hold an entry above the mark (its highest id) taken just before. A row whose case
 * changes nothing is listed in CHANGES_NOTHING and must then write nothing.
 *
 * Fails, naming it: a mutating route neither audited nor listed; a listed route or row that no longer
 * exists; a route no row makes succeed; a source file outside the audit module that touches the audit
 * log's table or repository (writes go through audit.record / recordMany / recordSystem).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProviderForm, TopUp } from '@union/contract';
import type { RouteOptions } from 'fastify';
import * as OTPAuth from 'otpauth';
import { desc, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountingOrders, auditLog, emailOutbox, passkeys, users } from '../src/db/schema';
import { unsubscribeToken } from '../src/modules/documents/mails';
import { createTestContext, PASSWORD, type TestContext } from './helpers';
import { ALL_ROWS } from './authz';
import { allow, everyone, ROLES, signedIn, type AuthzRow, type Role } from './authz/rows';
import { buildWorld, type World } from './authz/world';
import { ipnRequest, providerNotification } from './payment-provider';
import { SoftAuthenticator } from './soft-authenticator';

const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Mutating routes that change nothing worth auditing, each with why. */
const NOT_AUDITED: Record<string, string> = {
  'POST /oauth/token':
    'sign-in: recorded in sign_in_attempts (lock-out, GDPR export), not a change of a record',
  'DELETE /oauth/token': 'sign-out: revokes the caller’s own session, nothing of a record changes',
  'POST /api/diffusion/:id/masquer': 'hides a message for the caller alone, a display preference',
  'POST /api/user/search': 'a read: the search criteria are a body',
  'POST /api/payment/search': 'a read: the search criteria are a body',
  'POST /api/compta/commande/search': 'a read: the search criteria are a body',
  'POST /api/compta/commande/excel': 'a read: an export whose filters are a body',
  'POST /api/user/selection/excel': 'a read: an export of the accounts selected, whose ids are a body',
  'POST /api/diffusion/destinataires':
    'a read: the count of a message’s recipients, whose audience is a body',
  'POST /simulateur-paiement':
    'the payment simulator’s page (no real provider): shows the form, writes nothing',
  'POST /api/user/second-facteur/totp':
    'starts an enrolment: an unconfirmed secret that protects nothing yet; its confirmation (PUT) is audited',
  'POST /oauth/second-facteur/totp':
    'starts the enrolment a sign-in requires: an unconfirmed secret; the second step that confirms it is audited',
  'POST /api/user/cles-acces/options':
    'starts adding a passkey: a challenge that protects nothing yet; the registration (POST /api/user/cles-acces) is audited',
  'POST /oauth/cle-acces/options':
    'a sign-in’s challenge: recorded with the attempt in sign_in_attempts, like the token request',
  'POST /api/compta/relances/apercu': 'a preview: says which letters would go, writes nothing',
  'POST /api/compta/cotisation/emission':
    'audited per invoice issued (test/compta-bulk.test.ts reads the entries); the matrix’s world has no fee-call draft to issue',
  'POST /api/compta/relances/envoi':
    'audited per letter sent (test/compta-bulk.test.ts reads the entries); the matrix’s world has no overdue invoice',
  'POST /simulateur-paiement/reponse':
    'the simulator writes nothing itself: the payment it concludes goes through the IPN route, checked here',
};

/**
 * Successful rows of audited routes whose case changes nothing (`METHOD /url (scope)`, as the matrix
 * names them), each with why: they must then write no entry either.
 */
const CHANGES_NOTHING: Record<string, string> = {
  'DELETE /api/user/sessions/avant-second-facteur (one’s own, no second factor: nothing to end)':
    'an account without a second factor has no session to tell apart: nothing is ended or written',
  'PATCH /api/user/password (reset request (public))':
    'an unknown address: nothing is sent or stored, and the answer is the same so as not to reveal accounts',
  'POST /api/user/import (own lodge, preview)': 'a dry run: reports what the import would do, writes nothing',
  'POST /api/user/import (other lodge, preview)':
    'a dry run: reports what the import would do, writes nothing',
  'POST /api/compta/cotisation/appel':
    'no annual fee is set in the world, so every lodge is skipped and no order is created',
  'POST /api/compta/relances/envoi (a quote: not overdue, reported as not sent)':
    'nothing is overdue among the ids: the report says why, nothing is sent or written',
};

/** A user made for one call: id, e-mail and identifiant. */
async function aUser(w: World) {
  const id = await w.fresh.user();
  const [user] = await w.t.db.select().from(users).where(eq(users.id, id));
  return user!;
}

/** The authenticator's code now (`steps` periods later). */
const totpCode = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

/** A new user signed in, with an authenticator being enrolled (not confirmed yet). */
async function enrolling(w: World) {
  const token = await w.t.signIn((await aUser(w)).identifiant);
  const start = await w.t.call({
    method: 'POST',
    url: '/api/user/second-facteur/totp',
    token,
    payload: { motDePasse: PASSWORD },
  });
  return { token, secret: start.json<{ secret: string }>().secret };
}

/** The same, the enrolment confirmed (its code's time-step is spent). */
async function enrolled(w: World) {
  const { token, secret } = await enrolling(w);
  await w.t.call({
    method: 'PUT',
    url: '/api/user/second-facteur/totp',
    token,
    payload: { code: totpCode(secret) },
  });
  return { token, secret };
}

/** A new user signed in, with a passkey (written directly: only its row matters here). */
async function withPasskey(w: World) {
  const user = await aUser(w);
  const token = await w.t.signIn(user.identifiant);
  const [row] = await w.t.db
    .insert(passkeys)
    .values({ userId: user.id, credentialId: `audit-${user.id}`, publicKey: 'AA', name: 'Téléphone' })
    .returning({ id: passkeys.id });
  return { token, id: row!.id };
}

/** The link of the last e-mail sent to an address (an invitation, a reset). */
async function linkSentTo(w: World, email: string): Promise<string> {
  const [mail] = await w.t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.destinataire, email))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return new URL(/https?:\/\/\S+/.exec(mail!.texte)![0]).searchParams.get('jeton')!;
}

/**
 * Successful calls the matrix's rows do not make (they stop at a check, or succeed on a case that
 * changes nothing): the call that changes something, so its audit entry can be looked for.
 */
const EXTRA: AuthzRow[] = [
  {
    route: 'POST /api/user/cles-acces',
    scope: 'a passkey registered after the current password',
    request: async (w) => {
      const token = await w.t.signIn((await aUser(w)).identifiant);
      const options = await w.t.call({
        method: 'POST',
        url: '/api/user/cles-acces/options',
        token,
        payload: { motDePasse: PASSWORD },
      });
      const key = new SoftAuthenticator(new URL(w.t.config.publicUrl).origin);
      return {
        url: '/api/user/cles-acces',
        token,
        payload: { nom: 'Téléphone', reponse: key.register(options.json()) },
      };
    },
    expect: signedIn(201),
  },
  {
    route: 'PATCH /api/user/cles-acces/:id',
    scope: 'one’s own passkey',
    request: async (w) => {
      const { token, id } = await withPasskey(w);
      return { url: `/api/user/cles-acces/${id}`, token, payload: { nom: 'Clé USB' } };
    },
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/user/cles-acces/:id',
    scope: 'one’s own passkey',
    request: async (w) => {
      const { token, id } = await withPasskey(w);
      return { url: `/api/user/cles-acces/${id}`, token };
    },
    expect: signedIn(204),
  },
  {
    route: 'PUT /api/user/second-facteur/totp',
    scope: 'the right first code',
    request: async (w) => {
      const { token, secret } = await enrolling(w);
      return { url: '/api/user/second-facteur/totp', token, payload: { code: totpCode(secret) } };
    },
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/user/second-facteur/totp',
    scope: 'removal proved by a code',
    request: async (w) => {
      const { token, secret } = await enrolled(w);
      return { url: '/api/user/second-facteur/totp', token, payload: { code: totpCode(secret, 1) } };
    },
    expect: signedIn(204),
  },
  {
    route: 'POST /api/user/second-facteur/codes-secours',
    scope: 'new codes proved by a code',
    request: async (w) => {
      const { token, secret } = await enrolled(w);
      return { url: '/api/user/second-facteur/codes-secours', token, payload: { code: totpCode(secret, 1) } };
    },
    expect: signedIn(200),
  },
  {
    route: 'PATCH /api/user/password',
    scope: 'reset request for a known address',
    request: async (w) => ({
      url: '/api/user/password',
      token: null,
      payload: { data: (await aUser(w)).email },
    }),
    expect: everyone(204),
  },
  {
    route: 'POST /api/user/password/reinitialiser',
    scope: 'the link of a reset e-mail',
    request: async (w) => {
      const user = await aUser(w);
      await w.t.call({ method: 'PATCH', url: '/api/user/password', payload: { data: user.email } });
      await w.t.app.background.idle(); // the e-mail is queued after the answer
      return {
        url: '/api/user/password/reinitialiser',
        token: null,
        payload: { jeton: await linkSentTo(w, user.email), data: 'Un-mot-de-passe-assez-long-1' },
      };
    },
    expect: everyone(204),
  },
  {
    route: 'POST /api/user/password',
    scope: 'own password, the right current one',
    request: async (w) => ({
      url: '/api/user/password',
      token: await w.t.signIn((await aUser(w)).identifiant),
      payload: { actuel: PASSWORD, data: 'Un-nouveau-mot-de-passe-1' },
    }),
    expect: signedIn(204),
  },
  {
    route: 'POST /api/public/desinscription-documents',
    scope: 'the link of a documents e-mail',
    request: async (w) => ({
      url: `/api/public/desinscription-documents?jeton=${encodeURIComponent(
        await unsubscribeToken(w.t.db, (await aUser(w)).id),
      )}`,
      token: null,
    }),
    expect: everyone(204),
  },
  {
    route: 'POST /api/payment/systempay/ipn',
    scope: 'a signed notification of an accepted top-up',
    request: async (w) => {
      const topUp = (
        await w.t.call({
          method: 'POST',
          url: '/api/user/payments',
          token: w.tokens.membre,
          payload: { montant: 3000 },
        })
      ).json<TopUp>();
      const form = (
        await w.t.call({
          method: 'GET',
          url: `/api/user/payments/${topUp.id}/systempay`,
          token: w.tokens.membre,
        })
      ).json<ProviderForm>();
      return { ...ipnRequest(providerNotification(form)), token: null };
    },
    expect: everyone(200),
  },
  {
    route: 'POST /api/payment/systempay/ipn',
    scope: 'a signed notification of a lodge’s online payment of an invoice',
    request: async (w) => {
      const [order] = await w.t.db
        .insert(accountingOrders)
        .values({
          type: 'S',
          entityId: w.lodge,
          annee: w.annee,
          objet: 'Prestation',
          etat: 'FE',
          total: 1000,
          numeroFacture: `FA-AUDIT-${w.unique()}`,
          dateFacture: '2026-11-23',
          dateEcheance: '2026-12-23',
        })
        .returning({ id: accountingOrders.id });
      const form = (
        await w.t.call({
          method: 'POST',
          url: `/api/loge/${w.lodge}/compte/commande/${order!.id}/paiement-cb`,
          token: w.tokens.venerable,
        })
      ).json<ProviderForm>();
      return { ...ipnRequest(providerNotification(form)), token: null };
    },
    expect: everyone(200),
  },
  {
    route: 'POST /api/compta/cotisation/appel',
    scope: 'with the annual fees set, so the lodges are billed',
    request: async (w) => {
      await w.t.call({
        method: 'PUT',
        url: '/api/parametres/union',
        token: w.tokens.admin,
        payload: {
          identite: {
            raisonSociale: "L'Union",
            adresse: '1 rue de Lyon, 69001 Lyon',
            email: 'union@exemple.fr',
          },
          mentionTva: 'TVA non applicable, art. 261-7-1° du CGI',
          cotisations: { AFM: 12000, DH: 12000, GODF: 12000, GOS: 12000, HG: 12000, UN: 12000 },
        },
      });
      return { url: '/api/compta/cotisation/appel', payload: { annee: w.annee, tranche: 'A' } };
    },
    expect: allow({ admin: 201 }),
  },
];

const registered = new Set<string>();
let t: TestContext;
let w: World;

function collect(route: RouteOptions) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) if (MUTATING.includes(method)) registered.add(`${method} ${route.url}`);
}

/** The rows of a route that some role makes succeed, each with the first such role (signed in first). */
function successes(route: string): { row: AuthzRow; role: Role }[] {
  const order = [...ROLES.filter((role) => role !== 'anonymous'), 'anonymous' as const];
  return [...ALL_ROWS, ...EXTRA]
    .filter((row) => row.route === route)
    .flatMap((row) => {
      const role = order.find((r) => row.expect[r] >= 200 && row.expect[r] < 300);
      return role ? [{ row, role }] : [];
    });
}

/** The audit log's highest id, once the work requests started after their answer is over. */
async function mark(): Promise<number> {
  await t.app.background.idle();
  const [row] = await t.db.select({ id: max(auditLog.id) }).from(auditLog);
  return row?.id ?? 0;
}

beforeAll(async () => {
  // One connection on either engine: a route asking for a second one inside its transaction fails here.
  t = await createTestContext({}, { onRoute: collect, oneConnection: true });
  w = await buildWorld(t);
});
afterAll(() => t.close());

/** A row as the matrix names it: `METHOD /url (scope)`. */
const rowName = (row: AuthzRow) => `${row.route}${row.scope ? ` (${row.scope})` : ''}`;

describe('audit coverage', () => {
  it('lists only routes and rows that exist, and has a successful row for every other mutating route', () => {
    const stale = Object.keys(NOT_AUDITED).filter((route) => !registered.has(route));
    expect(stale.map((route) => `NOT_AUDITED names ${route}, which the app does not register`)).toEqual([]);
    const orphans = EXTRA.filter((row) => !registered.has(row.route)).map(rowName);
    expect(orphans.map((name) => `EXTRA has ${name}, a route the app does not register`)).toEqual([]);
    const rows = new Set([...ALL_ROWS, ...EXTRA].map(rowName));
    const gone = Object.keys(CHANGES_NOTHING).filter((name) => !rows.has(name));
    expect(gone.map((name) => `CHANGES_NOTHING names ${name}, which no row is`)).toEqual([]);
    const untested = [...registered].filter(
      (route) =>
        !(route in NOT_AUDITED) &&
        successes(route).filter(({ row }) => !(rowName(row) in CHANGES_NOTHING)).length === 0,
    );
    expect(
      untested.map(
        (route) =>
          `${route}: no row makes it change something (a 2xx for some role); add one to apps/api/test/authz/<module>.ts or EXTRA, or list the route in NOT_AUDITED with a reason`,
      ),
    ).toEqual([]);
  });

  it('every other mutating route writes an audit entry on each successful call', async () => {
    const failures: string[] = [];
    for (const route of [...registered].sort()) {
      if (route in NOT_AUDITED) continue;
      const [method] = route.split(' ');
      for (const { row, role } of successes(route)) {
        const name = `${rowName(row)} as ${role}`;
        const { token, watch: _watch, ...request } = await row.request(w, role);
        const since = await mark();
        const response = await t.call({
          ...request,
          method: method as never,
          token: token === null ? undefined : (token ?? (role === 'anonymous' ? undefined : w.tokens[role])),
        });
        const audited = (await mark()) > since;
        if (response.statusCode >= 300)
          failures.push(
            `${name}: expected ${row.expect[role]}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        else if (rowName(row) in CHANGES_NOTHING) {
          if (audited) failures.push(`${name} is listed in CHANGES_NOTHING but wrote an audit entry`);
        } else if (!audited)
          failures.push(
            `${name} succeeded (${response.statusCode}) without an audit entry: add audit.record(tx, …) to its service, or list the route in NOT_AUDITED with a reason`,
          );
      }
    }
    expect(failures).toEqual([]);
    // One walk through every mutating route of the app, one call after another: its own time limit.
  }, 120_000);

  it('writes to the audit log only through the audit module (audit.record / recordMany / recordSystem)', () => {
    const src = fileURLToPath(new URL('../src', import.meta.url));
    const bypasses = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter(
        (file) =>
          file.endsWith('.ts') && !file.startsWith('modules/audit/') && !file.startsWith('db/schema/'),
      )
      .filter((file) => /\bauditLog\b|\bauditRepository\b/.test(readFileSync(join(src, file), 'utf8')));
    expect(bypasses.map((file) => `src/${file} reaches the audit log around the audit module`)).toEqual([]);
  });
});
