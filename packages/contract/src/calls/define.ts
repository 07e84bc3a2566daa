/**
 * One contract for a call, on both sides: its method, its path (a pattern of {@link API}), and the schemas
 * of its parameters, query string, body and answers. The server registers the route from it
 * (apps/api/src/lib/route.ts) and the web calls it through it (apps/web/src/lib/api-client.ts `api.call`),
 * so changing a schema here fails the typecheck of whichever side no longer agrees.
 */
import type { z } from 'zod';
import type { PathParams, PathQuery } from '../routes';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answers of a call by status; the success one (200, 201 or 204) is what the client reads. */
export type CallResponses = { readonly [status: number]: z.ZodType };

export interface Call {
  readonly method: CallMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Absent for a call that answers nothing to read (a 204 sent without a schema, a file). */
  readonly responses?: CallResponses;
}

/** Declares a call, keeping every schema's exact type (the `const` parameter keeps the literals). */
export function defineCall<const C extends Call>(call: C): C {
  return call;
}

/** The schema of the answer the client reads: the 200's, else the 201's (a 204 carries nothing). */
export type SuccessSchema<C extends Call> = C['responses'] extends infer R
  ? R extends CallResponses
    ? 200 extends keyof R
      ? R[200]
      : 201 extends keyof R
        ? R[201]
        : undefined
    : undefined
  : undefined;

/** What the client gets from a call: the parsed success answer, or nothing. */
export type CallAnswer<C extends Call> =
  SuccessSchema<C> extends z.ZodType ? z.output<SuccessSchema<C>> : void;

/** The success schema at run time, matching {@link SuccessSchema}. */
export function successSchemaOf(call: Call): z.ZodType | undefined {
  return call.responses?.[200] ?? call.responses?.[201];
}

/** A query string or a body: required when its schema requires something, else optional. */
type Part<K extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : undefined extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> }
  : { [P in K]?: undefined };

/**
 * A query string: its keys are the schema's, its values any text, number or flag (they travel as text
 * anyway, and the server's schema checks them, answering 412).
 */
type QueryPart<S> = S extends z.ZodType
  ? { query?: { [K in keyof z.input<S>]?: PathQuery[string] } }
  : { query?: undefined };

/** What the client gives a call: the path's parameters, the query string and the body its schemas ask for. */
export type CallInput<C extends Call> = (C['path'] extends `${string}:${string}`
  ? { params: PathParams<C['path']> }
  : { params?: undefined }) &
  QueryPart<C['query']> &
  Part<'body', C['body']>;

/** A group of calls, as `API` groups the paths: by the module that serves them. */
export type CallGroup = Readonly<Record<string, Call>>;
