/**
 * Security headers: a strict CSP the SPA satisfies (no inline script), nosniff, no framing, no referrer
 * leak, and `Cache-Control: no-store` on every API answer unless its route sets its own.
 */
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { App } from '../types';

export default fp(async function security(app: App) {
  await app.register(helmet, {
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
  });

  // API answers carry tokens and personal data: no browser, proxy or back-button cache may keep them.
  // A route that may be cached says so by setting its own Cache-Control, which this leaves alone.
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.routeOptions.url ?? request.url;
    if (isApiPath(path) || isApiPath(request.url)) {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});

const isApiPath = (path: string) => /^\/(api|oauth)(\/|\?|$)/.test(path);
