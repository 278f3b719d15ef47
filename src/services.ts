import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';
import { createJobEventFeed, type JobEventFeed } from './db/job-events.ts';
import { closeOrm, createOrm, engineOf, type EmbeddedRole, type Orm } from './db/orm.ts';
import { listenFor } from './db/listen.ts';
import { CatalogRepository } from './db/repositories/catalog.repository.ts';
import { ExpiryRepository } from './db/repositories/expiry.repository.ts';
import { IngestRepository } from './db/repositories/ingest.repository.ts';
import { JobEventRepository, type EventReader } from './db/repositories/job-event.repository.ts';
import { jobBatchLoader, type JobLoad } from './db/job-batch-loader.ts';
import { PageMarks, type LiveReads } from './db/page-marks.ts';
import type { EventPosition } from './domain/event-id.ts';
import type { JobRecord } from './domain/job-record.ts';
import type { PlaceLocator } from './domain/near-filter.ts';
import { JobRepository } from './db/repositories/job.repository.ts';
import { JobWriter } from './db/repositories/job-writer.ts';
import { OrganizationRepository } from './db/repositories/organization.repository.ts';
import { SavedSearchRepository } from './db/repositories/saved-search.repository.ts';
import { SEARCH_CHANGES_CHANNEL, SearchIndexRepository } from './db/repositories/search-index.repository.ts';
import { SourceRepository } from './db/repositories/source.repository.ts';
import { WebhookDeliveryRepository } from './db/repositories/webhook-delivery.repository.ts';
import { WebhookEndpointRepository } from './db/repositories/webhook-endpoint.repository.ts';
import { createHttpClient, type HttpClient } from './ingest/fetch/fetch-with-retry.ts';
import { inProcessNormalizer, threadedNormalizer, type Normalizer } from './ingest/normalize-pool.ts';
import { locatePlace } from './ingest/normalize/locate-place.ts';
import { createIngestRuns, type IngestRuns } from './ingest/ingest-runs.ts';
import { createSourceRegistry, type SourceRegistry } from './ingest/sources/registry.ts';
import { EventMatcher } from './search/event-matcher.ts';
import { JobSearch, type SearchPath } from './search/job-search.ts';
import { FacetThreads } from './search/facet-threads.ts';
import { LiveSearchIndex } from './search/live-index.ts';
import { checkWebhookTarget } from './webhooks/webhook-target.ts';

/** Everything long-lived, built once and passed down: no module-level singletons. */
export interface Services {
  config: Readonly<Config>;
  orm: Orm;
  logger: Logger;
  clock: () => Date;
  jobs: JobRepository;
  /**
   * Searches of both operations: the search index when it is on and started
   * (`search.index.start()`: servers do, CLI commands do not), else SQL.
   */
  search: JobSearch;
  /** Each search's path, announced to whoever counts them (metrics). */
  searchPaths: Set<(path: SearchPath, reason?: string) => void>;
  writer: JobWriter;
  organizations: OrganizationRepository;
  /** Organizations' saved searches. */
  savedSearches: SavedSearchRepository;
  /**
   * A `near` filter's place name → its point, by the gazetteer ingest reads postings with
   * (the API layers may not import ingest; README "Near a place").
   */
  locatePlace: PlaceLocator;
  /** Saved searches' webhook endpoints and their deliveries (README "Webhooks"). */
  webhookEndpoints: WebhookEndpointRepository;
  webhookDeliveries: WebhookDeliveryRepository;
  /** A webhook URL checked (form, scheme, the addresses its host resolves to), or the invalid_parameter why not. */
  checkWebhookUrl(url: string): Promise<URL>;
  catalog: CatalogRepository;
  ingest: IngestRepository;
  expiry: ExpiryRepository;
  sources: SourceRepository;
  registry: SourceRegistry;
  http: HttpClient;
  /** Normalizes feeds for the ingest pipeline, in worker threads unless NORMALIZE_THREADS=0. */
  normalizer: Normalizer;
  /** Completed ingest runs of this process, announced to whoever counts them (metrics). */
  ingestRuns: IngestRuns;
  /** Shared rate-limit store when REDIS_URL is set. */
  redis: Redis | null;
  /** Reads of the job event outbox (live subscriptions). */
  jobEventLog: JobEventRepository;
  /** What live subscriptions and webhook endpoints read their events through (EVENT_MATCHING). */
  eventReader: EventReader;
  /** Jobs by id for live subscriptions, gathered into one statement for all of them (job-batch-loader.ts). */
  liveJobs: JobLoad<JobRecord>;
  /** Live reads so far (the shared reader's pages, liveJobs' statements), by server: a replica replayed far enough, or the primary. */
  liveReads: LiveReads;
  /** The outbox's deliverable end, followed by LISTEN and a poll; opened on first use (only servers need it). */
  jobEvents(): Promise<JobEventFeed>;
  close(): Promise<void>;
}

export interface ServiceOverrides {
  logger?: Logger;
  clock?: () => Date;
  /** Sees every SQL statement (tests count statements per request). */
  onQuery?: (sql: string) => void;
  /** Source adapters pointed elsewhere (tests serve boards from loopback). */
  registry?: SourceRegistry;
  http?: HttpClient;
  /** `serve` opens an embedded database directory and serves it to other processes. @default 'command' */
  embeddedRole?: EmbeddedRole;
}

