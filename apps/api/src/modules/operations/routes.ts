/**
 * The operators' calls (issue 19, DECISIONS §8): liveness and readiness probes, public and without
 * personal data, and the Prometheus metrics behind their own bearer token.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { CALLS } from '@union/contract';
import { AppError, notFound, unauthenticated } from '../../lib/errors';
import { bearerToken } from '../../lib/bearer-token';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { notReadyBecause } from './readiness';

const tags = ['exploitation'];

/** Compared as SHA-256 digests: equal lengths whatever was sent, and no early exit on the first byte. */
const sameToken = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

export default async function operationsRoutes(app: App) {
  // Liveness: answers as long as the process serves; never touches the database, so a slow database
  // does not get the process restarted.
  route(app, CALLS.operations.health, { config: { public: true }, tags, security: [] }, async () => ({
    statut: 'ok' as const,
  }));

  // Readiness: whether a load balancer should send requests here.
  route(app, CALLS.operations.ready, { config: { public: true }, tags, security: [] }, async () => {
    const reason = await notReadyBecause(app.dbHandle, app.operations.stopping);
    if (reason) throw new AppError(503, 'not_ready', reason);
    return { statut: 'prêt' as const };
  });

  // Prometheus' text format, not a call of the API: outside /api (no session, no XSRF) and left out of
  // the OpenAPI document; its refusals are the one error body. Without METRICS_TOKEN it does not exist
  // (404, as an unknown record); a missing or wrong token is 401.
  route(app, CALLS.operations.metrics, { hide: true }, async (request, reply) => {
    const expected = app.config.METRICS_TOKEN;
    if (!expected || !app.metrics) throw notFound();
    const given = bearerToken(request);
    if (!given || !sameToken(given, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthenticated('Jeton des métriques absent ou invalide (METRICS_TOKEN).');
    }
    return reply.type(app.metrics.contentType).send(await app.metrics.text());
  });
}
