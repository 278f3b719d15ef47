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
  /**
   * Whether a search may learn from its page read that the index missed a write
   * (logMovedSql), instead of reading the change log before every search. Only where
   * the page is read on the primary: a replica's log lags the one the index follows.
   * @default true
   */
  logInPageRead?: boolean;
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
  /** Searches between their start and their answer (facet threads serve only several). */
  private inProgress = 0;

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
    this.inProgress++;
    try {
      return await this.searchNow(em, filter, sort, page, facetNames);
    } finally {
      this.inProgress--;
    }
  }

  private async searchNow(
    em: Em,
    filter: JobFilter,
    sort: SortOrder | undefined,
    page: PageRequest,
    facetNames: readonly FacetName[],
  ): Promise<JobPage & { facets?: JobFacets }> {
    const quick = await this.withoutLogRead(em, filter, sort, page, facetNames);
    if (quick) return quick;
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

  /**
   * A search against the index as it stands, with no read of the change log first: its
   * page read reports, in the same snapshot as the rows, whether the log holds a write
   * the index has not applied (a search with no page to read asks the log alone). If it
   * does, undefined: the caller reads the log and searches again, as every search did
   * before, so a search still sees every write committed before its page was read. Only
   * while the index listens and has read every NOTIFY (LiveSearchIndex.indexAt): under a
   * steady ingest searches read the log first, rather than search twice. On a quiet
   * index this saves a round trip and a log read per search (issue 9: at 1M jobs and
   * 16 clients, about 0.25 ms of PostgreSQL and 0.1 ms of the gateway's thread).
   */
  private async withoutLogRead(
    em: Em,
    filter: JobFilter,
    sort: SortOrder | undefined,
    page: PageRequest,
    facetNames: readonly FacetName[],
  ): Promise<(JobPage & { facets?: JobFacets }) | undefined> {
    if (this.options.logInPageRead === false) return undefined;
    const at = this.live?.indexAt();
    if (!at) return undefined;
    const answer = await this.queryIndex(at.index, filter, sort, page, fieldsOf(facetNames));
    if (answer === 'unsupported') return undefined;
    // No page to read (no match, or past the last): the log is asked alone.
    const rows =
      answer.ids.length > 0
        ? await this.jobs.pageByIds(em, filter, sort, answer.ids, {
            logAt: at.log,
            ...(answer.scores && { scores: answer.scores }),
          })
        : { items: [], keys: [], logMoved: await this.live!.logMoved(at.log) };
    if (!rows || rows.logMoved) return undefined;
    this.options.onAnswer?.('index');
    const { logMoved: _, ...found } = rows;
    return {
      ...found,
      total: answer.total,
      ...(answer.facets && { facets: pick(answer.facets, facetNames) }),
    };
  }

  /** Facet counts alone (GraphQL's `facets` field). */
  async facets(em: Em, filter: JobFilter, names: readonly FacetName[]): Promise<JobFacets> {
    this.inProgress++;
    try {
      const index = await this.currentIndex();
      const answer =
        index && (await this.queryIndex(index, filter, undefined, { offset: 0, limit: 0 }, fieldsOf(names)));
      if (answer && answer !== 'unsupported') return pick(answer.facets!, names);
      return await this.jobs.facets(em, filter, names);
    } finally {
      this.inProgress--;
    }
  }

  /**
   * One index query. With facet threads and other searches in progress, large counts
   * over the base are made in a thread (facet-threads.ts) while this thread serves the
   * others, and the query resumes with them; if the threads fail, it counts here. A
   * lone search counts here: no one waits for this thread, and a thread's round trip
   * only adds its wake-up.
   */
  private async queryIndex(
    index: SearchIndex,
    filter: JobFilter,
    sort: SortOrder | undefined,
    page: PageRequest,
    facets: Array<keyof Facets>,
  ): Promise<IndexAnswer | 'unsupported'> {
    const threads = this.live?.facetThreads;
    if (!threads?.size || facets.length === 0 || this.inProgress < threads.busyFrom)
      return index.query(filter, sort, page, { facets });
    const counting = threads.counting();
    let first: ReturnType<SearchIndex['query']> | undefined;
    try {
      first = index.query(filter, sort, page, { facets, counting, hold: true });
      if (first === 'unsupported' || !('resume' in first)) return first;
      let counted: Awaited<ReturnType<typeof threads.count>> = [];
      try {
        counted = await threads.count(counting.needs);
      } catch (error) {
        this.options.logger.warn({ err: error }, 'search index: facet thread count failed; counting here');
      }
      const replay = threads.replay(counted);
      // Nothing the first run read changed meanwhile: its matches, total and page stand,
      // and only the facets are made (a second whole run was a third of such a search's
      // work on this thread).
      const facetsNow = first.resume(replay);
      if (facetsNow)
        return {
          ids: first.ids,
          total: first.total,
          ...(first.scores && { scores: first.scores }),
          facets: facetsNow,
        };
      // The index as of now (a write may have been applied meanwhile; the first run's may
      // be gone): counts made for other docs are not used, those are counted here.
      const now = this.live?.index();
      if (!now) return 'unsupported'; // stopped answering meanwhile (a rebuild): SQL answers
      return now.query(filter, sort, page, { facets, counting: replay });
    } finally {
      if (first && first !== 'unsupported' && 'release' in first) first.release();
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
