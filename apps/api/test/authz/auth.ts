/** Authorization rows of the auth module: sign-in, sign-out, the session and the public password calls. */
import { CLIENT_BASIC, PASSWORD } from '../helpers';
import { everyone, signedIn, type AuthzRow } from './rows';

export const rows: AuthzRow[] = [
  {
    route: 'POST /oauth/token',
    scope: 'sign-in of membre (public)',
    request: () => ({
      url: '/oauth/token',
      token: null,
      headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        username: 'membre',
        password: PASSWORD,
      }).toString(),
    }),
    expect: everyone(200),
  },
  {
    route: 'DELETE /oauth/token',
    scope: 'sign-out of a session of its own (public)',
    // A token of its own: revoking the role's shared token would break the rows after this one.
    request: async (w, role) => ({
      url: '/oauth/token',
      token: role === 'anonymous' ? null : await w.t.signIn(role),
    }),
    expect: everyone(204),
  },
  { route: 'GET /api/user/info', request: () => ({ url: '/api/user/info' }), expect: signedIn(200) },
  {
    route: 'PATCH /api/user/password',
    scope: 'reset request (public)',
    request: () => ({ url: '/api/user/password', payload: { data: 'inconnu@exemple.fr' } }),
    expect: everyone(204),
  },
  {
    route: 'POST /api/user/password/reinitialiser',
    scope: 'unknown link (public: reaches the check of the link)',
    request: () => ({
      url: '/api/user/password/reinitialiser',
      payload: { jeton: 'jeton-inconnu', data: 'Un-mot-de-passe-assez-long-1' },
    }),
    expect: everyone(412),
  },
];
