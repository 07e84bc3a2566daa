/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { WEB_STAMP, webBuildInputsHash } from '../../scripts/web-build-stamp.mjs';

// In development the API runs beside Vite: the same-origin paths it serves are proxied to it.
const API_TARGET = process.env.API_URL ?? 'http://localhost:8080';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Records what this bundle was built from (sources and embedded settings) beside it, whoever ran the
 * build: `npm start` compares it to decide whether to rebuild (scripts/build-web-if-needed.mjs).
 */
function buildStamp(): Plugin {
  let inputs = '';
  return {
    name: 'union-build-stamp',
    apply: 'build',
    buildStart() {
      inputs = webBuildInputsHash(ROOT);
    },
    // Beside the bundle it describes: a build into another folder (the bundle test) stamps that folder.
    writeBundle(options) {
      const dir = options.dir ?? dirname(`${ROOT}${WEB_STAMP}`);
      writeFileSync(join(dir, basename(WEB_STAMP)), `${inputs}\n`);
    },
  };
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every text file of the bundle, at the highest levels
 * since it happens once per build; the server sends the one the browser accepts (apps/api/src/plugins/
 * web.ts). A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'union-precompress',
    apply: 'build',
    configResolved(resolved) {
      outDir = resolved.build.outDir.startsWith('/')
        ? resolved.build.outDir
        : join(resolved.root, resolved.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      for (const file of walk(outDir).filter((f) => /\.(js|mjs|css|html|svg|json|txt)$/.test(f))) {
        const content = readFileSync(file);
        const copies = {
          br: brotliCompressSync(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gz: gzipSync(content, { level: 9 }),
        };
        for (const [extension, compressed] of Object.entries(copies)) {
          if (compressed.length < content.length) writeFileSync(`${file}.${extension}`, compressed);
        }
      }
    },
  };
}

/**
 * One file, `after-sign-in`, for these modules and what they import: the screens signing in leads to
 * (src/app/App.tsx has the login page fetch them ahead, which brings the whole file), and the queries a
 * route asks for beside its page's code (a route `loader`), which must then not wait for a download of
 * their own: the administration's user list (src/features/admin/routes.tsx).
 */
const AFTER_SIGN_IN = [
  'src/app/layout/AppLayout.tsx',
  'src/app/portal/PortalPage.tsx',
  'src/lib/sign-in-schemas.ts',
  'src/features/admin/api/users.ts',
];

/**
 * The web tests run in New York, not Paris: every date the screens show is Paris time (src/lib/dates.ts),
 * and a screen that read the browser's zone would show 20:05 for 02:05 here and fail. Set before Vitest
 * starts its workers, which share the process's zone.
 */
const TEST_TIME_ZONE = 'America/New_York';
if (process.env.VITEST) process.env.TZ = TEST_TIME_ZONE;

const config = {
  plugins: [react(), buildStamp(), precompress()],
  // The build sees the server's OAUTH_CLIENT_ID / OAUTH_CLIENT_SECRET: one set of variables for both, so
  // a production server that refuses the default secret is never paired with a web app that sends it.
  envPrefix: ['VITE_', 'OAUTH_CLIENT_'],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/oauth': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The strict CSP (script-src 'self') forbids inline scripts: keep every asset a separate file.
    assetsInlineLimit: 0,
    // The login page is one file on purpose (fewer round trips on a first visit); its weight is held by
    // the 200 KB gzipped budget of test/bundle.test.ts, not by Vite's 500 KB warning on the raw size.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'first-load', tags: ['$initial'], priority: 2 },
            // Everything the login page needs in one file (its budget is checked on the total), and what
            // signing in leads to in another, instead of about forty small files each.
            { name: 'after-sign-in', test: (id) => AFTER_SIGN_IN.some((m) => id.endsWith(m)), priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    env: { TZ: TEST_TIME_ZONE },
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    css: false,
    // Typing with user-event through jsdom takes seconds on a busy 2-core machine: 5 s (the default)
    // failed on a shared one without any fault of the screen's, and `npm test` runs this suite beside
    // the API's. A limit only delays a failure: a passing test takes no longer for it.
    testTimeout: 30_000,
    // Two files at a time: Vitest's default on two cores is one (the number of cores minus one), which
    // left a core idle for the whole suite. Each file renders in its own jsdom and fake fetch.
    maxWorkers: 2,
    // Each file runs in a fresh VM context of a long-lived thread: as isolated as a process per file
    // (its own globals, jsdom, Mantine's portal and stores), but the libraries are not loaded and
    // compiled again for every file: 166 s → 98 s for the suite, 320 → 189 s of processor. (Sharing
    // one registry between files instead, as the API suite does, leaves Mantine's shared portal bound
    // to the previous file's document.) The VM contexts' memory is given back by recycling a worker
    // past Vitest's default limit.
    pool: 'vmThreads',
    // Recharts' CommonJS build (what Node picks for @mantine/charts) require()s Redux Toolkit's ES module,
    // which the test threads' loader refuses: the tests load its ES build through Vite's transform.
    alias: [{ find: /^recharts$/, replacement: 'recharts/es6/index.js' }],
    server: { deps: { inline: ['@mantine/charts', 'recharts'] } },
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is always the production build: the app's own default NODE_ENV=development (and any shell
  // that exported it) would otherwise make Vite ship React's development build (jsx-dev-runtime, no
  // minified React). Vite reads NODE_ENV after loading this file, so setting it here decides the build.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
