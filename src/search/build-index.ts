import type { Em } from '../db/orm.ts';
import type {
  IndexCompanyRow,
  IndexJobRow,
  IndexMembershipRow,
  SearchIndexRepository,
} from '../db/repositories/search-index.repository.ts';
import type { IndexData } from './index-data.ts';
import {
  assembleIndexData,
  assembleIndexDataGradually,
  JobIndexBuilder,
  type IndexParts,
} from './index-builder.ts';
import { SearchIndex } from './search-index.ts';
import { TimeSlices } from './time-slices.ts';

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
  const { builder, ordered } = segmentBuilder(rows, companies);
  builder.addJobs(ordered);
  builder.addMemberships(memberships);
  return assembleIndexData(builder.finish());
}

/** Jobs indexed between two turns of the event loop (a few milliseconds' worth). */
const ROWS_PER_SLICE = 100;
/** A serving gateway's searches wait at most about this long for a segment being built. */
const SEGMENT_SLICE_MS = 3;

/**
 * As indexRows, giving the event loop a turn every few milliseconds: a live index merges
 * its small segments as they pile up (up to SEARCH_INDEX_MAX_DELTA jobs), and in one piece
 * a merge of 550 jobs held every search 12.6 ms (of a p99 budget of 20), one of 7,000
 * 289 ms. Only for what nothing waits on (merges, built outside the index's lock): on the
 * embedded database every turn also runs the ingest's PGlite work, which would stretch a
 * build a search waits for over the whole ingest.
 */
export async function indexRowsGradually(
  rows: IndexJobRow[],
  memberships: IndexMembershipRow[],
  companies: IndexCompanyRow[],
): Promise<IndexData> {
  const slices = new TimeSlices(SEGMENT_SLICE_MS);
  const { builder, ordered } = segmentBuilder(rows, companies);
  for (let i = 0; i < ordered.length; i += ROWS_PER_SLICE) {
    builder.addJobs(ordered.slice(i, i + ROWS_PER_SLICE));
    await slices.slice();
  }
  builder.addMemberships(memberships);
  return assembleIndexDataGradually(await builder.finishGradually(slices));
}

/** A builder of these jobs' docs in (posted_at, id) order, and the rows in that order (docs added ascending). */
function segmentBuilder(
  rows: IndexJobRow[],
  companies: IndexCompanyRow[],
): { builder: JobIndexBuilder; ordered: IndexJobRow[] } {
  const ordered = [...rows].sort((x, y) =>
    x.postedUs !== y.postedUs ? x.postedUs - y.postedUs : x.id < y.id ? -1 : x.id > y.id ? 1 : 0,
  );
  const builder = new JobIndexBuilder(ordered.map((r) => r.id));
  builder.addCompanies(companies);
  return { builder, ordered };
}
