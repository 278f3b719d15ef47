import type { CatalogRepository } from '../db/repositories/catalog.repository.ts';
import type { JobSearch } from '../search/job-search.ts';
import type { JobRepository } from '../db/repositories/job.repository.ts';
import type { OrganizationRepository } from '../db/repositories/organization.repository.ts';
import type { PlaceLocator } from '../domain/near-filter.ts';
import type { SavedSearchRepository } from '../db/repositories/saved-search.repository.ts';

/** What the REST routes need: the repositories they share with GraphQL, nothing else. */
export interface RestDeps {
  jobs: JobRepository;
  /** Searches: the search index when it serves, else SQL (search/job-search.ts). */
  search: JobSearch;
  organizations: OrganizationRepository;
  catalog: CatalogRepository;
  savedSearches: SavedSearchRepository;
  /** A `near` place name → its point (the gazetteer's, wired by services.ts). */
  locatePlace: PlaceLocator;
}
