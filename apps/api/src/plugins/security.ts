/**
 * Security headers: a strict CSP the SPA satisfies (no inline script), nosniff, no framing, no referrer
 * leak, and `Cache-Control: no-store` on every API answer unless its route sets its own.
 *
 * Helmet decides the headers, but once: its middleware runs at start-up against a recorder and every
 * answer gets the recorded headers. (`@fastify/helmet` ran helmet's whole set-up, directives parsed and
 * checked, on every request: 2–3 % of a profile under load, issue 18.) Nothing here varies per request:
 * no nonce, no directive computed from the request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from '../types';

/** The headers helmet sets for `options`, read once by running its middleware against a recorder. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export default fp(async function security(app: App) {
  const headers = Object.entries(
    helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets CSS variables through style attributes: styles inline, scripts never.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // PDF previews show a blob the app fetched with the bearer token (accounting, documents).
          frameSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          // The card top-up form posts to the payment provider's page (SYSTEMPAY_URL).
          formAction: [
            "'self'",
            ...(app.config.SYSTEMPAY_URL ? [new URL(app.config.SYSTEMPAY_URL).origin] : []),
          ],
          upgradeInsecureRequests: null,
        },
      },
      referrerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      hsts: app.config.publicUrl.startsWith('https://'),
    }),
  );

  // On the raw answer, as helmet itself would: a route's own header of the same name still wins.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  // API answers carry tokens and personal data: no browser, proxy or back-button cache may keep them.
  // A route that may be cached says so by setting its own Cache-Control, which this leaves alone.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) {
      const path = request.routeOptions.url ?? request.url;
      if (isApiPath(path) || isApiPath(request.url)) void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
});

const isApiPath = (path: string) => /^\/(api|oauth)(\/|\?|$)/.test(path);
