import type { Logger } from 'pino';
import type { JobEvents } from '../db/job-events.ts';
import type { Em, Orm } from '../db/orm.ts';
import type { CatalogRepository } from '../db/repositories/catalog.repository.ts';
import type { JobSearch } from '../search/job-search.ts';
import type { JobRepository } from '../db/repositories/job.repository.ts';
import type { OrganizationRepository } from '../db/repositories/organization.repository.ts';

/** What the GraphQL layer needs from the composition root. */
export interface GraphQLDeps {
  orm: Orm;
  logger: Logger;
  jobs: JobRepository;
  /** Searches: the search index when it serves, else SQL (search/job-search.ts). */
  search: JobSearch;
  catalog: CatalogRepository;
  organizations: OrganizationRepository;
  /** New-job announcements, for the jobsAdded subscription. */
  jobEvents(): Promise<JobEvents>;
}

/** Per-request state: a fresh identity map, and the caller's organization resolved at most once. */
export interface GraphQLContext {
  services: GraphQLDeps;
  em: Em;
  request: Request;
  /** The organization of the X-API-Key header, or null when absent or invalid. */
  viewerOrganizationId(): Promise<string | null>;
}

export function createContext(services: GraphQLDeps, request: Request): GraphQLContext {
  const em = services.orm.em.fork();
  let viewer: Promise<string | null> | undefined;
  return {
    services,
    em,
    request,
    viewerOrganizationId: () => {
      viewer ??= services.organizations.authenticate(em, request.headers.get('x-api-key') ?? undefined);
      return viewer;
    },
  };
}
