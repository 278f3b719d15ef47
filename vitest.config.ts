import { defineConfig } from 'vitest/config';
import { NODE_FLAGS } from './scripts/node-flags.ts';

// graphql 16 must resolve to one module instance, or vitest loads it twice and
// schema checks fail with "another module or realm" (STACK-NOTES).
const alias = [{ find: /^graphql$/, replacement: 'graphql/index.js' }];
// Test workers run PGlite: the V8 flags that keep it from aborting the process (scripts/node-flags.ts).
const execArgv = [...NODE_FLAGS];

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
          execArgv,
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'pglite',
          execArgv,
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
          execArgv,
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
          execArgv,
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
          execArgv,
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
