/**
 * The Union cards (specification §7 paths): my card and my top-ups, the provider's form, the staff's
 * search and decisions. The provider's notification and its simulator are payment-provider/'s.
 */
import { CALLS } from '@union/contract';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { cardsService } from './service';
import { waitingService } from './waiting';

const ACTION_OF = { validate: 'VALIDATE', transfer: 'TRANSFER', cancel: 'CANCEL' } as const;

export default async function cardsRoutes(app: App) {
  const tags = ['carte Union'];
  const calls = CALLS.payments;

  route(app, calls.mine, { tags }, async (request) => cardsService.mine(request.ctx));

  route(app, calls.topUp, { tags }, async (request, reply) =>
    reply.status(201).send(await cardsService.create(request.ctx, request.body.montant)),
  );

  route(app, calls.providerForm, { tags }, async (request) =>
    cardsService.providerForm(request.ctx, app.config, request.params.id),
  );

  route(app, calls.search, { tags }, async (request) => cardsService.search(request.ctx, request.body));

  route(app, calls.waiting, { tags }, async (request) => waitingService.count(request.ctx));

  route(app, calls.act, { tags }, async (request) =>
    cardsService.act(request.ctx, request.params.id, ACTION_OF[request.params.action], request.query),
  );
}
