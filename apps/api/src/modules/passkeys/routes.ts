/** Passkeys (issue 22): one's own, and the public options of a sign-in with one. */
import {
  API,
  PasskeyListSchema,
  PasskeyRegistrationSchema,
  PasskeyRegistrationStartSchema,
  PasskeyRenameSchema,
  PasskeyRowSchema,
  PasskeySignInStartSchema,
  RecordIdParamSchema,
  WebauthnOptionsSchema,
} from '@union/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import type { App } from '../../types';
import { passkeysService } from './service';

/** The library's options, as the loose JSON object the contract describes. */
const asJson = <T extends { challenge: string }>(options: T) => options as T & Record<string, unknown>;

const idParams = z.object({ id: RecordIdParamSchema });

export default async function passkeysRoutes(app: App) {
  const tags = ['compte'];
  const paths = API.passkeys;

  app.get(paths.mine, { schema: { tags, response: { 200: PasskeyListSchema } } }, async (request) =>
    passkeysService.list(request.ctx),
  );

  app.post(
    paths.registrationOptions,
    { schema: { tags, body: PasskeyRegistrationStartSchema, response: { 200: WebauthnOptionsSchema } } },
    async (request) =>
      asJson(
        await passkeysService.registrationOptions(
          request.ctx,
          request.body.motDePasse,
          request.ip,
          request.log,
        ),
      ),
  );

  app.post(
    paths.mine,
    { schema: { tags, body: PasskeyRegistrationSchema, response: { 201: PasskeyRowSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await passkeysService.register(
            request.ctx,
            request.body.nom,
            request.body.reponse as unknown as RegistrationResponseJSON,
          ),
        ),
  );

  app.patch(
    paths.one,
    { schema: { tags, params: idParams, body: PasskeyRenameSchema, response: { 200: PasskeyRowSchema } } },
    async (request) => passkeysService.rename(request.ctx, request.params.id, request.body.nom),
  );

  app.delete(
    paths.one,
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await passkeysService.remove(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Before any session: anyone may ask for a challenge (it proves nothing until a passkey signs it).
  app.post(
    paths.signInOptions,
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
      asJson(await passkeysService.signInOptions(app.publicContext(), request.body.mfa_token)),
  );
}
