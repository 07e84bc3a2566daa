/**
 * Authorization rows of the passkeys (issue 22): one's own (list, registration, rename, removal: a
 * passkey of someone else is 404), and the public options of a sign-in with one.
 */
import { eq } from 'drizzle-orm';
import { passkeys } from '../../src/db/schema';
import { everyone, signedIn, type AuthzRow } from './rows';
import type { World } from './world';

/** A passkey of a fresh account (nobody's in the roles): its id and a watch on it. */
async function someoneElsesPasskey(w: World) {
  const userId = await w.fresh.user();
  const [row] = await w.t.db
    .insert(passkeys)
    .values({ userId, credentialId: `cred-${userId}`, publicKey: 'AA', name: 'Téléphone' })
    .returning({ id: passkeys.id });
  const id = row!.id;
  return { id, watch: () => w.t.db.select().from(passkeys).where(eq(passkeys.id, id)) };
}

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/user/cles-acces',
    request: () => ({ url: '/api/user/cles-acces' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/user/cles-acces/options',
    scope: 'a wrong current password (reaches the check)',
    request: () => ({ url: '/api/user/cles-acces/options', payload: { motDePasse: 'pas le bon' } }),
    expect: signedIn(412),
  },
  {
    route: 'POST /api/user/cles-acces',
    scope: 'a response to no challenge (reaches the check)',
    request: () => ({
      url: '/api/user/cles-acces',
      payload: {
        nom: 'Téléphone',
        reponse: {
          id: 'AAAA',
          rawId: 'AAAA',
          type: 'public-key',
          response: { clientDataJSON: 'e30', attestationObject: 'oA' },
          clientExtensionResults: {},
        },
      },
    }),
    expect: signedIn(412),
  },
  {
    route: 'PATCH /api/user/cles-acces/:id',
    scope: 'a passkey of someone else',
    request: async (w) => {
      const { id, watch } = await someoneElsesPasskey(w);
      return { url: `/api/user/cles-acces/${id}`, payload: { nom: 'Volée' }, watch };
    },
    expect: signedIn(404),
  },
  {
    route: 'DELETE /api/user/cles-acces/:id',
    scope: 'a passkey of someone else',
    request: async (w) => {
      const { id, watch } = await someoneElsesPasskey(w);
      return { url: `/api/user/cles-acces/${id}`, watch };
    },
    expect: signedIn(404),
  },
  {
    route: 'POST /oauth/cle-acces/options',
    scope: 'a sign-in without an identifiant (public)',
    request: () => ({ url: '/oauth/cle-acces/options', token: null, payload: {} }),
    expect: everyone(200),
  },
  {
    route: 'POST /oauth/cle-acces/options',
    scope: 'the second step of an unknown mfa_token (public)',
    request: () => ({ url: '/oauth/cle-acces/options', token: null, payload: { mfa_token: 'inconnu' } }),
    expect: everyone(412),
  },
];
