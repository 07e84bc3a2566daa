import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { SERVERS, serverUrl } from './servers';

/**
 * End-to-end journeys in Debian's Chromium against the built app, on E2E_SERVERS servers (two by
 * default, servers.ts), each a fresh embedded database with the demo data. One worker per server: the
 * spec files go to whichever worker is free, each file's journeys one after the other, and a worker's
 * pages reach only its own server (fixtures.ts).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: SERVERS,
  // A journey failed on a busy moment of the shared machine runs once more; one that passes only then
  // is listed « flaky » in the output, to be fixed (docs/decisions/testing.md).
  retries: 1,
  timeout: 60_000,
  // Two journeys, two browsers and two servers share the CI's two cores: an expectation gets 15 s to come
  // true on a busy machine. It returns as soon as it holds; the limit only delays a failure.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: Array.from({ length: SERVERS }, (_, i) => ({
    // A brand-new data directory each run: migrations and demo data are part of what is tested.
    command: `node ../scripts/e2e-server.mjs`,
    env: { PORT: new URL(serverUrl(i)).port },
    url: `${serverUrl(i)}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