export async function createServices(
  config: Readonly<Config>,
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const logger = overrides.logger ?? pino({ level: config.logLevel });
  const clock = overrides.clock ?? (() => new Date());
  const orm = await createOrm(config.database, {
    onQuery: overrides.onQuery,
    embeddedRole: overrides.embeddedRole,
  });
  const postgres = engineOf(orm) === 'postgres';
  let events: Promise<JobEventFeed> | undefined;
  // The newest outbox position the feed has seen deliverable: the event matcher's pages read up to it.
  let deliverable: EventPosition | null = null;
  // Fail fast instead of queueing commands while Redis is away; the limiter then lets requests through.
  const redis = config.rateLimit.redisUrl
    ? new Redis(config.rateLimit.redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : null;
  redis?.on('error', (error) => logger.warn({ err: error }, 'redis unavailable'));
  const databaseUrl = config.database.kind === 'postgres' ? config.database.url : null;
  const normalizer =
    config.normalizeThreads > 0
      ? threadedNormalizer(config.normalizeThreads, (error) =>
          logger.warn({ err: error }, 'normalize worker failed; normalized on the main thread'),
        )
      : inProcessNormalizer();
  const jobs = new JobRepository(clock, { indexOnlyMatching: postgres, preparedReads: postgres });
  const live = config.searchIndex.enabled
    ? new LiveSearchIndex(orm, new SearchIndexRepository({ preparedReads: postgres }), {
        logger,
        clock,
        pollMs: config.searchIndex.pollMs,
        maxDelta: config.searchIndex.maxDelta,
        retentionMs: config.searchIndex.retentionMs,
        snapshotDir: config.searchIndex.snapshotDir,
        facetCacheSize: config.searchIndex.facetCacheSize,
        pinnedWords: config.searchIndex.pinnedWords,
        // A CLI writing through the served embedded database does not follow its log.
        ...(engineOf(orm) !== 'pglite-served' && {
          listen: ({ onNotify, onState }) =>
            listenFor(orm, databaseUrl, SEARCH_CHANGES_CHANNEL, {
              onNotify,
              onState,
              onError: (error, what) => logger.warn({ err: error }, `search index: ${what}`),
            }),
        }),
        facetThreads:
          config.searchIndex.facetThreads > 0
            ? new FacetThreads(config.searchIndex.facetThreads, {
                logger,
                minMatches: config.searchIndex.facetThreadMinMatches,
                busyFrom: config.searchIndex.facetThreadBusy,
              })
            : null,
      })
    : null;
  const jobEventLog = new JobEventRepository(clock);
  // Heads' and pages' log positions, for live reads on a replica (only worth reading with replicas).
  const pageMarks =
    config.database.kind === 'postgres' && config.database.replicaUrls.length > 0
      ? new PageMarks()
      : undefined;
  const liveReads: LiveReads = { pages: { replica: 0, primary: 0 }, jobs: { replica: 0, primary: 0 } };
  const searchPaths = new Set<(path: SearchPath, reason?: string) => void>();
  return {
    config,
    orm,
    logger,
    clock,
    jobs,
    search: new JobSearch(jobs, live, {
      logger,
      logInPageRead: !(config.database.kind === 'postgres' && config.database.replicaUrls.length > 0),
      onAnswer: (path, reason) => {
        for (const listener of searchPaths) listener(path, reason);
      },
    }),
    searchPaths,
    // New jobs go in with a binary COPY on PostgreSQL (PGlite, in process or served, has no COPY protocol).
    writer: new JobWriter({ copy: postgres }),
    organizations: new OrganizationRepository(),
    savedSearches: new SavedSearchRepository(),
    locatePlace,
    webhookEndpoints: new WebhookEndpointRepository(),
    webhookDeliveries: new WebhookDeliveryRepository(),
    checkWebhookUrl: (url) => checkWebhookTarget(url, config.webhooks.allowPrivateTargets),
    catalog: new CatalogRepository(),
    ingest: new IngestRepository(),
    expiry: new ExpiryRepository(),
    sources: new SourceRepository(),
    registry: overrides.registry ?? createSourceRegistry(),
    http: overrides.http ?? createHttpClient({ userAgent: 'job-listings-service/0.1 (+https://localhost)' }),
    normalizer,
    ingestRuns: createIngestRuns(),
    redis,
    jobEventLog,
    liveJobs: jobBatchLoader(orm, jobs, pageMarks, (server) => liveReads.jobs[server]++),
    liveReads,
    eventReader:
      config.events.matching === 'memory'
        ? new EventMatcher(new SearchIndexRepository(), jobEventLog, clock, {
            marks: pageMarks,
            onPageRead: (server) => liveReads.pages[server]++,
            deliverable: () => deliverable,
          })
        : jobEventLog,
    jobEvents: () =>
      (events ??= createJobEventFeed(orm, jobEventLog, databaseUrl, {
        marks: pageMarks,
        onHead: (last) => {
          deliverable = last;
        },
        pollMs: config.events.pollMs,
        retentionMs: config.events.retentionHours * 3_600_000,
        webhookLagMs: config.webhooks.disableAfterMs,
        onError: (error, what) => logger.warn({ err: error }, what),
        onWarning: (message, details) => logger.warn(details, message),
      }).catch((error: unknown) => {
        // Not kept: the next caller (a subscription, a restart of the feed) tries again.
        events = undefined;
        throw error;
      })),
    close: async () => {
      await live?.stop();
      redis?.disconnect();
      if (events) await (await events.catch(() => null))?.close();
      await normalizer.close();
      await closeOrm(orm);
    },
  };
}
