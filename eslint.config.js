// Lint rules for the whole repository: typescript-eslint's recommended set, React hooks on the web,
// and import boundaries (a feature never reaches into another feature's internals; only repositories
// and db/ talk to Drizzle).
import { readFileSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features (apps/web/src/features/*): each is reached from outside only through its index. */
const FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url));

/**
 * Dates and times on the screens are Paris time, whatever the browser's zone (docs/decisions/
 * accessibility-and-screens.md): one module, apps/web/src/lib/dates.ts, reads a zone; elsewhere in the web
 * app (tests aside, which build fixtures) dayjs, Intl.DateTimeFormat and the Date methods that answer in
 * the browser's zone are refused.
 */
const WEB_DATES_MODULE = 'apps/web/src/lib/dates.ts';
const DATES_ONLY_IN_LIB = {
  // The pickers' locale data (dayjs/locale/fr, loaded by app/Providers.tsx) computes nothing.
  regex: '^dayjs(?!/locale/)(/.*)?$',
  message: "Dates and times go through src/lib/dates.ts (Paris time, whatever the browser's zone).",
};
const BROWSER_ZONE_METHODS = [
  'toLocaleString',
  'toLocaleDateString',
  'toLocaleTimeString',
  'getHours',
  'getMinutes',
  'getDate',
  'getDay',
  'getMonth',
  'getFullYear',
  'getYear',
  'getTimezoneOffset',
  'setHours',
  'setDate',
  'setMonth',
  'setFullYear',
].map((property) => ({
  property,
  message: "Answers in the browser's zone: use src/lib/dates.ts (Paris time) or src/lib/format.ts (numbers).",
}));

const withoutDates = (patterns) => patterns.filter((pattern) => pattern !== DATES_ONLY_IN_LIB);

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
  DATES_ONLY_IN_LIB,
  ...extra,
];

/**
 * The API's tables and the module that owns each (docs/decisions/architecture.md, « Reads across
 * modules »): only the owner's files name a table; another module asks the owner's repository, which
 * answers rows or a subquery of its own columns. Every table of `db/schema` must be listed here: a new
 * table without an owner fails the lint.
 */
const TABLES_OF = {
  audit: ['auditLog'],
  auth: ['accessTokens', 'userTokens'],
  backups: ['backups'],
  bookkeeping: ['chequeDepositItems', 'chequeDeposits', 'journalCounters', 'journalEntries', 'journalLines'],
  compta: [
    'accountingAllocations',
    'accountingCreditNotes',
    'accountingLines',
    'accountingOrders',
    'accountingPayments',
    'bankCsvColumns',
    'bankLines',
    'bankReconciliations',
    'bankSettledEntries',
    'bankStatements',
    'accountingReminders',
    'documentCounters',
    'invoiceCardPayments',
    'issuedDocuments',
    'reminderRuns',
    'sepaBatchLines',
    'sepaBatches',
    'sepaMandates',
  ],
  documents: ['appSecrets', 'documentDistributions', 'documentFileChunks', 'documentFiles', 'documents'],
  entities: ['entities', 'memberships'],
  mail: ['emailAttachments', 'emailOutbox'],
  messages: ['messageEntities', 'messageHidden', 'messages'],
  passkeys: ['passkeys', 'webauthnChallenges'],
  'payment-provider': ['paymentTransCounters'],
  portal: ['portalVisits'],
  reservations: ['calendarFeeds', 'closures', 'planningEntries', 'planningYears', 'reservations'],
  restaurant: [
    'cardMovements',
    'cards',
    'dishes',
    'mealOrderLines',
    'mealOrders',
    'meals',
    'tillSessions',
    'topUpDigestRuns',
    'userPayments',
  ],
  'second-factor': ['recoveryCodes', 'secondFactorChallenges', 'secondFactorSettings', 'totpFactors'],
  settings: ['membershipFees', 'rooms', 'unionSettings'],
  'sign-in-attempts': ['signInAttempts'],
  users: ['users'],
};
const SCHEMA_DIR = new URL('./apps/api/src/db/schema/', import.meta.url);
const ownerless = readdirSync(SCHEMA_DIR)
  .flatMap((file) => [
    ...readFileSync(new URL(file, SCHEMA_DIR), 'utf8').matchAll(/export const (\w+) = pgTable/g),
  ])
  .map((match) => match[1])
  .filter((table) => !Object.values(TABLES_OF).flat().includes(table));
