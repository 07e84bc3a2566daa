/**
 * The journeys' servers: E2E_SERVERS of them (one by default), on E2E_PORT and the ports after it, each
 * on a fresh data directory with the demo data (playwright.config.ts starts them). Each Playwright
 * worker talks to its own (fixtures.ts), so two journeys running at the same time never share a database.
 * Not two by default: on two servers a spec file runs after a different set of others, and the axe walk
 * of the intranet then met an invoice the lodge's card journey had paid (it clicks the first invoice of
 * the list before the « En retard » filter has replaced it).
 */
export const SERVERS = Number(process.env.E2E_SERVERS ?? 1);
const PORT = Number(process.env.E2E_PORT ?? 8180);

/** The address of the server of worker `index`; `localhost` where a secure context is needed (WebAuthn). */
export const serverUrl = (index: number, host: '127.0.0.1' | 'localhost' = '127.0.0.1') =>
  `http://${host}:${PORT + index}`;
