/**
 * Default-deny: every /api route needs a valid, unexpired, unrevoked bearer token of an active user,
 * unless the route declares `config: { public: true }`.
 */
import fp from 'fastify-plugin';
import { bearerToken } from '../lib/bearer-token';
import { unauthenticated } from '../lib/errors';
import { authService } from '../modules/auth/service';
import { SessionCache } from '../modules/auth/session-cache';
import type { App } from '../types';

export default fp(async function auth(app: App) {
  const db = app.dbHandle;
  // Sessions in memory where every change that ends one is heard at once (PGlite: session-cache.ts).
  let sessions: SessionCache | undefined;
  if (db.listen) {
    const cache = new SessionCache();
    const stop = await db.listen('sessions', (userId) => cache.forgetUser(Number(userId)));
    app.addHook('onClose', () => stop().catch(() => undefined));
    sessions = cache;
  }
  // No caller yet, so the public context (plugins/context.ts, decorated by the time a request arrives):
  // a session's end is read on the clock that wrote it.
  const authenticate = (token: string) => {
    const ctx = app.publicContext();
    return sessions
      ? sessions.authenticate(token, () => authService.session(ctx, token), ctx.clock.now().getTime())
      : authService.authenticate(ctx, token);
  };

  app.decorateRequest('caller', null as never);
  app.decorateRequest('session', null as never);
  app.addHook('onRequest', async (request) => {
    // Decided on the route the router matched, never on the raw URL: `/%61pi/…` is decoded into an API
    // route too. An unknown path matches no route and goes on to the 404 handler, which reveals nothing.
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || request.routeOptions.config?.public) return;
    if (route.startsWith('/api/docs')) return;
    const token = bearerToken(request);
    const caller = token ? await authenticate(token) : undefined;
    if (!caller) throw unauthenticated('Vous n’êtes pas authentifié : veuillez vous connecter.');
    request.caller = caller;
    request.session = caller;
  });
});
