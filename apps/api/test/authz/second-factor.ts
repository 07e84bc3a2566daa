/**
 * Authorization rows of the second factor (issue 22): one's own factor and sessions, the enrolment a
 * sign-in requires (public, proved by its `mfa_token`), the administrator's reset and the rule.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { accessTokens, totpFactors, users } from '../../src/db/schema';
import { tokenHash } from '../../src/lib/secrets';
import { PASSWORD } from '../helpers';
import { allow, everyone, signedIn, type AuthzRow } from './rows';
import type { World } from './world';

/** A session of its own for the role, and its id (ending the role's shared one would break the rows after). */
async function ownSession(w: World, role: string): Promise<{ token: string; id: number }> {
  return sessionOf(w, await w.t.signIn(role));
}

/** The row id of a session's token. */
async function sessionOf(w: World, token: string): Promise<{ token: string; id: number }> {
  const [row] = await w.t.db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, tokenHash(token)));
  return { token, id: row!.id };
}

const openSession = (w: World, id: number) => () =>
  w.t.db
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt)));

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/user/second-facteur',
    request: () => ({ url: '/api/user/second-facteur' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/user/second-facteur/totp',
    scope: 'a new secret for one’s own account, after the current password',
    request: () => ({ url: '/api/user/second-facteur/totp', payload: { motDePasse: PASSWORD } }),
    expect: signedIn(201),
  },
  {
    route: 'POST /api/user/second-facteur/totp',
    scope: 'a wrong current password (reaches the check)',
    request: () => ({ url: '/api/user/second-facteur/totp', payload: { motDePasse: 'pas le bon' } }),
    expect: signedIn(412),
  },
  {
    route: 'PUT /api/user/second-facteur/totp',
    scope: 'a wrong first code (reaches the check)',
    request: () => ({ url: '/api/user/second-facteur/totp', payload: { code: '000000' } }),
    expect: signedIn(412),
  },
  {
    route: 'DELETE /api/user/second-facteur/totp',
    scope: 'no factor to remove (reaches the check)',
    request: () => ({ url: '/api/user/second-facteur/totp', payload: { code: '000000' } }),
    expect: signedIn(412),
  },
  {
    route: 'POST /api/user/second-facteur/codes-secours',
    scope: 'no factor (reaches the check)',
    request: () => ({ url: '/api/user/second-facteur/codes-secours', payload: { code: '000000' } }),
    expect: signedIn(412),
  },
  {
    route: 'POST /oauth/second-facteur/totp',
    scope: 'unknown mfa_token (public: reaches the check of the token)',
    request: () => ({ url: '/oauth/second-facteur/totp', token: null, payload: { mfa_token: 'inconnu' } }),
    expect: everyone(412),
  },
  {
    route: 'GET /api/user/sessions',
    request: () => ({ url: '/api/user/sessions' }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/user/sessions/:id',
    scope: 'a session of one’s own',
    request: async (w, role) => {
      if (role === 'anonymous') return { url: '/api/user/sessions/1', token: null };
      const { token, id } = await ownSession(w, role);
      return { url: `/api/user/sessions/${id}`, token };
    },
    expect: signedIn(204),
  },
  {
    route: 'DELETE /api/user/sessions/:id',
    scope: 'a session of someone else',
    request: async (w) => {
      const { id } = await ownSession(w, 'membre2');
      return { url: `/api/user/sessions/${id}`, watch: openSession(w, id) };
    },
    expect: signedIn(404),
  },
  {
    route: 'DELETE /api/user/sessions/avant-second-facteur',
    scope: 'one’s own, no second factor: nothing to end',
    request: () => ({ url: '/api/user/sessions/avant-second-facteur' }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/user/sessions/avant-second-facteur',
    scope: 'one’s own session opened before the authenticator (the caller’s kept)',
    request: async (w, role) => {
      if (role === 'anonymous') return { url: '/api/user/sessions/avant-second-facteur', token: null };
      const userId = await w.fresh.user();
      const [user] = await w.t.db.select().from(users).where(eq(users.id, userId));
      const token = await w.t.signIn(user!.identifiant);
      const { id } = await sessionOf(w, await w.t.signIn(user!.identifiant));
      await w.t.db
        .insert(totpFactors)
        .values({ userId, secret: 'JBSWY3DPEHPK3PXP', confirmedAt: new Date(Date.now() + 1000) });
      return { url: '/api/user/sessions/avant-second-facteur', token, watch: openSession(w, id) };
    },
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/user/:id/second-facteur',
    // One's own factor goes only with a code (the account page); test/passkey-second-factor.test.ts
    // gives the administrator a factor first. Here no role's account is given one: other rows enrol.
    scope: 'one’s own account (only with a code, from the account page)',
    request: (w, role) => ({
      url: `/api/user/${role === 'anonymous' ? w.ids.admin : w.ids[role]}/second-facteur`,
    }),
    expect: allow({ admin: 412 }),
  },
  {
    route: 'DELETE /api/user/:id/second-facteur',
    scope: 'an account with an authenticator',
    request: async (w) => {
      const userId = await w.fresh.user();
      await w.t.db
        .insert(totpFactors)
        .values({ userId, secret: 'JBSWY3DPEHPK3PXP', confirmedAt: new Date() });
      return {
        url: `/api/user/${userId}/second-facteur`,
        watch: () => w.t.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)),
      };
    },
    expect: allow({ admin: 204 }),
  },
  {
    route: 'GET /api/parametres/second-facteur',
    request: () => ({ url: '/api/parametres/second-facteur' }),
    expect: allow({ admin: 200 }),
  },
  {
    route: 'PUT /api/parametres/second-facteur',
    tries: ['body.habilitations'],
    request: () => ({
      url: '/api/parametres/second-facteur',
      payload: { habilitations: ['ADMIN', 'COMPTA_SAISIE', 'LOGE'], delaiJours: 30 },
    }),
    expect: allow({ admin: 200 }),
  },
];
