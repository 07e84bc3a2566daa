/**
 * Checked by the typecheck, not run: the signed-in call a route reads is typed by the route's `config`
 * (src/types.ts), so a public route cannot hand an unset `request.ctx` to a service.
 */
import type { Caller } from '../src/lib/authorize';
import type { RequestContext } from '../src/lib/context';
import type { App } from '../src/types';

export function routesReadingTheCall(app: App) {
  app.get('/signed-in', async (request) => {
    const read: [RequestContext, Caller] = [request.ctx, request.caller];
    return read.length;
  });
  app.get('/public', { config: { public: true } }, async (request) => {
    // @ts-expect-error A public route has no signed-in call: its context is unset.
    const ctx: RequestContext = request.ctx;
    // @ts-expect-error Nor its caller.
    const caller: Caller = request.caller;
    return [ctx, caller].length;
  });
  const config = { public: true, noXsrf: true };
  app.post('/public-too', { config }, async (request) => {
    // @ts-expect-error A config held in a variable says the same.
    const ctx: RequestContext = request.ctx;
    return ctx;
  });
}
