import type { CatalogRepository } from '../db/repositories/catalog.repository.ts';
import type { JobRepository } from '../db/repositories/job.repository.ts';
import type { OrganizationRepository } from '../db/repositories/organization.repository.ts';

/** What the REST routes need: the repositories they share with GraphQL, nothing else. */
export interface RestDeps {
  jobs: JobRepository;
  organizations: OrganizationRepository;
  catalog: CatalogRepository;
}
