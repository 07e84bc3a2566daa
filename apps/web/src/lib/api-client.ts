/**
 * The one way the web talks to the API (specification §7): bearer token on every call but the public
 * ones, the XSRF cookie echoed on mutating calls, and failures turned into {@link ApiError}.
 */
import type { Call, CallAnswer, CallInput, ErrorBody, PathQuery } from '@union/contract';
import { API, pathTo, successSchemaOf } from '@union/contract';
import { XSRF_COOKIE, XSRF_HEADER } from './config';
import { getAccessToken } from './session';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A failed call. `status` 0 means the server could not be reached at all. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> & { error?: string },
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The OAuth refusal of a sign-in, which the login form reports itself (specification §8). */
  get isInvalidGrant(): boolean {
    return this.status === 400 && this.body.error === 'invalid_grant';
  }

  /** The password was right; a second factor (or its enrolment) comes next (issue 22). */
  get isSecondFactorAsked(): boolean {
    return (
      this.status === 400 &&
      (this.body.error === 'mfa_required' || this.body.error === 'mfa_enrolment_required')
    );
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, unless it is already a URLSearchParams or FormData. */
  body?: unknown;
  /** false for the calls that carry no bearer token (token request, password reset). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };

/** A contract schema as the client uses it (a Zod schema fits): a parse that says what is wrong. */
export interface SyncSchema<T> {
  safeParse(value: unknown): ParseResult<T>;
}

/** What the client needs of a schema: a parse, now or once the schema is loaded ({@link lazySchema}). */
export interface ResponseSchema<T> {
  safeParse(value: unknown): ParseResult<T> | Promise<ParseResult<T>>;
}

/**
 * A schema loaded when the first answer comes: the login page's calls use it, so that the validation
 * library is not part of the page's first load (lib/sign-in-schemas.ts).
 */
export function lazySchema<T>(load: () => Promise<SyncSchema<T>>): ResponseSchema<T> {
  return { safeParse: async (value) => (await load()).safeParse(value) };
}

/** The options of a JSON call: with `schema`, the answer is checked against the contract before use. */
export interface JsonRequestOptions<T> extends RequestOptions {
  schema?: ResponseSchema<T>;
}

/** Says where an answer departs from the contract, path by path, for the console and the test output. */
export function describeIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(racine)'} : ${issue.message}`)
    .join(' ; ');
}

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

/**
 * The server sets the XSRF cookie on any response; the page's own load normally did it already. When it is
 * missing (the dev server served the page, the cookie was cleared), one harmless GET obtains it first. Public
 * calls (token request, password reset) are exempt on the server, so they never wait for it.
 */
export async function xsrfToken(bearer: string | undefined): Promise<string | null> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing || !bearer) return existing;
  await fetch(API.settings.droits, { headers: { Authorization: bearer }, credentials: 'same-origin' }).catch(
    () => undefined,
  );
  return readCookie(XSRF_COOKIE);
}

/**
 * Sends a call with the bearer token and the XSRF header, and returns the successful response as is; a
 * failure becomes an {@link ApiError} carrying the server's error body. Used for JSON and for files.
 */
export async function sendRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };

  if (options.auth !== false) {
    const token = getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  if (MUTATING_METHODS.has(method)) {
    const xsrf = await xsrfToken(headers.Authorization);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }

  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams || options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { message: 'Le serveur ne répond pas.' });
  }
  if (!response.ok) throw new ApiError(response.status, (await parseBody(response)) ?? {});
  return response;
}

async function parseBody(response: Response): Promise<ErrorBody | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ErrorBody;
  } catch {
    return { status: response.status, error: 'unreadable', message: text };
  }
}

/**
 * Calls the API and returns the parsed JSON. With a schema the answer is parsed in every environment,
 * production included: an answer that departs from the contract becomes an ApiError with a French message
 * that the screen shows like any failure (never a screen that breaks later on a missing field), and the
 * departures go to the console. Without one (a call whose answer is not used), the body is discarded.
 */
async function apiRequest<T>(path: string, options: JsonRequestOptions<T> = {}): Promise<T | undefined> {
  const { schema, ...rest } = options;
  const response = await sendRequest(path, rest);
  const body = await parseBody(response);
  if (!schema) return undefined;
  return parseAnswer(path, response.status, body, schema);
}

