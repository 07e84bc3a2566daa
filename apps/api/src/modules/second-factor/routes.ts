/** The second factor's calls (issue 22): one's own factor, the required enrolment, the rule. */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { secondFactorService } from './service';

export default async function secondFactorRoutes(app: App) {
  const tags = ['compte'];
  const calls = CALLS.secondFactor;

  route(app, calls.status, { tags }, async (request) => secondFactorService.status(request.ctx));

  route(app, calls.startEnrolment, { tags }, async (request, reply) =>
    reply
      .status(201)
      .send(
        await secondFactorService.startEnrolment(
          request.ctx,
          request.body.motDePasse,
          request.ip,
          request.log,
        ),
      ),
  );

  route(app, calls.confirmEnrolment, { tags }, async (request) =>
    secondFactorService.confirmEnrolment(request.ctx, request.body.code, request.ip, request.log),
  );

  route(app, calls.remove, { tags }, async (request, reply) => {
    await secondFactorService.remove(request.ctx, request.body.code, request.ip, request.log);
    return reply.status(204).send(null);
  });

  route(app, calls.newRecoveryCodes, { tags }, async (request) =>
    secondFactorService.newRecoveryCodes(request.ctx, request.body.code, request.ip, request.log),
  );

  // Before any session: the `mfa_token` of a sign-in that must enrol is the proof (like a reset link).
  route(
    app,
    calls.requiredEnrolment,
    { config: { public: true, noXsrf: true }, tags: ['auth'], security: [] },
    async (request, reply) =>
      reply
        .status(201)
        .send(await secondFactorService.startRequiredEnrolment(app.publicContext(), request.body.mfa_token)),
  );

  route(app, calls.reset, { tags: ['administration'] }, async (request, reply) => {
    await secondFactorService.reset(request.ctx, request.params.id);
    return reply.status(204).send(null);
  });

  route(app, calls.settings, { tags: ['paramètres'] }, async (request) =>
    secondFactorService.settings(request.ctx),
  );

  route(app, calls.saveSettings, { tags: ['paramètres'] }, async (request) =>
    secondFactorService.saveSettings(request.ctx, request.body),
  );
}
