/**
 * The journeys' servers: E2E_SERVERS of them (two by default, one per Playwright worker), on E2E_PORT and
 * the ports after it, each on a fresh data directory with the demo data (playwright.config.ts starts
 * them). Each worker talks to its own (fixtures.ts), so two journeys running at the same time never share
 * a database. Which files a server has seen before a given one changes from run to run: a journey counts
 * only on the demo data and on what it does itself, never on what another left behind or did not yet do.
 */
export const SERVERS = Number(process.env.E2E_SERVERS ?? 2);
const PORT = Number(process.env.E2E_PORT ?? 8180);

/** The address of the server of worker `index`; `localhost` where a secure context is needed (WebAuthn). */
export const serverUrl = (index: number, host: '127.0.0.1' | 'localhost' = '127.0.0.1') =>
  `http://${host}:${PORT + index}`;
