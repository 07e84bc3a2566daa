/** The bearer token of a request: read by the auth plugin and by the routes that handle a token themselves. */
import type { FastifyRequest } from 'fastify';

/** The token of an `Authorization: Bearer …` header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}
