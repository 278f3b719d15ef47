import type { Logger } from 'pino';
import type { Em } from '../db/orm.ts';
import type { JobRepository } from '../db/repositories/job.repository.ts';
import type { SortOrder } from '../domain/enums.ts';
import type { JobFilter, PageRequest } from '../domain/job-filter.ts';
import type { FacetName, JobFacets } from '../domain/job-facets.ts';
import type { JobPage } from '../domain/job-record.ts';
import { FIELD_OF_FACET, type Facets } from './facets.ts';
import type { LiveSearchIndex } from './live-index.ts';
import type { IndexAnswer, SearchIndex } from './search-index.ts';

/** Which path answered a search (metrics, logs, tests). */
export type SearchPath = 'index' | 'sql';

export interface JobSearchOptions {
  logger: Logger;
  /** Called once per search with the path that answered it. */
  onAnswer?: (path: SearchPath, reason?: string) => void;
}

/**
 * Every search of both operations over both transports (README "Search index"):
 * through the in-process index when it is ready and can answer the filter exactly,
 * else through SQL (JobRepository), the reference and fallback. The index gives ids,
 * the total and facets; the page's rows are read from the database and checked
 * against the filter there, and a page whose rows no longer all match is answered by
 * SQL instead — never a job that fails its filters at the moment it is read.
 */
export class JobSearch {
  private readonly jobs: JobRepository;
  private readonly live: LiveSearchIndex | null;
  private readonly options: JobSearchOptions;

  constructor(jobs: JobRepository, live: LiveSearchIndex | null, options: JobSearchOptions) {
    this.jobs = jobs;
    this.live = live;
    this.options = options;
  }

  /** The live index, when it is on (serve starts it). */
  get index(): LiveSearchIndex | null {
    return this.live;
  }

  /** One page, its exact total and its keys; facets too when names are given. */
  async search(
    em: Em,
    filter: JobFilter,
    sort: SortOrder | undefined,
    page: PageRequest,
    facetNames: readonly FacetName[] = [],
  ): Promise<JobPage & { facets?: JobFacets }> {
    const index = await this.currentIndex();
    if (index) {
      const answer = await this.queryIndex(index, filter, sort, page, fieldsOf(facetNames));
      if (answer !== 'unsupported') {
        const rows = await this.jobs.pageByIds(em, filter, sort, answer.ids);
        if (rows) {
          this.options.onAnswer?.('index');
          return {
            ...rows,
            total: answer.total,
            ...(answer.facets && { facets: pick(answer.facets, facetNames) }),
          };
        }
        this.options.onAnswer?.('sql', 'stale');
      } else this.options.onAnswer?.('sql', 'unsupported');
    } else this.options.onAnswer?.('sql', this.live ? 'not_ready' : 'off');
    const [result, facets] = await Promise.all([
      this.jobs.search(em, filter, sort, page),
      facetNames.length ? this.jobs.facets(em, filter, facetNames) : undefined,
    ]);
    return facets ? { ...result, facets } : result;
  }

  /** Facet counts alone (GraphQL's `facets` field). */
  async facets(em: Em, filter: JobFilter, names: readonly FacetName[]): Promise<JobFacets> {
    const index = await this.currentIndex();
    const answer =
      index && (await this.queryIndex(index, filter, undefined, { offset: 0, limit: 0 }, fieldsOf(names)));
    if (answer && answer !== 'unsupported') return pick(answer.facets!, names);
    return this.jobs.facets(em, filter, names);
  }

  /**
   * One index query. With facet threads, large counts over the base are made in a
   * thread (facet-threads.ts) while this thread serves other requests, and the query
   * runs again with them; if the threads fail, that second run counts here.
   */
  private async queryIndex(
    index: SearchIndex,
    filter: JobFilter,
    sort: SortOrder | undefined,
    page: PageRequest,
    facets: Array<keyof Facets>,
  ): Promise<IndexAnswer | 'unsupported'> {
    const threads = this.live?.facetThreads;
    if (!threads?.size || facets.length === 0) return index.query(filter, sort, page, { facets });
    const counting = threads.counting();
    try {
      const first = index.query(filter, sort, page, { facets, counting });
      if (first === 'unsupported' || !first.deferred) return first;
      let counted: Awaited<ReturnType<typeof threads.count>> = [];
      try {
        counted = await threads.count(counting.needs);
      } catch (error) {
        this.options.logger.warn({ err: error }, 'search index: facet thread count failed; counting here');
      }
      // The index as of now (a write may have been applied meanwhile; the first run's may
      // be gone): counts made for other docs are not used, those are counted here.
      const now = this.live?.index();
      if (!now) return 'unsupported'; // stopped answering meanwhile (a rebuild): SQL answers
      return now.query(filter, sort, page, { facets, counting: threads.replay(counted) });
    } finally {
      counting.dispose();
    }
  }

  /** The index once it has applied every change committed so far; null to use SQL. */
  private async currentIndex(): Promise<SearchIndex | null> {
    if (!this.live?.index()) return null;
    try {
      await this.live.sync();
    } catch (error) {
      // The database is what answers either way; SQL will report the error if it persists.
      this.options.logger.warn({ err: error }, 'search index: could not read the change log; using SQL');
      return null;
    }
    return this.live.index();
  }
}

/** The index's names of the facets a request asks for (the index counts only those). */
function fieldsOf(names: readonly FacetName[]): Array<keyof Facets> {
  return names.map((n) => FIELD_OF_FACET[n]);
}

function pick(facets: Partial<Facets>, names: readonly FacetName[]): JobFacets {
  return Object.fromEntries(names.map((n) => [n, facets[FIELD_OF_FACET[n]]])) as JobFacets;
}
