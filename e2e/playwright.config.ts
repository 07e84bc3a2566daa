import { defineConfig } from '@playwright/test';
import { SERVERS, serverUrl } from './servers';

/**
 * End-to-end journeys in Debian's Chromium against the built app, on E2E_SERVERS servers (two by
 * default, servers.ts), each a fresh embedded database with the demo data. One worker per server: the
 * spec files go to whichever worker is free, each file's journeys one after the other, and a worker's
 * pages reach only its own server (fixtures.ts).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: SERVERS,
  retries: 0,
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
