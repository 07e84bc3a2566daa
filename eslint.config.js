// Lint rules for the whole repository: typescript-eslint's recommended set, React hooks on the web,
// and import boundaries (a feature never reaches into another feature's internals; only repositories
// and db/ talk to Drizzle).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features (apps/web/src/features/*): each is reached from outside only through its index. */
const FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url));

/** Import patterns refused everywhere in the web app, plus the feature-specific one. */
const webImportPatterns = (...extra) => [
  {
    // The app's frame also plugs in each feature's routes.tsx (dependency-cruiser checks the same).
    regex: '^(\\.\\./)+features/[^/]+/(?!index$|routes$).+',
    message: 'Import another feature only through its index (the app: or its routes), never its internals.',
  },
  {
    group: ['drizzle-orm', 'pg', '@electric-sql/*'],
    message: 'The web app talks to the API, not the database.',
  },
  ...extra,
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    // The demo data (seed/) writes its fixed rows with Drizzle, beside the services it calls.
    ignores: [
      'apps/api/src/db/**',
      'apps/api/src/seed/**',
      'apps/api/src/**/repository.ts',
      'apps/api/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only repositories and db/ query the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: webImportPatterns() }],
    },
  },
  {
    // A journey's pages go to its worker's own server only through the journeys' `test` (e2e/fixtures.ts).
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Import test and expect from './fixtures': each worker talks to its own server.",
            },
          ],
        },
      ],
    },
  },
  // Inside a feature, a relative path that climbs into a sibling feature must stop at its index too.
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: webImportPatterns({
            regex: `^(\\.\\./)+(?!${feature}/)(${FEATURES.join('|')})/(?!index$).+`,
            message: 'Import another feature only through its index, never its internals.',
          }),
        },
      ],
    },
  })),
);
