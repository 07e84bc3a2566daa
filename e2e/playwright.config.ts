import { readdirSync, statSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium against the built app on a fresh embedded database with
 * the demo data. One server by default; with E2E_SERVERS=2, two servers, each on its own data directory
 * (E2E_PORT and the port after it), and one project per server: each project's journeys run one at a
 * time against its own server, and the projects run side by side. No journey then shares a database
 * with a journey running at the same time (the second factor's rule, the passkeys of a demo account).
 * Not the default: beside another browser on a loaded 2-core machine a journey ran out of its time.
 */
const PORT = Number(process.env.E2E_PORT ?? 8180);
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

/**
 * The journeys split in two halves of about the same length (the larger files first, each to the
 * lighter half), so that a new spec file lands in one of them without being listed anywhere. A
 * project's files run in the order of their names, as before.
 */
const SERVERS = Number(process.env.E2E_SERVERS ?? 1);
const SPECS = readdirSync(import.meta.dirname).filter((file) => file.endsWith('.spec.ts'));
const halves: { files: string[]; size: number }[] = Array.from({ length: SERVERS }, () => ({
  files: [],
  size: 0,
}));
for (const { file, size } of SPECS.map((f) => ({
  file: f,
  size: statSync(`${import.meta.dirname}/${f}`).size,
})).sort((a, b) => b.size - a.size || a.file.localeCompare(b.file))) {
  const lighter = halves.reduce((a, b) => (b.size < a.size ? b : a));
  lighter.files.push(file);
  lighter.size += size;
}
const escape = (file: string) => file.replace(/[.]/g, '\\.');
const matching = (files: string[]) => new RegExp(`(^|/)(${files.map(escape).join('|')})$`);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: SERVERS,
  retries: 0,
  timeout: 60_000,
  // `npm test` runs the journeys beside the API suite (scripts/parallel.mjs): an expectation gets 15 s to
  // come true on a busy 2-core machine. It returns as soon as it holds; the limit only delays a failure.
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
  projects: halves.map((half, i) => ({
    name: `serveur-${i + 1}`,
    testMatch: matching(half.files),
    // One journey at a time per server: the journeys of a project share its database.
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${PORT + i}` },
  })),
  webServer: halves.map((_, i) => ({
    // A brand-new data directory each run: migrations and demo data are part of what is tested.
    command: `node ../scripts/e2e-server.mjs`,
    env: { PORT: String(PORT + i) },
    url: `http://127.0.0.1:${PORT + i}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
