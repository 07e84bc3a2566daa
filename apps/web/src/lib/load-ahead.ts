/**
 * Work started before the screen that needs it (issue 18, « The first visit »).
 *
 * - Code: the login page loads only what it shows (its 200 KB budget); what signing in leads to (the
 *   authenticated frame, the portal, the schemas the sign-in answers are checked with) is fetched while
 *   the form is being filled, once the browser is idle, so that signing in waits for the token and the
 *   user info and for no download. The app says what those screens are (app/App.tsx); lib cannot import
 *   app/.
 * - Data: a route may ask for its page's data while the page's code is still on its way (a `loader` runs
 *   beside a `lazy` route's import), through the app's query client registered here; the page's own
 *   query then finds the answer in the cache, or in flight.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

let loadSignedInScreens: (() => Promise<unknown>) | null = null;
let started = false;

/** The app registers what the first screens after sign-in import (the same imports as their routes). */
export function registerSignedInScreens(load: () => Promise<unknown>): void {
  loadSignedInScreens = load;
  started = false;
}

/** Starts fetching the screens that follow sign-in, once; a failed download is retried at the next call. */
export function loadSignedInScreensAhead(): void {
  if (started || !loadSignedInScreens) return;
  started = true;
  loadSignedInScreens().catch(() => {
    // The routes import the same modules again when they are needed, and report a failure then.
    started = false;
  });
}

interface IdleWindow {
  requestIdleCallback?: (task: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/**
 * Runs a task when the browser has nothing else to do (at the latest after `timeout` ms), so that it
 * never delays the screen being shown; returns the cancel function an effect's clean-up calls.
 */
export function whenIdle(task: () => void, timeout = 300): () => void {
  const idle = window as unknown as IdleWindow;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(task, { timeout });
    return () => idle.cancelIdleCallback!(handle);
  }
  // Safari has no requestIdleCallback: after the first paint is close enough.
  const handle = window.setTimeout(task, 50);
  return () => window.clearTimeout(handle);
}

let queryClient: QueryClient | null = null;

/** The app's query client (app/App.tsx); none in tests that render a screen with a client of their own. */
export function registerQueryClient(client: QueryClient | null): void {
  queryClient = client;
}

/** Asks for a query's data ahead of the page that reads it (nothing when no client is registered). */
export function prefetchQuery<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): void {
  void queryClient?.prefetchQuery(options);
}
