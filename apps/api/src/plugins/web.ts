/**
 * Serves the built SPA: its files as they are, and index.html for any other path that is not the API,
 * so that the client router shows the right page (or its own 404 page).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { App } from '../types';

export const isApiPath = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/oauth/');

export default fp(async function web(app: App, opts: { root?: string }) {
  const root = opts.root ? resolve(opts.root) : undefined;
  const hasWeb = root !== undefined && existsSync(resolve(root, 'index.html'));
  if (hasWeb) {
    // A wildcard route rather than one route per file found at start-up: a rebuilt bundle's new file
    // names are served without a restart. Missing files fall through to the handler below.
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      // The build writes a brotli and a gzip copy beside each text file (apps/web/vite.config.ts): the
      // browser gets the smallest it accepts, the file itself when it accepts neither or has no copy.
      preCompressed: true,
      // Vite's assets carry a content hash in their names: cached for good. Everything else (the page
      // itself above all) is revalidated, so a new deployment is picked up at once.
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = /[\\/]assets[\\/]/.test(path);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The body depends on Accept-Encoding: a shared cache must not hand brotli to a browser without it.
        reply.header('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // A missing asset (/assets/x.js, an image, a font) is a real 404; any other path, /x.html included,
    // is left to the client router, which shows its own « page introuvable ».
    const isClientRoute = !/\.(m?js|css|map|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|json|txt)$/i.test(
      request.url.split('?')[0]!,
    );
    if (
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      isClientRoute
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      status: 404,
      error: 'not_found',
      message: `Aucun service à l'adresse ${request.url.split('?')[0]}.`,
    });
  });
});
