import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/db/orm.ts';
import { SearchIndexRepository } from '../../src/db/repositories/search-index.repository.ts';
import { LiveSearchIndex, type LiveIndexOptions } from '../../src/search/live-index.ts';
import { createServices, type ServiceOverrides, type Services } from '../../src/services.ts';

/** Which real database this run uses: the vitest project sets TEST_DB. */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

async function createDatabase(): Promise<string> {
  const baseUrl = inject('postgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Real services on a fresh, migrated database: PGlite in memory, or a new database
 * in the throwaway PostgreSQL cluster. One per test file (PGlite costs ~0.5 GB).
 */
/**
 * Environment naming a fresh database: a new PostgreSQL database, or a PGlite
 * directory when `dir` is given (memory otherwise). Child processes get the same.
 */
export async function createTestDatabaseEnv(dir?: string): Promise<Record<string, string>> {
  return TEST_DB === 'postgres'
    ? { DATABASE_URL: await createDatabase() }
    : { PGLITE_DIR: dir ?? 'memory://' };
}

export async function createTestServices(
  overrides: ServiceOverrides = {},
  env: Record<string, string> = {},
): Promise<Services> {
  const database = env.DATABASE_URL || env.PGLITE_DIR ? {} : await createTestDatabaseEnv();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    INGEST_POLLER: 'false',
    ...database,
    ...env,
  });
  const services = await createServices(config, { logger: pino({ level: 'silent' }), ...overrides });
  await migrate(services.orm);
  // Searches go through the search index as in a server (SEARCH_INDEX=false: SQL only).
  services.search.index?.start();
  await services.search.index?.ready();
  return services;
}

/**
 * A search index of its own over these services' database, reading the change log only
 * when a test calls sync() (no poll within a test's time, no NOTIFY); `start()` is the test's.
 */
export function standaloneIndex(
  services: Services,
  {
    repository = new SearchIndexRepository(),
    ...options
  }: Partial<LiveIndexOptions> & {
    repository?: SearchIndexRepository;
  } = {},
): LiveSearchIndex {
  return new LiveSearchIndex(services.orm, repository, {
    logger: services.logger,
    clock: services.clock,
    pollMs: 60_000,
    maxDelta: 10_000,
    retentionMs: 3_600_000,
    ...options,
  });
}
