import { defineConfig } from 'vitest/config';
import { NODE_FLAGS } from './scripts/node-flags.ts';

// Mutation testing (stryker.config.json, `npm run mutate`) runs the unit tests only: no
// project list, so neither the PostgreSQL globalSetup nor the integration and e2e projects
// start. Left out as well: suites over ../shared/data (the golden-set floors measure rates
// on third-party data that Stryker's sandbox does not see), suites that run normalization
// in worker threads or child processes (the mutant is switched on in this process only),
// and the search-index snapshot, which takes most of the unit run and reaches normalize/
// only through its fixtures.
const alias = [{ find: /^graphql$/, replacement: 'graphql/index.js' }];

export default defineConfig({
  resolve: { alias },
  test: {
    name: 'unit',
    execArgv: [...NODE_FLAGS],
    include: ['test/unit/**/*.test.ts'],
    exclude: [
      'test/unit/normalize/real-samples.test.ts',
      'test/unit/normalize/real-data-quality.test.ts',
      'test/unit/quality/golden-set-floors.test.ts',
      'test/unit/quality/quality-command.test.ts',
      'test/unit/datasets/real-datasets.parse.test.ts',
      'test/unit/ingest/normalize-pool.test.ts',
      'test/unit/search/index-snapshot.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