/**
 * Parses an answer with its contract schema (the api client and the uploads share it). An answer that
 * departs from the contract logs where, and becomes the ApiError the screens show like any failure.
 */
export async function parseAnswer<T>(
  path: string,
  status: number,
  body: unknown,
  schema: ResponseSchema<T>,
): Promise<T> {
  const parsed = await schema.safeParse(body);
  if (parsed.success) return parsed.data;
  console.error(`Réponse de ${path} hors contrat : ${describeIssues(parsed.error.issues)}`);
  throw new ApiError(status, {
    error: 'unexpected_response',
    message: 'La réponse du serveur est inattendue ; rechargez la page ou prévenez un administrateur.',
  });
}

/** The options of a call whose answer is used: the contract's schema is required (issue 18). */
export type ReadOptions<T> = Omit<JsonRequestOptions<T>, 'method' | 'body' | 'schema'> & {
  schema: ResponseSchema<T>;
};
type SendOptions = Omit<RequestOptions, 'method' | 'body'>;

/**
 * Every answer the screens read is parsed with its contract schema: there is no way to read one unchecked
 * (no `api.get<T>` cast), so a contract change fails the web's typecheck or its tests, never a screen in
 * use. A call given no schema resolves to nothing.
 */
function sender(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE') {
  function send(path: string, body?: unknown, options?: SendOptions): Promise<void>;
  function send<T>(path: string, body: unknown, options: ReadOptions<T>): Promise<T>;
  async function send<T>(path: string, body?: unknown, options: SendOptions | ReadOptions<T> = {}) {
    return apiRequest<T>(path, { ...options, method, body });
  }
  return send;
}

/** What a call takes beside its parameters, query and body: no bearer (public calls), headers, a signal. */
export type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** A call that needs no input may be made with none: `api.call(MESSAGE_CALLS.all)`. */
type CallArguments<C extends Call> =
  object extends CallInput<C> ? [input?: CallInput<C> & CallOptions] : [input: CallInput<C> & CallOptions];

/**
 * Makes a call of the contract's table (`CALLS`, packages/contract/src/calls): its method and path come
 * from the call, its parameters, query and body are typed by the call's schemas, and the answer is parsed
 * with the call's success schema (none for a 204). A change to the call fails the typecheck here as on the
 * server.
 */
async function call<C extends Call>(target: C, ...[input]: CallArguments<C>): Promise<CallAnswer<C>> {
  const { params, query, body, ...options } = (input ?? {}) as CallInput<Call> & CallOptions;
  const path = pathTo(target.path, params ?? {}, query as PathQuery | undefined);
  const schema = successSchemaOf(target);
  return (await apiRequest(path, { ...options, method: target.method, body, schema })) as CallAnswer<C>;
}

/**
 * A call of the table made without importing the table: the login page's calls, whose first load carries
 * no validation library (lib/sign-in-schemas.ts). `C` is the call's type (`typeof AUTH_CALLS.userInfo`,
 * imported as a type only), `target` its method and path, which must be the call's; the answer's schema
 * is given as a {@link lazySchema} of the same type, or left out for a call that answers nothing.
 */
async function lazyCall<C extends Call>(
  target: Pick<C, 'method' | 'path'>,
  schema: ResponseSchema<CallAnswer<C>> | undefined,
  ...[input]: CallArguments<C>
): Promise<CallAnswer<C>> {
  const { params, query, body, ...options } = (input ?? {}) as CallInput<Call> & CallOptions;
  const path = pathTo(target.path as string, params ?? {}, query as PathQuery | undefined);
  return (await apiRequest(path, { ...options, method: target.method, body, schema })) as CallAnswer<C>;
}

export const api = {
  call,
  lazyCall,
  get: async <T>(path: string, options: ReadOptions<T>): Promise<T> =>
    (await apiRequest<T>(path, options)) as T,
  post: sender('POST'),
  put: sender('PUT'),
  patch: sender('PATCH'),
  /** DELETE carries no body: `api.delete(path)` or `api.delete(path, undefined, { schema })`. */
  delete: sender('DELETE'),
};
