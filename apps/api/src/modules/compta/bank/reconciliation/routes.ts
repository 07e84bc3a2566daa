/** The bank reconciled (issue 34 §3): an account at a date, and its period validated. */
import { CALLS } from '@union/contract';
import { route } from '../../../../lib/route';
import type { App } from '../../../../types';
import { reconciliationService } from './service';

export default async function reconciliationRoutes(app: App) {
  const tags = ['comptabilité'];

  route(
    app,
    CALLS.bankReconciliation.state,
    { tags, summary: 'Le rapprochement d’un compte bancaire à une date' },
    async (request) => reconciliationService.state(request.ctx, request.query),
  );

  route(
    app,
    CALLS.bankReconciliation.validate,
    { tags, summary: 'Valider le rapprochement d’un compte bancaire à une date' },
    async (request, reply) =>
      reply.status(201).send(await reconciliationService.validate(request.ctx, request.body)),
  );
}
