import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { OperationLabels, OperationObserver } from '../../graphql/operation-metrics.ts';
import type { CompletedRun } from '../../ingest/ingest-runs.ts';
import type { LiveReads } from '../../db/page-marks.ts';
import type { PoolStats } from '../../db/pool-stats.ts';

/** Postings of a run by what happened to them (IngestSummary), one series each. */
export const POSTING_OUTCOMES = ['new', 'updated', 'unchanged', 'merged', 'closed', 'rejected'] as const;

/**
 * Operation names come from clients: past this many distinct ones an app counts
 * further names as `other`, so a client cannot grow the series without bound.
 */
export const MAX_OPERATION_NAMES = 200;

export interface AppMetrics extends OperationObserver {
  request(labels: { method: string; route: string; status_code: string }, seconds: number): void;
  /** An error answered outside GraphQL execution (REST, or /graphql refused before yoga ran). */
  responseError(transport: 'rest' | 'graphql', code: string): void;
  ingestRun(run: CompletedRun): void;
  /** Called on each scrape: the pools as they are now. */
  setPools(stats: PoolStats[]): void;
  /** One search answered, by the path that answered it (search/job-search.ts). */
  search(path: string, reason: string | undefined): void;
  /** Called on each scrape: the search index as it is now (null when it is off). */
  setSearchIndex(index: SearchIndexFigures | null): void;
  /** Called on each scrape: the live reads made so far, by server (Services.liveReads). */
  setLiveReads(reads: LiveReads): void;
}

export interface SearchIndexFigures {
  state: string;
  jobs: number;
  segments: number;
  nativeBytes: number;
  lastBuildSeconds: number | null;
  /** Facet threads counting (0: none, or they failed), and the counts they have made. */
  facetThreads: number;
  facetThreadCounts: number;
}

const INDEX_STATES = ['off', 'building', 'ready', 'failed'] as const;

/**
 * Every metric of one app, in that app's registry (README, "Metrics", lists them).
 * Labels are bounded: route patterns, methods, status codes, catalogue codes,
 * platforms, schema fields, and operation names capped at MAX_OPERATION_NAMES.
 */
