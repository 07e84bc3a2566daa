/**
 * Double-submit XSRF protection (specification §7): the server sets the XSRF-TOKEN cookie, the client
 * copies it into X-XSRF-TOKEN on every mutating call, and the server refuses a mismatch with 403.
 * Calls made before any page of ours could set the cookie (token request, password reset) are exempt.
 *
 * The cookie is issued where a page can use it (issue 18), not on every answer to a client that sends
 * none, which cost fresh random bytes and a Set-Cookie on each of a script's calls:
 * - to a call without a bearer token: the page itself, its files, the token request, a public call;
 * - to a call a browser makes from a page (it says so with `Sec-Fetch-Site`, as every current browser
 *   does): the web client's one harmless GET when the cookie is missing (`xsrfToken` in the web's
 *   api-client.ts), whatever page (the dev server's) served it.
 * A script with a bearer token and no cookie jar gets none: it sends any value of its own in both the
 * cookie and the header, which is all the double submit compares. The check itself is unchanged.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import { bearerToken } from '../lib/bearer-token';
import { forbidden } from '../lib/errors';
import type { App } from '../types';

import { XSRF_COOKIE, XSRF_HEADER } from '../lib/xsrf-names';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export default fp(async function xsrf(app: App) {
  await app.register(cookie);
  const secure = app.config.publicUrl.startsWith('https://');
  app.addHook('onRequest', async (request, reply) => {
    const current = request.cookies[XSRF_COOKIE];
    if (!current && (request.headers['sec-fetch-site'] !== undefined || !bearerToken(request))) {
      // Readable by the page's script on purpose: that is how the double submit works.
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure,
        httpOnly: false,
      });
    }
    // No route matched: nothing will run, the 404 handler answers.
    if (!request.routeOptions.url) return;
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.noXsrf) return;
    const header = request.headers[XSRF_HEADER];
    if (!current || typeof header !== 'string' || !same(current, header)) {
      throw forbidden('Jeton de sécurité manquant ou invalide : rechargez la page puis réessayez.');
    }
  });
});
