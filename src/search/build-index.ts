import type { Em } from '../db/orm.ts';
import type {
  IndexCompanyRow,
  IndexJobRow,
  IndexMembershipRow,
  SearchIndexRepository,
} from '../db/repositories/search-index.repository.ts';
import type { IndexData } from './index-data.ts';
import { assembleIndexData, JobIndexBuilder, type IndexParts } from './index-builder.ts';
import { SearchIndex } from './search-index.ts';

export interface BuildOptions {
  /** The time `postedWithinDays` counts back from (the repository's clock). */
  clock?: () => Date;
  /** Union every 1–2-letter prefix at once (else on first use). @default true */
  warm?: boolean;
}

/**
 * The index's parts from one consistent read of the database (what a snapshot saves), and
 * where the change log follows them from.
 */
export async function readIndexParts(
  repository: SearchIndexRepository,
  em: Em,
): Promise<{ parts: IndexParts; position: string }> {
  let builder: JobIndexBuilder | undefined;
  let position = '';
  const need = () => {
    if (!builder) throw new Error('search index: rows arrived before the doc order');
    return builder;
  };
  await repository.readSnapshot(em, {
    position: (p) => (position = p),
    order: (ids) => (builder = new JobIndexBuilder(ids)),
    companies: (rows) => need().addCompanies(rows),
    jobs: (rows) => need().addJobs(rows),
    memberships: (rows) => need().addMemberships(rows),
  });
  return { parts: await need().finishGradually(), position };
}

/** The index data of one consistent read of the database, and where the change log follows it from. */
export async function readIndexData(
  repository: SearchIndexRepository,
  em: Em,
): Promise<{ data: IndexData; position: string }> {
  const { parts, position } = await readIndexParts(repository, em);
  return { data: assembleIndexData(parts), position };
}

/** Builds the index from one consistent read of the database. */
export async function buildSearchIndex(
  repository: SearchIndexRepository,
  em: Em,
  options: BuildOptions = {},
): Promise<SearchIndex> {
  const { data } = await readIndexData(repository, em);
  const index = new SearchIndex(data, options.clock);
  if (options.warm ?? true) index.warm();
  return index;
}

/** A small index of the rows the change log named, in the base's doc order rule ((posted_at, id)). */
export function indexRows(
  rows: IndexJobRow[],
  memberships: IndexMembershipRow[],
  companies: IndexCompanyRow[],
): IndexData {
  const ordered = [...rows].sort((x, y) =>
    x.postedUs !== y.postedUs ? x.postedUs - y.postedUs : x.id < y.id ? -1 : x.id > y.id ? 1 : 0,
  );
  const builder = new JobIndexBuilder(ordered.map((r) => r.id));
  builder.addCompanies(companies);
  builder.addJobs(ordered);
  builder.addMemberships(memberships);
  return assembleIndexData(builder.finish());
}
