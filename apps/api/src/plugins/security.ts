/** Security headers: a strict CSP the SPA satisfies (no inline script), nosniff, no framing, no referrer leak. */
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
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: app.config.publicUrl.startsWith('https://'),
  });
});
