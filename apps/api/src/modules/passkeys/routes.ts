/**
 * One's passkeys (issue 22). The public options of a sign-in with one are a sign-in step
 * (auth/routes.ts).
 */
import { CALLS } from '@union/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { asJson, passkeysService } from './service';

export default async function passkeysRoutes(app: App) {
  const tags = ['compte'];
  const calls = CALLS.passkeys;

  route(app, calls.list, { tags }, async (request) => passkeysService.list(request.ctx));

  route(app, calls.registrationOptions, { tags }, async (request) =>
    asJson(
      await passkeysService.registrationOptions(
        request.ctx,
        request.body.motDePasse,
        request.ip,
        request.log,
      ),
    ),
  );

  route(app, calls.register, { tags }, async (request, reply) =>
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

  route(app, calls.rename, { tags }, async (request) =>
    passkeysService.rename(request.ctx, request.params.id, request.body.nom),
  );

  route(app, calls.remove, { tags }, async (request, reply) => {
    await passkeysService.remove(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });
}
