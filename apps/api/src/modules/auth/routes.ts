/**
 * POST and DELETE /oauth/token, the options of a sign-in with a passkey, GET /api/user/info, the public
 * password-reset calls, and one's open sessions.
 */
import {
  API,
  EmailBodySchema,
  ErrorBodySchema,
  PasskeySignInStartSchema,
  PasswordResetSchema,
  RecordIdParamSchema,
  SessionListSchema,
  TokenResponseSchema,
  UserInfoSchema,
  WebauthnOptionsSchema,
} from '@union/contract';
import { z } from 'zod';
import { bearerToken } from '../../lib/bearer-token';
import type { App } from '../../types';
import { asJson } from '../passkeys/service';
import { passwordResetService } from './password-reset';
import { authService } from './service';
import { sessionsService } from './sessions';

const idParams = z.object({ id: RecordIdParamSchema });

/** The grants of the form body (application/x-www-form-urlencoded), for the OpenAPI document. */
const TOKEN_GRANTS = [
  'Corps `application/x-www-form-urlencoded`, client en HTTP Basic. Les `grant_type` :',
  '- `password` : `username`, `password` ; peut répondre 400 `mfa_required` (avec `mfa_token` et `facteurs`) ou `mfa_enrolment_required`.',
  '- `mfa_otp` : `mfa_token`, `otp` (6 chiffres ou code de secours).',
  '- `mfa_webauthn` : `mfa_token`, `assertion` (le JSON `AuthenticationResponseJSON` d’une clé d’accès du compte, options de `POST /oauth/cle-acces/options` avec ce `mfa_token`).',
  '- `passkey` : `assertion` seule (clé d’accès découvrable, vérification de la personne exigée ; options de `POST /oauth/cle-acces/options` sans `mfa_token`).',
].join('\n');

export default async function authRoutes(app: App) {
  app.post(
    API.auth.token,
    {
      config: { public: true, noXsrf: true },
      schema: {
        tags: ['auth'],
        security: [],
        description: TOKEN_GRANTS,
        response: { 200: TokenResponseSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.delete(
    API.auth.token,
    { config: { public: true }, schema: { tags: ['auth'], response: { 204: z.null() } } },
    async (request, reply) => {
      const token = bearerToken(request);
      if (token) await authService.signOut(app.publicContext(), token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    API.auth.userInfo,
    { schema: { tags: ['auth'], response: { 200: UserInfoSchema } } },
    async (request) => {
      const { id, nom, prenom, habilitations } = request.session;
      return { id, nom, prenom, habilitations };
    },
  );

  app.patch(
    API.users.password,
    {
      config: { public: true, noXsrf: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: EmailBodySchema,
        response: { 204: z.null(), 412: ErrorBodySchema },
      },
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

  app.post(
    API.auth.passwordReset,
    {
      config: { public: true, noXsrf: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: PasswordResetSchema,
        response: { 204: z.null(), 412: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await passwordResetService.resetPassword(app.publicContext(), request.body.jeton, request.body.data);
      return reply.status(204).send(null);
    },
  );

  // Before any session: anyone may ask for a challenge (it proves nothing until a passkey signs it).
  app.post(
    API.passkeys.signInOptions,
    {
      config: { public: true, noXsrf: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: PasskeySignInStartSchema,
        response: { 200: WebauthnOptionsSchema },
      },
    },
    async (request) =>
      asJson(await authService.passkeyOptions(app.publicContext(), request.body.mfa_token, request.ip)),
  );

  app.get(
    API.auth.sessions,
    { schema: { tags: ['compte'], response: { 200: SessionListSchema } } },
    async (request) => sessionsService.sessions(request.ctx, bearerToken(request)),
  );

  app.delete(
    API.auth.session,
    { schema: { tags: ['compte'], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await sessionsService.endSession(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
