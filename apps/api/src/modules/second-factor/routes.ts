/** The second factor's calls (issue 22): one's own factor, the required enrolment, the rule. */
import {
  API,
  CurrentPasswordSchema,
  EnrolmentTokenSchema,
  RecordIdParamSchema,
  RecoveryCodesSchema,
  SecondFactorProofSchema,
  SecondFactorSettingsSchema,
  SecondFactorStatusSchema,
  TotpCodeSchema,
  TotpEnrolmentSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../types';
import { secondFactorService } from './service';

const idParams = z.object({ id: RecordIdParamSchema });

export default async function secondFactorRoutes(app: App) {
  const tags = ['compte'];
  const paths = API.secondFactor;

  app.get(paths.mine, { schema: { tags, response: { 200: SecondFactorStatusSchema } } }, async (request) =>
    secondFactorService.status(request.ctx),
  );

  app.post(
    paths.totp,
    { schema: { tags, body: CurrentPasswordSchema, response: { 201: TotpEnrolmentSchema } } },
    async (request, reply) =>
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

  app.put(
    paths.totp,
    { schema: { tags, body: TotpCodeSchema, response: { 200: RecoveryCodesSchema } } },
    async (request) =>
      secondFactorService.confirmEnrolment(request.ctx, request.body.code, request.ip, request.log),
  );

  app.delete(
    paths.totp,
    { schema: { tags, body: SecondFactorProofSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await secondFactorService.remove(request.ctx, request.body.code, request.ip, request.log);
      return reply.status(204).send(null);
    },
  );

  app.post(
    paths.recoveryCodes,
    { schema: { tags, body: SecondFactorProofSchema, response: { 200: RecoveryCodesSchema } } },
    async (request) =>
      secondFactorService.newRecoveryCodes(request.ctx, request.body.code, request.ip, request.log),
  );

  // Before any session: the `mfa_token` of a sign-in that must enrol is the proof (like a reset link).
  app.post(
    paths.enrolment,
    {
      config: { public: true, noXsrf: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: EnrolmentTokenSchema,
        response: { 201: TotpEnrolmentSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await secondFactorService.startRequiredEnrolment(app.publicContext(), request.body.mfa_token)),
  );

  app.delete(
    paths.reset,
    { schema: { tags: ['administration'], params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await secondFactorService.reset(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    paths.settings,
    { schema: { tags: ['paramètres'], response: { 200: SecondFactorSettingsSchema } } },
    async (request) => secondFactorService.settings(request.ctx),
  );

  app.put(
    paths.settings,
    {
      schema: {
        tags: ['paramètres'],
        body: SecondFactorSettingsSchema,
        response: { 200: SecondFactorSettingsSchema },
      },
    },
    async (request) => secondFactorService.saveSettings(request.ctx, request.body),
  );
}
