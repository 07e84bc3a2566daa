/**
 * One's passkeys (issue 22). The public options of a sign-in with one are a sign-in step
 * (auth/routes.ts).
 */
import {
  API,
  PasskeyListSchema,
  PasskeyRegistrationSchema,
  PasskeyRegistrationStartSchema,
  PasskeyRenameSchema,
  PasskeyAddedSchema,
  PasskeyRowSchema,
  RecordIdParamSchema,
  WebauthnOptionsSchema,
} from '@union/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import type { App } from '../../types';
import { asJson, passkeysService } from './service';

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
    { schema: { tags, body: PasskeyRegistrationSchema, response: { 201: PasskeyAddedSchema } } },
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
}