if (ownerless.length > 0) {
  throw new Error(
    `eslint.config.js: give each table its owning module in TABLES_OF: ${ownerless.join(', ')}`,
  );
}
const API_MODULES = readdirSync(new URL('./apps/api/src/modules', import.meta.url));

const DRIZZLE_ONLY_IN_REPOSITORIES = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only repositories and db/ query the database.',
};
/** The tables of every module but `module`, refused in its files. */
const tablesOfOthers = (module) => ({
  group: ['**/db/schema', '**/db/schema/*'],
  importNames: Object.entries(TABLES_OF)
    .filter(([owner]) => owner !== module)
    .flatMap(([, tables]) => tables),
  message: "A module reads another module's table through that module's repository (its owner).",
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/test-dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
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
    // Type-aware rules on the TypeScript sources: a promise is awaited (or voided on purpose), a handler
    // given to React or Fastify does not return a promise nobody reads, `await` waits for a thenable and a
    // switch over a union names every case. Each file is typed by the tsconfig.json of its package.
    files: ['packages/contract/**/*.ts', 'apps/api/**/*.ts', 'apps/web/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A `default:` is the author's word that the other cases share one answer.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // Files a reader can hold: no production file over 400 lines (split it by what it holds), no React
    // component over 150 (split it by what it shows). Tests, migrations and the benches are outside.
    files: ['packages/contract/src/**/*.ts', 'apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // Outside the modules (lib/, plugins/, the app), only db/ and the demo data (seed/, which writes its
    // fixed rows with Drizzle beside the services it calls) talk to Drizzle.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/db/**',
      'apps/api/src/seed/**',
      'apps/api/src/modules/**',
      'apps/api/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [DRIZZLE_ONLY_IN_REPOSITORIES] }] },
  },
  // In a module, only its repositories (`repository.ts`, or `<subject>-repository.ts` where one table's
  // callers ask it different things) query the database, and every file names only its own tables.
  ...API_MODULES.flatMap((module) => [
    {
      files: [`apps/api/src/modules/${module}/**/*.ts`],
      ignores: ['**/*repository.ts', '**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [DRIZZLE_ONLY_IN_REPOSITORIES, tablesOfOthers(module)] },
        ],
      },
    },
    {
      files: [`apps/api/src/modules/${module}/**/*repository.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [tablesOfOthers(module)] }] },
    },
  ]),
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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [WEB_DATES_MODULE, '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...BROWSER_ZONE_METHODS,
        {
          object: 'Intl',
          property: 'DateTimeFormat',
          message: 'Dates and times go through src/lib/dates.ts (Paris time).',
        },
      ],
    },
  },
  {
    // The dates module itself, and the tests' fixtures, may use dayjs.
    files: [WEB_DATES_MODULE, 'apps/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: withoutDates(webImportPatterns()) }],
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
  // Inside a feature, a relative path that climbs into a sibling feature must stop at its index too
  // (its tests may use dayjs for their fixtures).
  ...FEATURES.flatMap((feature) => {
    const patterns = webImportPatterns({
      regex: `^(\\.\\./)+(?!${feature}/)(${FEATURES.join('|')})/(?!index$).+`,
      message: 'Import another feature only through its index, never its internals.',
    });
    const files = `apps/web/src/features/${feature}/**/*`;
    return [
      {
        files: [`${files}.{ts,tsx}`],
        ignores: [`${files}.test.{ts,tsx}`],
        rules: { 'no-restricted-imports': ['error', { patterns }] },
      },
      {
        files: [`${files}.test.{ts,tsx}`],
        rules: { 'no-restricted-imports': ['error', { patterns: withoutDates(patterns) }] },
      },
    ];
  }),
);
