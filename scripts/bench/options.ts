import type { CoreSplit } from './core-split.ts';

/** The bench's options (from `jobs bench`) and the settings every stage shares. */

export interface BenchOptions {
  postings: number;
  searchJobs: number;
  pgliteCap: number;
  repeats: number;
  pglite: boolean;
  seed: number;
  /** The SQL-only latency table (JobRepository.search, no facets); default: up to SQL_TABLE_MAX_JOBS. */
  sqlTable?: boolean;
  /** Only the push part (scripts/bench/push.ts, issue 12 item 8). */
  push?: PushOptions;
}

/** The push part: live subscriptions and webhook endpoints while new jobs are ingested. */
export interface PushOptions {
  /** New jobs ingested. @default 10000 */
  jobs: number;
  /** SSE subscriptions of jobsAdded, each with its own filter. @default 1000 */
  subscribers: number;
  /** Webhook endpoints, each on its own saved search. @default 100 */
  endpoints: number;
  /** Where to write the gateway's CPU profile of the delivery window (ingest start to last arrival). */
  profileDir?: string;
  /**
   * What each stream selects of a job: `id` (the default: the delivery path, not the JSON),
   * or `listing`, what a job board's live panel shows, the description included.
   */
  selection: 'id' | 'listing';
  /**
   * `--push-cores split`: the ingest and PostgreSQL on half the CPUs, the gateway and the
   * clients on the other half (core-split.ts); absent, everything shares every CPU.
   */
  split?: CoreSplit;
  /**
   * `--push-replica`: a streaming replica of the throwaway cluster beside it (on the
   * gateway's CPUs when split), which every phase's gateway reads live jobs from once it
   * has replayed past their page (db/page-marks.ts); the primary commits synchronously,
   * as a primary with replicas does, so that the replica trails by milliseconds.
   */
  replica?: boolean;
  /**
   * `--push-statements [n]`: each phase's `n` statements with the most server time
   * (pg_stat_statements, push-statements.ts), on the primary and on the replica.
   */
  statements?: number;
  /** `--push-fill-interval <ms>`: the gateway's WEBHOOK_FILL_INTERVAL_MS; absent, the server's default. */
  fillIntervalMs?: number;
  /**
   * `--push-rounds <n>`: phases with subscribers, each followed by one without (the first
   * is preceded by one too): each round's ratio is to its two neighbours, so that a
   * machine whose speed drifts is judged by the spread of several ratios, not by one.
   * @default 1
   */
  rounds: number;
}

/**
 * Above this size the SQL-only latency table is left out unless asked for: at 1M its
 * multi-second searches took about four of the run's minutes, and the side-by-side
 * measures the same SQL path (with facets) in the same run (issue 9: a 1M run within
 * 30 minutes including the load).
 */
export const SQL_TABLE_MAX_JOBS = 200_000;

export const GOAL_PER_SECOND = 10_000;
/** Slow queries stop after this much time (at least 5 runs), to keep the default run short. */
export const SEARCH_BUDGET_MS = 2_000;
export const PLATFORM = 'demo' as const;
/** A fixed "now", so every run generates the same postings. */
export const NOW = new Date('2026-11-22T12:00:00Z');
