import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';
import { createOrm, type Orm } from './db/orm.ts';
import { CatalogRepository } from './db/repositories/catalog.repository.ts';
import { JobRepository } from './db/repositories/job.repository.ts';
import { JobWriter } from './db/repositories/job-writer.ts';
import { OrganizationRepository } from './db/repositories/organization.repository.ts';

/** Everything long-lived, built once and passed down: no module-level singletons. */
export interface Services {
  config: Readonly<Config>;
  orm: Orm;
  logger: Logger;
  clock: () => Date;
  jobs: JobRepository;
  writer: JobWriter;
  organizations: OrganizationRepository;
  catalog: CatalogRepository;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  logger?: Logger;
  clock?: () => Date;
  /** Sees every SQL statement (tests count statements per request). */
  onQuery?: (sql: string) => void;
}

export async function createServices(config: Readonly<Config>, overrides: ServiceOverrides = {}): Promise<Services> {
  const logger = overrides.logger ?? pino({ level: config.logLevel });
  const clock = overrides.clock ?? (() => new Date());
  const orm = await createOrm(config.database, { onQuery: overrides.onQuery });
  return {
    config,
    orm,
    logger,
    clock,
    jobs: new JobRepository(clock),
    writer: new JobWriter(),
    organizations: new OrganizationRepository(),
    catalog: new CatalogRepository(),
    close: () => orm.close(true),
  };
}
