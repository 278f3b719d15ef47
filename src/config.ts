import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * The only reader of process.env. Validated once at start; a bad value stops the
 * process with a message naming the key, rather than surfacing later as a 500.
 */
const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** postgres://… switches from the embedded PGlite database to PostgreSQL. */
    DATABASE_URL: z
      .string()
      .url()
      .refine((u) => /^postgres(ql)?:$/.test(new URL(u).protocol), {
        message: 'must be a postgres:// or postgresql:// URL (unset it for the embedded database)',
      })
      .optional(),
    /** Comma-separated postgres:// URLs of streaming replicas; reads go there. */
    DATABASE_REPLICA_URLS: z.string().optional(),
    /** Connections each gateway or command keeps to PostgreSQL (per server, replicas included). @default 10 */
    DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(1000).default(10),
    /** Directory of the embedded database, or `memory://`. @default .data/pglite */
    PGLITE_DIR: z.string().default('.data/pglite'),
    /** @default 3000 */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** @default 127.0.0.1 */
    HOST: z.string().default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Largest accepted request body. @default 1048576 (1 MiB) */
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
    /** Time for a request's headers and body to arrive; then 408. @default 30000 */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    /** Requests per client per window. @default 600 */
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
    /** Rate-limit window in milliseconds. @default 60000 (1 minute) */
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    /** redis://… keeps rate-limit counters in Redis, shared by every gateway instance. */
    REDIS_URL: z.string().url().optional(),
    /** Behind a reverse proxy: take the client address from X-Forwarded-For. Off by default, so clients cannot spoof it. @default false */
    TRUST_PROXY: boolFromEnv.default(false),
    /** Demo jobs generated on an empty database by `serve --seed-demo`. @default 10000 */
    DEMO_JOBS: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
    /** Run configured sources on their intervals inside the server. @default true */
    INGEST_POLLER: boolFromEnv.default(true),
    /**
     * Days without a sighting after which an open posting expires (file imports and
     * sources never fetched whole cannot close what they stop listing); 0: never.
     * @default 60
     */
    JOB_EXPIRY_DAYS: z.coerce.number().int().min(0).max(3650).default(60),
    /** Worker threads that normalize postings during ingest; 0 normalizes on the main thread. @default the number of cores */
    NORMALIZE_THREADS: z.coerce.number().int().min(0).max(64).default(availableParallelism()),
    /** Serve Prometheus metrics at /metrics. @default true */
    METRICS_ENABLED: boolFromEnv.default(true),
    /** When set, /metrics answers only `Authorization: Bearer <token>` (at least 16 characters). */
    METRICS_TOKEN: z.string().min(16).optional(),
    /**
     * Run only the trusted GraphQL documents codegen persisted for the page (sent as a
     * hash); refuse any other document with `persisted_query_only`. Off: a public API
     * takes any document. @default false
     */
    GRAPHQL_TRUSTED_DOCUMENTS_ONLY: boolFromEnv.default(false),
    /** Answer searches from the in-process search index (README "Search index"); false: SQL only. @default true */
    SEARCH_INDEX: boolFromEnv.default(true),
    /** How often the index reads the change log when no search asks, in milliseconds. @default 250 */
    SEARCH_INDEX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
    /** Changed jobs the index follows one by one before it rebuilds from a new snapshot. @default 100000 */
    SEARCH_INDEX_MAX_DELTA: z.coerce.number().int().min(100).default(100_000),
    /**
     * Directory of the search index's snapshot file, from which a gateway starts instead of
     * reading every job; \`off\` for none. @default beside the embedded database; .data/search-index on PostgreSQL; off in tests
     */
    SEARCH_INDEX_SNAPSHOT_DIR: z.string().optional(),
    /**
     * Filters whose facet counts each version of the index keeps (exact: a version never
     * changes; a new one starts empty); 0 counts every time. @default 512
     */
    SEARCH_INDEX_FACET_CACHE: z.coerce.number().int().min(0).max(1_000_000).default(512),
    /**
     * Worker threads that count a search's facets over the index's base (README "Facet
     * threads"); 0 counts them on the main thread. @default the cores but one, at most 4; none in tests
     */
    SEARCH_INDEX_FACET_THREADS: z.coerce.number().int().min(0).max(64).optional(),
    /** Fewest matches whose facets go to a facet thread (fewer are counted on the main thread). @default 20000 */
    SEARCH_INDEX_FACET_THREAD_MIN: z.coerce.number().int().min(0).default(20_000),
    /**
     * Searches in progress at once from which facets go to a facet thread: a lone search
     * counts them on the main thread, where it does not wait for a thread to wake and
     * answer; 1 sends them whenever a thread can take them. @default 2
     */
    SEARCH_INDEX_FACET_THREAD_BUSY: z.coerce.number().int().min(1).default(2),
    /**
     * Single-word searches whose facet counts over the index's base are made once, when a
     * base is ready, and kept for its life (README "Pinned words"): the words and prefixes
     * with the most matches, at most this many; 0 for none. @default 2000
     */
    SEARCH_INDEX_PINNED_WORDS: z.coerce.number().int().min(0).max(100_000).default(2000),
    /** Fewest matches of a word or prefix whose counts are pinned. @default 20000 */
    SEARCH_INDEX_PINNED_MIN: z.coerce.number().int().min(1).default(20_000),
    /** Hours the change log keeps its rows (an index whose position is older rebuilds). @default 24 */
    SEARCH_CHANGE_RETENTION_HOURS: z.coerce.number().positive().default(24),
    /**
     * Hours the job event outbox keeps its events: how far back a live subscriber can resume
     * with Last-Event-ID (README "Live events"). @default 24
     */
    EVENT_RETENTION_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(24),
    /**
     * How often a gateway looks at the outbox without a NOTIFY waking it, in milliseconds:
     * the longest a live event waits when a wake-up was lost or an older transaction held it. @default 1000
     */
    EVENT_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    /**
     * How live subscriptions and webhook endpoints are matched against new events: `memory`
     * reads each page of the outbox once per gateway and matches every filter against it in
     * memory; `sql` matches each subscriber's filter in its own statement (the reference). @default memory
     */
    EVENT_MATCHING: z.enum(['memory', 'sql']).default('memory'),
    /** Deliver saved searches' webhooks from this server (README "Webhooks"). @default true */
    WEBHOOK_DELIVERY: boolFromEnv.default(true),
    /**
     * Non-public addresses webhook endpoints may reach: `none`, `loopback` (and plain http to
     * loopback: local receivers, tests), `all` (every private, loopback and link-local address). @default none
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['none', 'loopback', 'all']).default('none'),
    /** Jobs per webhook POST (added and closed together). @default 100 */
    WEBHOOK_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
    /** How long one POST may take before it counts as failed, in milliseconds. @default 10000 */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * How long a gateway's claim on a delivery lasts, in milliseconds; then another gateway
     * may take it (the first was killed or hangs). Must exceed WEBHOOK_TIMEOUT_MS. @default 60000
     */
    WEBHOOK_LEASE_MS: z.coerce.number().int().min(200).max(3_600_000).default(60_000),
    /** How often a gateway looks for due deliveries without a wake-up, in milliseconds. @default 1000 */
    WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    /**
     * Least time between the starts of two rounds, in milliseconds: the events of a burst
     * within it go out together (fewer, fuller batches; fewer writes on the primary). The
     * first event after a quiet interval goes at once. 0: a round per wake-up. @default 1000
     */
    WEBHOOK_FILL_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** First retry delay in milliseconds; doubles per attempt, with jitter. @default 5000 */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5000),
    /** Longest delay between two attempts, in milliseconds. @default 3600000 (1 h) */
    WEBHOOK_RETRY_MAX_DELAY_MS: z.coerce.number().int().min(1).max(86_400_000).default(3_600_000),
    /** Hours a delivery is retried before it is marked failed. @default 24 */
    WEBHOOK_RETRY_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 7)
      .default(24),
    /** Hours an endpoint may fail without a success before it is disabled. @default 24 */
    WEBHOOK_DISABLE_AFTER_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(24),
    /** Hours a rotated-out secret keeps signing beside the new one. @default 24 */
    WEBHOOK_SECRET_OVERLAP_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 30)
      .default(24),
    /** Hours finished deliveries (delivered or failed) stay in the delivery log. @default 168 (7 days) */
    WEBHOOK_LOG_RETENTION_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(168),
  })
  .loose();

