/**
 * The one way the web talks to the API (specification §7): bearer token on every call but the public
 * ones, the XSRF cookie echoed on mutating calls, and failures turned into {@link ApiError}.
 */
import type { ErrorBody } from '@union/contract';
import { API } from '@union/contract';
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

/** Calls the API and returns the parsed JSON (undefined for an empty answer such as 204). */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await sendRequest(path, options);
  return (await parseBody(response)) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
