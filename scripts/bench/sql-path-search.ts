import { FACET_NAMES } from '../../src/domain/job-facets.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import type { SortOrder } from '../../src/domain/enums.ts';
import type { PageKey } from '../../src/domain/page-key.ts';
import type { Services } from '../../src/services.ts';

/** A page as the bench asks for it: offset, size, and a keyset cursor when set. */
export interface BenchPage {
  offset: number;
  limit: number;
  after: PageKey | undefined;
}

/** One search through the SQL path: the page with its exact total, and every facet. */
export function sqlPathSearch(
  services: Services,
  filter: JobFilter,
  sort: SortOrder | undefined,
  page: BenchPage,
) {
  const em = services.orm.em.fork();
  return Promise.all([
    services.jobs.search(em, filter, sort, page),
    services.jobs.facets(em, filter, FACET_NAMES),
  ]);
}
