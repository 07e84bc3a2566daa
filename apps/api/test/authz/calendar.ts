/**
 * Authorization rows of the calendar feeds: one's own feed address for every signed-in user; the feeds
 * themselves are public (the secret in the path is the credential), the building's only for Union staff.
 */
import type { CalendarFeedState } from '@union/contract';
import { everyone, signedIn, type AuthzRow } from './rows';
import type { World } from './world';

/** Creates (or renews) the feed address of `owner` and answers its secret. */
async function secretOf(w: World, owner: 'secretariat' | 'membre'): Promise<string> {
  const response = await w.t.call({ method: 'POST', url: '/api/user/calendrier', token: w.tokens[owner] });
  const state = response.json<CalendarFeedState>();
  return /\/api\/calendrier\/([^/.]+)\.ics$/.exec(state.adresses!.personnel)![1]!;
}

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/user/calendrier',
    request: () => ({ url: '/api/user/calendrier' }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/user/calendrier',
    request: () => ({ url: '/api/user/calendrier' }),
    expect: signedIn(200),
  },
  {
    route: 'GET /api/calendrier/:fichier',
    scope: 'a member’s own address',
    request: async (w) => ({ url: `/api/calendrier/${await secretOf(w, 'membre')}.ics`, token: null }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/calendrier/:fichier',
    scope: 'an unknown address',
    request: () => ({ url: '/api/calendrier/inconnu.ics', token: null }),
    expect: everyone(404),
  },
  {
    route: 'GET /api/calendrier/:jeton/batiment.ics',
    scope: 'Union staff’s address',
    request: async (w) => ({
      url: `/api/calendrier/${await secretOf(w, 'secretariat')}/batiment.ics`,
      token: null,
    }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/calendrier/:jeton/batiment.ics',
    scope: 'a member’s address',
    request: async (w) => ({
      url: `/api/calendrier/${await secretOf(w, 'membre')}/batiment.ics`,
      token: null,
    }),
    expect: everyone(404),
  },
  {
    route: 'GET /api/calendrier/:jeton/salle/:fichier',
    scope: 'a member’s address',
    request: async (w) => ({
      url: `/api/calendrier/${await secretOf(w, 'membre')}/salle/${w.room.booking}.ics`,
      token: null,
    }),
    expect: everyone(404),
  },
  {
    route: 'GET /api/calendrier/:jeton/salle/:fichier',
    scope: 'Union staff’s address',
    request: async (w) => ({
      url: `/api/calendrier/${await secretOf(w, 'secretariat')}/salle/${w.room.booking}.ics`,
      token: null,
    }),
    expect: everyone(200),
  },
];
