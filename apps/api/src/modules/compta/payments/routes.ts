/** An entity's account (issue 20): what it owes and its credit, a payment across invoices, a refund, the deposit slip. */
import {
  API,
  ChequeDepositSchema,
  DepositCreateSchema,
  DepositSlipQuerySchema,
  EntityAccountSchema,
  PaymentCreateSchema,
  RecordIdParamSchema,
  RefundCreateSchema,
} from '@union/contract';
import { z } from 'zod';
import type { App } from '../../../types';
import { sendFile } from '../documents/files';
import { paymentsService as accountService } from './service';

export default async function paymentsRoutes(app: App) {
  const tags = ['comptabilité'];
  const params = z.object({ id: RecordIdParamSchema });

  app.get(
    API.compta.account,
    { schema: { tags, params, response: { 200: EntityAccountSchema } } },
    async (request) => accountService.account(request.ctx, request.params.id),
  );

  app.post(
    API.compta.payment,
    { schema: { tags, body: PaymentCreateSchema, response: { 201: EntityAccountSchema } } },
    async (request, reply) => reply.status(201).send(await accountService.pay(request.ctx, request.body)),
  );

  app.post(
    API.compta.refund,
    { schema: { tags, params, body: RefundCreateSchema, response: { 201: EntityAccountSchema } } },
    async (request, reply) =>
      reply.status(201).send(await accountService.refund(request.ctx, request.params.id, request.body)),
  );

  app.post(
    API.compta.deposits,
    { schema: { tags, body: DepositCreateSchema, response: { 201: ChequeDepositSchema } } },
    async (request, reply) => reply.status(201).send(await accountService.deposit(request.ctx, request.body)),
  );

  app.get(API.compta.deposit, { schema: { tags, params } }, async (request, reply) =>
    sendFile(
      reply,
      `remise-cheques-${request.params.id}.pdf`,
      'application/pdf',
      await accountService.depositSlipOf(request.ctx, request.params.id),
    ),
  );

  app.get(
    API.compta.depositSlip,
    { schema: { tags, querystring: DepositSlipQuerySchema } },
    async (request, reply) =>
      sendFile(
        reply,
        `remise-cheques-${request.query.du}-${request.query.au}.pdf`,
        'application/pdf',
        await accountService.depositSlip(request.ctx, request.query.du, request.query.au),
      ),
  );
}
