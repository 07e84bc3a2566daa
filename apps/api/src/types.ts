/** The Fastify instance every module registers on: Zod schemas type the handlers. */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import type { Caller, SessionUser } from './lib/authorize';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbHandle: DbHandle;
  }
  interface FastifyRequest {
    /** The signed-in caller; set by the auth plugin on every non-public /api route. */
    caller: Caller;
    /** The same signed-in user with the names of GET /api/user/info. */
    session: SessionUser;
  }
  interface FastifyContextConfig {
    /** No bearer needed (token request, password reset). */
    public?: boolean;
    /** Exempt from the XSRF check (calls made before any session exists). */
    noXsrf?: boolean;
    /** Registered from the contract's table of calls (lib/route.ts), not by hand. */
    fromTable?: boolean;
  }
}
