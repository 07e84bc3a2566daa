/**
 * During a clean stop, a request that still reaches this instance (on a connection opened before the
 * stop, or sent behind another on the same connection) is answered at once with 503 and
 * `Connection: close` rather than served or cut: the client (or the proxy) then sends it again to
 * another instance or after the restart, on a new connection. Registered first among the request
 * hooks, so nothing of the request runs (no session read, no body parsed). Fastify's own answer during
 * its close (`return503OnClosing`, an English body) is switched off in app.ts for this one.
 */
import { AppError } from '../../lib/errors';
import type { App } from '../../types';
import { NOT_READY } from './readiness';

export function refuseWhileStopping(app: App): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!app.operations.stopping) return;
    reply.header('connection', 'close');
    throw new AppError(503, 'not_ready', NOT_READY.stopping);
  });
}
