/** The Fastify instance every module registers on: Zod schemas type the handlers. */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import type { Caller, SessionUser } from './lib/authorize';
import type { RequestContext } from './lib/context';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What a route reads of the signed-in call: set by plugins/auth.ts and plugins/context.ts on every route
 * but the public ones (`config: { public: true }`), where it stays unset and so is typed `undefined`:
 * a public route handing `request.ctx` to a service does not compile. Hooks, which run for every route,
 * see the signed-in type and check it themselves.
 */
type SignedIn<ContextConfig, T> = ContextConfig extends { public: boolean } ? undefined : T;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbHandle: DbHandle;
  }
  // The parameters repeat Fastify's own, as a merged declaration must: `ContextConfig` is the type of the
  // route's `config`, so a route that declares `public` reads its signed-in call as `undefined`.
  /* eslint-disable @typescript-eslint/no-unused-vars -- the merged declaration repeats them all. */
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<
      TypeProvider,
      SchemaCompiler,
      RouteGeneric
    >,
  > {
    /** The signed-in caller; set by the auth plugin on every non-public /api route. */
    caller: SignedIn<ContextConfig, Caller>;
    /** The same signed-in user with the names of GET /api/user/info. */
    session: SignedIn<ContextConfig, SessionUser>;
    /** The request context every service receives (plugins/context.ts). */
    ctx: SignedIn<ContextConfig, RequestContext>;
  }
  /* eslint-enable @typescript-eslint/no-unused-vars */
  interface FastifyContextConfig {
    /** No bearer needed (token request, password reset). */
    public?: boolean;
    /** Exempt from the XSRF check (calls made before any session exists). */
    noXsrf?: boolean;
    /** Registered from the contract's table of calls (lib/route.ts), not by hand. */
    fromTable?: boolean;
  }
}
