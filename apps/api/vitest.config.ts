import { defineConfig } from 'vitest/config';

// The API suite runs on PGlite by default and on PostgreSQL with TEST_DB=postgres (TEST_DATABASE_URL).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two workers keep the two cores busy without starving them.
    maxWorkers: 2,
  },
});