export interface Config {
  env: 'development' | 'production' | 'test';
  database:
    | { kind: 'postgres'; url: string; replicaUrls: string[]; poolMax: number }
    | { kind: 'pglite'; dir: string };
  http: { host: string; port: number; bodyLimitBytes: number; trustProxy: boolean; requestTimeoutMs: number };
  rateLimit: { max: number; windowMs: number; redisUrl: string | null };
  logLevel: string;
  demoJobs: number;
  ingestPoller: boolean;
  /** Days without a sighting before an open posting expires; 0: never (expiry dates still apply). */
  jobExpiryDays: number;
  normalizeThreads: number;
  metrics: { enabled: boolean; token: string | null };
  graphql: { trustedDocumentsOnly: boolean };
  /** The job event outbox and live subscriptions (README "Live events"). */
  events: { retentionHours: number; pollMs: number; matching: 'memory' | 'sql' };
  /** Saved searches' webhooks (README "Webhooks"). */
  webhooks: WebhookConfig;
  searchIndex: {
    enabled: boolean;
    pollMs: number;
    maxDelta: number;
    retentionMs: number;
    /** Where the snapshot file goes; null: none. */
    snapshotDir: string | null;
    /** Filters whose facets each index version keeps; 0: none. */
    facetCacheSize: number;
    /** Facet threads (0: none) and the fewest matches counted in one. */
    facetThreads: number;
    facetThreadMinMatches: number;
    /** Searches in progress from which counts go to a thread. */
    facetThreadBusy: number;
    pinnedWords: { max: number; minMatches: number };
  };
}

