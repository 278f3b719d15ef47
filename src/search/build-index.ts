import type { Em } from '../db/orm.ts';
import type { SearchIndexRepository } from '../db/repositories/search-index.repository.ts';
import { JobIndexBuilder } from './index-builder.ts';
import { SearchIndex } from './search-index.ts';

export interface BuildOptions {
  /** The time `postedWithinDays` counts back from (the repository's clock). */
  clock?: () => Date;
  /** Union every 1–2-letter prefix at once (else on first use). @default true */
  warm?: boolean;
}

/** Builds the index from one consistent read of the database. */
export async function buildSearchIndex(
  repository: SearchIndexRepository,
  em: Em,
  options: BuildOptions = {},
): Promise<SearchIndex> {
  let builder: JobIndexBuilder | undefined;
  const need = () => {
    if (!builder) throw new Error('search index: rows arrived before the doc order');
    return builder;
  };
  await repository.readSnapshot(em, {
    order: (ids) => (builder = new JobIndexBuilder(ids)),
    companies: (rows) => need().addCompanies(rows),
    jobs: (rows) => need().addJobs(rows),
    memberships: (rows) => need().addMemberships(rows),
  });
  const index = new SearchIndex(need().finish(), options.clock);
  if (options.warm ?? true) index.warm();
  return index;
}
