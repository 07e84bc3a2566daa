/**
 * Builds `request.ctx` once per request, right after the auth plugin has set the caller: every service
 * receives it whole (lib/context.ts). Public routes (no caller) have no context.
 */
import fp from 'fastify-plugin';
import { systemClock, type Clock, type PublicContext } from '../lib/context';
import type { App } from '../types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The clock every request context uses; tests pass their own to buildApp. */
    clock: Clock;
    /** The context of a public route, whose service finds its caller itself (a feed's secret). */
    publicContext(): PublicContext;
  }
}

export default fp(
  async function context(app: App, options: { clock?: Clock }) {
    app.decorate('clock', options.clock ?? systemClock);
    app.decorate('publicContext', () => ({
      db: app.dbHandle.db,
      clock: app.clock,
      publicUrl: app.config.publicUrl,
    }));
    app.decorateRequest('ctx', null as never);
    app.addHook('onRequest', async (request) => {
      if (!request.caller) return;
      request.ctx = {
        db: app.dbHandle.db,
        caller: request.caller,
        clock: app.clock,
        publicUrl: app.config.publicUrl,
      };
    });
  },
  { name: 'context', dependencies: [] },
);
