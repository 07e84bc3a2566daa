/**
 * Test helpers: a signed-in session, a fake fetch answering by method and path, and the whole app rendered
 * at a path with the real providers and route tree.
 */
import { render } from '@testing-library/react';
import type { Habilitation } from '@union/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../src/app/Providers';
import { createQueryClient } from '../src/app/query-client';
import { buildRoutes } from '../src/app/router';
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

type Answer = { status?: number; body?: unknown } | 'network-error';
type Handler = (call: RecordedCall) => Answer;

/** Replaces fetch: `handlers` are keyed "METHOD /path"; unknown calls answer 404. Returns the calls made. */
export function mockFetch(handlers: Record<string, Answer | Handler>): RecordedCall[] {
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
      const answer = typeof handler === 'function' ? handler(call) : (handler ?? { status: 404, body: {} });
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      const status = answer.status ?? 200;
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
      return new Response(status === 204 ? null : text, { status });
    }),
  );
  return calls;
}

/** Renders the whole application at `path`; returns the router to read the current location. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}
