/**
 * An entity's account (issue 20): what it owes and its credit, a payment across invoices, a refund, the
 * deposit slip. Registered from the contract's table of calls.
 */
import { COMPTA_PAYMENT_CALLS as calls } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { sendFile } from '../documents/files';
import { paymentsService } from './service';

export default async function paymentsRoutes(app: App) {
  const tags = ['comptabilité'];

  route(app, calls.account, { tags }, async (request) =>
    paymentsService.account(request.ctx, request.params.id),
  );

  route(app, calls.pay, { tags }, async (request, reply) =>
    reply.status(201).send(await paymentsService.pay(request.ctx, request.body)),
  );

  route(app, calls.refund, { tags }, async (request, reply) =>
    reply.status(201).send(await paymentsService.refund(request.ctx, request.params.id, request.body)),
  );

  route(app, calls.deposit, { tags }, async (request, reply) =>
    reply.status(201).send(await paymentsService.deposit(request.ctx, request.body)),
  );

  route(app, calls.depositSlipOf, { tags }, async (request, reply) =>
    sendFile(
      reply,
      `remise-cheques-${request.params.id}.pdf`,
      'application/pdf',
      await paymentsService.depositSlipOf(request.ctx, request.params.id),
    ),
  );

  route(app, calls.depositSlip, { tags }, async (request, reply) =>
    sendFile(
      reply,
      `remise-cheques-${request.query.du}-${request.query.au}.pdf`,
      'application/pdf',
      await paymentsService.depositSlip(request.ctx, request.query.du, request.query.au),
    ),
  );
}