export interface WebhookConfig {
  delivery: boolean;
  allowPrivateTargets: 'none' | 'loopback' | 'all';
  batchSize: number;
  timeoutMs: number;
  leaseMs: number;
  pollMs: number;
  fillIntervalMs: number;
  retryBaseMs: number;
  retryMaxDelayMs: number;
  retryMs: number;
  disableAfterMs: number;
  secretOverlapMs: number;
  logRetentionMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  // An empty variable (`DATABASE_URL=` in a shell or an .env file) means "not set".
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // libpq's `postgresql://user@/db?host=/run/postgresql` (a socket, no host name) is not a
  // valid WHATWG URL: give it a placeholder host, which ?host= then overrides.
  if (typeof set.DATABASE_URL === 'string')
    set.DATABASE_URL = set.DATABASE_URL.replace(
      /^(postgres(?:ql)?:\/\/(?:[^@/?#]*@)?)(?=[/?])/i,
      '$1localhost',
    );
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WEBHOOK_LEASE_MS <= e.WEBHOOK_TIMEOUT_MS)
    throw new ConfigError(
      'Invalid configuration:\n  WEBHOOK_LEASE_MS: must exceed WEBHOOK_TIMEOUT_MS (a claim must outlive its POST)',
    );
  const config: Config = {
    env: e.NODE_ENV,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolMax: e.DATABASE_POOL_MAX,
          replicaUrls: (e.DATABASE_REPLICA_URLS ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : { kind: 'pglite', dir: e.PGLITE_DIR },
    http: {
      host: e.HOST,
      port: e.PORT,
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      trustProxy: e.TRUST_PROXY,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    },
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS, redisUrl: e.REDIS_URL ?? null },
    logLevel: e.LOG_LEVEL,
    demoJobs: e.DEMO_JOBS,
    ingestPoller: e.INGEST_POLLER,
    jobExpiryDays: e.JOB_EXPIRY_DAYS,
    normalizeThreads: e.NORMALIZE_THREADS,
    metrics: { enabled: e.METRICS_ENABLED, token: e.METRICS_TOKEN ?? null },
    graphql: { trustedDocumentsOnly: e.GRAPHQL_TRUSTED_DOCUMENTS_ONLY },
    events: { retentionHours: e.EVENT_RETENTION_HOURS, pollMs: e.EVENT_POLL_MS, matching: e.EVENT_MATCHING },
    webhooks: {
      delivery: e.WEBHOOK_DELIVERY,
      allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      batchSize: e.WEBHOOK_BATCH_SIZE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      leaseMs: e.WEBHOOK_LEASE_MS,
      pollMs: e.WEBHOOK_POLL_MS,
      fillIntervalMs: e.WEBHOOK_FILL_INTERVAL_MS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      retryMaxDelayMs: e.WEBHOOK_RETRY_MAX_DELAY_MS,
      retryMs: e.WEBHOOK_RETRY_HOURS * 3_600_000,
      disableAfterMs: e.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
      secretOverlapMs: e.WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000,
      logRetentionMs: e.WEBHOOK_LOG_RETENTION_HOURS * 3_600_000,
    },
    searchIndex: {
      enabled: e.SEARCH_INDEX,
      pollMs: e.SEARCH_INDEX_POLL_MS,
      maxDelta: e.SEARCH_INDEX_MAX_DELTA,
      retentionMs: e.SEARCH_CHANGE_RETENTION_HOURS * 3_600_000,
      snapshotDir: snapshotDir(e.SEARCH_INDEX_SNAPSHOT_DIR, e.NODE_ENV, e.DATABASE_URL ? null : e.PGLITE_DIR),
      facetCacheSize: e.SEARCH_INDEX_FACET_CACHE,
      facetThreads:
        e.SEARCH_INDEX_FACET_THREADS ??
        (e.NODE_ENV === 'test' ? 0 : Math.max(0, Math.min(4, availableParallelism() - 1))),
      facetThreadMinMatches: e.SEARCH_INDEX_FACET_THREAD_MIN,
      facetThreadBusy: e.SEARCH_INDEX_FACET_THREAD_BUSY,
      pinnedWords: { max: e.SEARCH_INDEX_PINNED_WORDS, minMatches: e.SEARCH_INDEX_PINNED_MIN },
    },
  };
  return Object.freeze(config);
}

/**
 * The configured database as an operator would name it, for messages: the variable and
 * its value, the password masked.
 */
export function describeDatabase(config: Pick<Config, 'database'>): string {
  if (config.database.kind === 'pglite') return `PGLITE_DIR=${config.database.dir}`;
  const url = new URL(config.database.url);
  if (url.password) url.password = '***';
  return `DATABASE_URL=${url.toString()}`;
}

/**
 * The snapshot's directory: as set (\`off\`: none); else beside the embedded database's
 * directory, or \`.data/search-index\` with PostgreSQL; none for an in-memory database and
 * in tests (each test database would leave a file behind).
 */
function snapshotDir(set: string | undefined, env: string, pgliteDir: string | null): string | null {
  if (set !== undefined) return set === 'off' || set === '' ? null : set;
  if (env === 'test') return null;
  if (pgliteDir === null) return '.data/search-index';
  return pgliteDir.startsWith('memory://') ? null : `${pgliteDir.replace(/\/+$/, '')}.search-index`;
}
