/**
 * POST and DELETE /oauth/token, the options of a sign-in with a passkey, GET /api/user/info, the public
 * password-reset calls, and one's open sessions.
 */
import { CALLS } from '@union/contract';
import { bearerToken } from '../../lib/bearer-token';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { asJson } from '../passkeys/service';
import { passwordResetService } from './password-reset';
import { authService } from './service';
import { sessionsService } from './sessions';

/** The grants of the form body (application/x-www-form-urlencoded), for the OpenAPI document. */
const TOKEN_GRANTS = [
  'Corps `application/x-www-form-urlencoded`, client en HTTP Basic. Les `grant_type` :',
  '- `password` : `username`, `password` ; peut répondre 400 `mfa_required` (avec `mfa_token` et `facteurs`) ou `mfa_enrolment_required`.',
  '- `mfa_otp` : `mfa_token`, `otp` (6 chiffres ou code de secours).',
  '- `mfa_webauthn` : `mfa_token`, `assertion` (le JSON `AuthenticationResponseJSON` d’une clé d’accès du compte, options de `POST /oauth/cle-acces/options` avec ce `mfa_token`).',
  '- `passkey` : `assertion` seule (clé d’accès découvrable, vérification de la personne exigée ; options de `POST /oauth/cle-acces/options` sans `mfa_token`).',
].join('\n');

export default async function authRoutes(app: App) {
  const calls = CALLS.auth;
  const publicCall = { config: { public: true, noXsrf: true }, tags: ['auth'], security: [] };

  route(app, calls.token, { ...publicCall, description: TOKEN_GRANTS }, async (request) => {
    const { OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, TOKEN_TTL_SECONDS } = app.config;
    const session = await authService.tokenRequest(
      app.publicContext(),
      {
        authorization: request.headers.authorization,
        form: request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        client: { id: OAUTH_CLIENT_ID, secret: OAUTH_CLIENT_SECRET },
        ttlSeconds: TOKEN_TTL_SECONDS,
      },
      request.log,
    );
    return {
      access_token: session.accessToken,
      token_type: 'bearer' as const,
      expires_in: session.expiresIn,
      ...(session.recoveryCodes ? { codes_secours: session.recoveryCodes } : {}),
    };
  });

  route(app, calls.signOut, { config: { public: true }, tags: ['auth'] }, async (request, reply) => {
    const token = bearerToken(request);
    if (token) await authService.signOut(app.publicContext(), token);
    return reply.status(204).send(null);
  });

  route(app, calls.userInfo, { tags: ['auth'] }, async (request) => {
    const { id, nom, prenom, habilitations } = request.session;
    return { id, nom, prenom, habilitations };
  });

  route(
    app,
    calls.requestPasswordReset,
    {
      ...publicCall,
      // The reset itself runs once the answer is sent: the answer waits for no query at all, so it
      // takes the same time whether the address is known or not, limited or not.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 204) return;
        const email = request.body.data;
        app.background.run('password reset request', () =>
          passwordResetService.requestPasswordReset(app.publicContext(), email, request.log),
        );
      },
    },
    async (_request, reply) => reply.status(204).send(null),
  );

  route(app, calls.resetPassword, publicCall, async (request, reply) => {
    await passwordResetService.resetPassword(app.publicContext(), request.body.jeton, request.body.data);
    return reply.status(204).send(null);
  });

  // Before any session: anyone may ask for a challenge (it proves nothing until a passkey signs it).
  route(app, calls.passkeySignInOptions, publicCall, async (request) =>
    asJson(await authService.passkeyOptions(app.publicContext(), request.body.mfa_token, request.ip)),
  );

  route(app, calls.sessions, { tags: ['compte'] }, async (request) =>
    sessionsService.sessions(request.ctx, bearerToken(request)),
  );

  route(app, calls.endSessionsBeforeSecondFactor, { tags: ['compte'] }, async (request) =>
    sessionsService.endSessionsBeforeSecondFactor(request.ctx, bearerToken(request)),
  );

  route(app, calls.endSession, { tags: ['compte'] }, async (request, reply) => {
    await sessionsService.endSession(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
}
