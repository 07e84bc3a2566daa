/**
 * Registers a route from its call in the contract's table (`CALLS` of packages/contract/src/calls): the
 * method, the path and the schemas come from the call, so the handler's `request.params`, `query`, `body`
 * and its return type are those of the call, and the OpenAPI document is written from the same schemas.
 * A route only adds what the client never sees: its documentation tags, its `config`, its hooks.
 */
import type { Call } from '@union/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { App } from '../types';

type Present<T> = T extends z.ZodType ? T : undefined;

/** The Fastify schema of a call, as a type: what types the handler through the Zod type provider. */
export interface CallSchema<C extends Call> extends FastifySchema {
  params: Present<C['params']>;
  querystring: Present<C['query']>;
  body: Present<C['body']>;
  response: C['responses'] extends object ? C['responses'] : undefined;
}

export type CallHandler<C extends Call> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  CallSchema<C>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** The OpenAPI document's words for a route, which the call leaves to the server. */
export interface RouteDocs {
  tags?: string[];
  summary?: string;
  description?: string;
  consumes?: string[];
  produces?: string[];
  /** `[]` for a public route. */
  security?: Array<Record<string, string[]>>;
  /** Left out of the document (a route outside the API, like the metrics). */
  hide?: boolean;
}

/** What a route adds to its call: its documentation, its `config` (public, noXsrf), its hooks. */
export type RouteExtras<C extends Call> = RouteDocs &
  Omit<
    RouteShorthandOptions<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteGenericInterface,
      ContextConfigDefault,
      CallSchema<C>,
      ZodTypeProvider,
      FastifyBaseLogger
    >,
    'schema'
  >;

const DOC_KEYS = ['tags', 'summary', 'description', 'consumes', 'produces', 'security', 'hide'] as const;

/** The Fastify schema of a call, with only the keys it has (an absent one stays absent in the document). */
function schemaOf(call: Call, docs: RouteDocs): FastifySchema {
  const schema: Record<string, unknown> = {};
  for (const key of DOC_KEYS) if (docs[key] !== undefined) schema[key] = docs[key];
  if (call.params) schema.params = call.params;
  if (call.query) schema.querystring = call.query;
  if (call.body) schema.body = call.body;
  if (call.responses) schema.response = call.responses;
  return schema;
}

/** Registers `call` on `app` with its handler; see the module comment. */
export function route<C extends Call>(
  app: App,
  call: C,
  extras: RouteExtras<C>,
  handler: CallHandler<C>,
): void {
  const docs: RouteDocs = {};
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extras)) {
    if ((DOC_KEYS as readonly string[]).includes(key)) (docs as Record<string, unknown>)[key] = value;
    else options[key] = value;
  }
  app.route({
    ...options,
    config: { ...(options.config as object | undefined), fromTable: true },
    method: call.method,
    url: call.path,
    schema: schemaOf(call, docs),
    handler,
  } as unknown as RouteOptions);
}
