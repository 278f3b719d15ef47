import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../scripts/pg-cluster.ts';

/**
 * Vitest global setup for the `postgres` project: starts a throwaway PostgreSQL 15
 * cluster (as user postgres, which initdb requires) on a free loopback port, hands
 * its URL to the tests, and removes it afterwards. TEST_DATABASE_URL skips all of
 * that and uses a server you already run.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export {
  startThrowawayPostgres as startCluster,
  type ThrowawayPostgres as Cluster,
} from '../../scripts/pg-cluster.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return () => undefined;
  }
  const cluster = await startThrowawayPostgres();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
