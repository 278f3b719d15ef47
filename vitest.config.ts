import { defineConfig } from 'vitest/config';

// graphql 16 must resolve to one module instance, or vitest loads it twice and
// schema checks fail with "another module or realm" (STACK-NOTES).
const alias = [{ find: /^graphql$/, replacement: 'graphql/index.js' }];

export default defineConfig({
  resolve: { alias },
  test: {
    // Integration tests share one database per file; PGlite is single-session and
    // memory-hungry, so two workers match the machines' two cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        resolve: { alias },
        // Inline projects do not inherit the root's timeouts: sized for a busy 2-core machine.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'pglite',
          include: ['test/integration/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'postgres',
          include: ['test/integration/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/helpers/postgres-cluster.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        // A person's view of the page in headless Chromium (Debian's package).
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        // The same page on PostgreSQL: what people deploy.
        test: {
          name: 'e2e-postgres',
          include: ['test/e2e/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/helpers/postgres-cluster.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