export function createAppMetrics(registry: Registry): AppMetrics {
  const registers = [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its response (an event stream: its whole life).',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  const errors = new Counter({
    name: 'api_errors_total',
    help: 'Errors answered, by transport and catalogue code (REST error.code, GraphQL extensions.code).',
    labelNames: ['transport', 'code'] as const,
    registers,
  });
  const operations = new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations executed or subscribed, by operation name (or anonymous) and type.',
    labelNames: ['operation_name', 'operation_type'] as const,
    registers,
  });
  const operationSeconds = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'Execution time of GraphQL queries and mutations, by operation name and type.',
    labelNames: ['operation_name', 'operation_type'] as const,
    registers,
  });
  const subscriptions = new Gauge({
    name: 'graphql_subscriptions_open',
    help: 'GraphQL subscription streams open now, by root field.',
    labelNames: ['field'] as const,
    registers,
  });
  const ingestRuns = new Counter({
    name: 'ingest_runs_total',
    help: 'Ingest runs completed in this process (poller, demo seed), by platform.',
    labelNames: ['platform'] as const,
    registers,
  });
  const ingestPostings = new Counter({
    name: 'ingest_postings_total',
    help: 'Postings of completed ingest runs, by platform and outcome.',
    labelNames: ['platform', 'outcome'] as const,
    registers,
  });
  const pool = new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by pool and state (total, idle, waiting); absent on PGlite.',
    labelNames: ['connection', 'state'] as const,
    registers,
  });

  const searches = new Counter({
    name: 'search_answers_total',
    help: 'Searches (both operations, both transports) by the path that answered: index, or sql with the reason (off, not_ready, unsupported, stale).',
    labelNames: ['path', 'reason'] as const,
    registers,
  });
  const indexState = new Gauge({
    name: 'search_index_state',
    help: 'The search index state: 1 for the current one of off, building, ready, failed.',
    labelNames: ['state'] as const,
    registers,
  });
  const indexJobs = new Gauge({
    name: 'search_index_jobs',
    help: 'Jobs the search index answers for.',
    registers,
  });
  const indexSegments = new Gauge({
    name: 'search_index_segments',
    help: 'Segments of the search index: the base and the small ones following changes.',
    registers,
  });
  const indexBytes = new Gauge({
    name: 'search_index_native_bytes',
    help: 'Native memory of the search index bitmaps (CRoaring), in bytes.',
    registers,
  });
  const indexBuild = new Gauge({
    name: 'search_index_last_build_seconds',
    help: 'Duration of the last build of the search index base.',
    registers,
  });
  const facetThreads = new Gauge({
    name: 'search_index_facet_threads',
    help: 'Worker threads counting facets over the search index base; 0 when none, or after one failed (then the main thread counts).',
    registers,
  });
  const facetThreadCounts = new Counter({
    name: 'search_index_facet_thread_counts_total',
    help: "Searches' facet counts made in the facet threads.",
    registers,
  });
  let facetThreadCountsSeen = 0;
  const liveReads = new Counter({
    name: 'live_reads_total',
    help: "The gateway's live reads (read: pages of events, or their jobs) by server: replica (replayed far enough) or primary.",
    labelNames: ['read', 'server'] as const,
    registers,
  });
  const liveReadsSeen: LiveReads = { pages: { replica: 0, primary: 0 }, jobs: { replica: 0, primary: 0 } };

  const names = new Set<string>();
  const operationLabels = ({ name, type }: OperationLabels) => {
    if (!names.has(name) && names.size < MAX_OPERATION_NAMES) names.add(name);
    return { operation_name: names.has(name) ? name : 'other', operation_type: type };
  };

  return {
    request: (labels, seconds) => {
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    executed: (operation, seconds) => {
      const labels = operationLabels(operation);
      operations.inc(labels);
      if (seconds !== null) operationSeconds.observe(labels, seconds);
    },
    error: (code) => errors.inc({ transport: 'graphql', code }),
    responseError: (transport, code) => errors.inc({ transport, code }),
    subscribed: (field) => {
      subscriptions.inc({ field });
      let open = true;
      return () => {
        if (open) subscriptions.dec({ field });
        open = false;
      };
    },
    ingestRun: ({ platform, summary }) => {
      ingestRuns.inc({ platform });
      for (const outcome of POSTING_OUTCOMES) ingestPostings.inc({ platform, outcome }, summary[outcome]);
    },
    search: (path, reason) => searches.inc({ path, reason: reason ?? '' }),
    setSearchIndex: (index) => {
      for (const state of INDEX_STATES) indexState.set({ state }, (index?.state ?? 'off') === state ? 1 : 0);
      indexJobs.set(index?.jobs ?? 0);
      indexSegments.set(index?.segments ?? 0);
      indexBytes.set(index?.nativeBytes ?? 0);
      if (index?.lastBuildSeconds != null) indexBuild.set(index.lastBuildSeconds);
      facetThreads.set(index?.facetThreads ?? 0);
      const counts = index?.facetThreadCounts ?? 0;
      if (counts > facetThreadCountsSeen) facetThreadCounts.inc(counts - facetThreadCountsSeen);
      facetThreadCountsSeen = Math.max(facetThreadCountsSeen, counts);
    },
    setLiveReads: (reads) => {
      for (const read of ['pages', 'jobs'] as const)
        for (const server of ['replica', 'primary'] as const) {
          const seen = liveReadsSeen[read][server];
          if (reads[read][server] > seen) liveReads.inc({ read, server }, reads[read][server] - seen);
          liveReadsSeen[read][server] = Math.max(seen, reads[read][server]);
        }
    },
    setPools: (stats) => {
      pool.reset();
      for (const { connection, total, idle, waiting } of stats) {
        pool.set({ connection, state: 'total' }, total);
        pool.set({ connection, state: 'idle' }, idle);
        pool.set({ connection, state: 'waiting' }, waiting);
      }
    },
  };
}
