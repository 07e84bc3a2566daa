/**
 * Test helpers: a signed-in session, a fake fetch answering by method and path, and the whole app rendered
 * at a path with the real providers and route tree.
 */
import { render } from '@testing-library/react';
import type { Habilitation } from '@union/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { Providers } from '../src/app/Providers';
import { createQueryClient } from '../src/app/query-client';
import { buildRoutes } from '../src/app/router';
import { describeIssues, type SyncSchema } from '../src/lib/api-client';
import { registerQueryClient } from '../src/lib/load-ahead';
import { setUserInfo, startSession } from '../src/lib/session';
// The authenticated frame is a lazy route (a smaller first load in the browser). Loaded here with the
// helpers, so that the first test of each file does not spend its time budget transforming it.
import '../src/app/layout/AppLayout';
import '../src/app/portal/PortalPage';

export function signInAs(habilitations: Habilitation[], { expiresInSeconds = 3600 } = {}) {
  startSession('test-token', expiresInSeconds);
  setUserInfo({ habilitations, id: 7, nom: 'Membre', prenom: 'Marie' });
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A fixture that matches the contract: only {@link reply} (or the helpers below, for answers no schema reads) makes one. */
export interface Reply {
  readonly status: number;
  /** Sent as JSON, or as it is when it is a file's content ({@link download}). */
  readonly body: unknown;
  readonly raw?: true;
  readonly checked: true;
}

/**
 * A successful answer declared with the contract's response schema: the body must have the schema's type
 * (a fixture that departs from the contract fails `npm run typecheck`), and it is parsed when the fixture is
 * made, so what the type cannot say (a refinement, a format) fails the test here, with the route and the
 * departures in the message, instead of feeding the screen a shape the server can no longer send.
 */
export function reply<T>(schema: SyncSchema<T>, body: NoInfer<T>, { status = 200 } = {}): Reply {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`Fixture hors contrat : ${describeIssues(parsed.error.issues)}\n${JSON.stringify(body)}`);
  }
  return { status, body, checked: true };
}

/** An answer with no body (204 by default), or one whose body the client does not read. */
export function noContent(status = 204): Reply {
  return { status, body: undefined, checked: true };
}

/** A refusal carrying the server's error body (its shape is the contract's ErrorBody, not a route's). */
export function failure(status: number, body: object = {}): Reply {
  return { status, body, checked: true };
}

/** A file the screen downloads (a workbook, a PDF): bytes, not JSON, so no schema reads them. */
export function download(content: string): Reply {
  return { status: 200, body: content, raw: true, checked: true };
}

type Handler = (call: RecordedCall) => Reply | 'network-error';

/**
 * Replaces fetch: every answer is a {@link reply} (contract-typed and checked), {@link noContent},
 * {@link failure}, {@link download} or 'network-error'; there is no untyped answer. Handlers are keyed
 * "METHOD /path" (the path as the client sends it, query included); unknown calls answer 404. A reply made
 * inside a handler that does not match the contract would otherwise look like a network failure to the
 * client: it is kept and fails the test when it ends.
 */
export function mockApi(handlers: Record<string, Reply | 'network-error' | Handler>): RecordedCall[] {
  const errors: unknown[] = [];
  onTestFinished(() => {
    if (errors.length > 0) throw errors[0];
  });
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: RecordedCall = {
        method: init.method ?? 'GET',
        path: input,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body === undefined ? undefined : String(init.body),
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.path}`];
      let answer: Reply | 'network-error';
      try {
        answer = typeof handler === 'function' ? handler(call) : (handler ?? failure(404));
      } catch (error) {
        errors.push(error);
        throw error;
      }
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      const text =
        answer.body === undefined ? '' : answer.raw ? String(answer.body) : JSON.stringify(answer.body);
      return new Response(answer.status === 204 ? null : text, { status: answer.status });
    }),
  );
  return calls;
}

/**
 * Renders the whole application at `path`; returns the router to read the current location. As in
 * app/App.tsx, the query client is the one the routes' loaders ask for data ahead with.
 */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  registerQueryClient(queryClient);
  onTestFinished(() => registerQueryClient(null));
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}

/** A day's button in the date field's calendar (`components/DateField.tsx`) is named « 29 novembre 2026 ». */
export const calendarName = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
