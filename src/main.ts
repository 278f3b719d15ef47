import { setTimeout as sleep } from 'node:timers/promises';
import { Presets, SingleBar } from 'cli-progress';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { describeDatabase, loadConfig } from './config.ts';
import { isDatabaseUnavailable } from './db/database-errors.ts';
import { engineOf, migrate, openToCommands } from './db/orm.ts';
import { createApp } from './http/create-app.ts';
import { startExpirySweeper } from './ingest/expire-stale.ts';
import { startPoller } from './ingest/poller.ts';
import { DEMO_API_KEY, seedDemo } from './ingest/seed-demo.ts';
import { createServices, type Services } from './services.ts';
import { startWebhookWorker, type WebhookWorker } from './webhooks/webhook-worker.ts';

/** How long a stopping server lets open requests finish before it cuts them. */
const SHUTDOWN_GRACE_MS = 3000;

export interface ServeOptions {
  seedDemo: boolean;
  migrate: boolean;
}

/**
 * load config → build services → build app → listen → reach the database (retrying
 * while it is down: /healthz answers, /readyz says 503) → migrate, seed → ready;
 * closes everything on SIGINT/SIGTERM.
 */
export async function serve(options: ServeOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const config = loadConfig();
  const services = await createServices(config, { embeddedRole: 'serve' });
  const { logger } = services;
  let ready = false;
  let stopping = false;
  const app = await createApp(services, { readiness: { ready: () => ready } });
  let poller: ReturnType<typeof startPoller> | null = null;
  let sweeper: ReturnType<typeof startExpirySweeper> | null = null;
  let webhooks: WebhookWorker | null = null;
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    stopping = true;
    await poller?.stop();
    await sweeper?.stop();
    await webhooks?.stop();
    // Event streams (the page's live list, GraphQL subscriptions) never end by themselves,
    // and the HTTP server's close waits for every connection: with the page open, Ctrl-C
    // used to do nothing at all. Requests in flight get a moment to finish, then go.
    const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    await app.close();
    clearTimeout(cut);
    await services.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ host: config.http.host, port: config.http.port });
  const reached = await untilReachable(
    async () => {
      if (options.migrate || config.database.kind === 'pglite') {
        const applied = await migrate(services.orm);
        if (applied.length) logger.info({ applied }, 'migrations applied');
      } else await services.orm.em.fork().execute('select 1');
    },
    logger,
    describeDatabase(config),
    () => stopping,
  );
  if (!reached) return { app, services };
  // The schema is current: CLI commands may now come in through the served embedded database.
  openToCommands(services.orm);
  if (options.seedDemo && config.demoJobs > 0) {
    const started = Date.now();
    const progress = seedProgress();
    const seeded = await seedDemo(services, config.demoJobs, progress.update).finally(progress.stop);
    if (seeded.created) logger.info({ ...seeded, ms: Date.now() - started }, 'demo data seeded');
  }
  // After the seed: the index is built from what is there, then follows the change log.
  services.search.index?.start();
  ready = true;
  poller = config.ingestPoller ? startPoller(services) : null;
  sweeper = startExpirySweeper(services);
  // The event outbox's feed: followed and pruned from the start, not only once a
  // subscriber opens it (README "Live events"). A failure is logged; the first
  // subscription tries again.
  services.jobEvents().catch((error: unknown) => logger.warn({ err: error }, 'job events: feed not started'));
  if (config.webhooks.delivery) webhooks = startWebhooks(services);
  if (options.seedDemo) printBanner(address);
  return { app, services };
}

/**
 * Saved searches' webhooks, delivered by every gateway (README "Webhooks"). `config`
 * overrides settings of the configuration (tests).
 */
export function startWebhooks(
  services: Services,
  config: Partial<Services['config']['webhooks']> = {},
): WebhookWorker {
  const { logger } = services;
  return startWebhookWorker({
    orm: services.orm,
    jobs: services.jobs,
    jobEventLog: services.jobEventLog,
    eventReader: services.eventReader,
    // PostgreSQL: several connections. An embedded database is one session, which a fill's
    // transaction holds: work beside it (another fill, a send, a load outside it) would wait
    // for it, and it for them.
    ...(engineOf(services.orm) === 'postgres'
      ? { fillsAtOnce: 4, sendWhileFilling: true, loadJobs: services.liveJobs }
      : { fillsAtOnce: 1, sendWhileFilling: false }),
    endpoints: services.webhookEndpoints,
    deliveries: services.webhookDeliveries,
    batchSize: services.config.webhooks.batchSize,
    config: { ...services.config.webhooks, ...config },
    onWarning: (message, details) => logger.warn(details, message),
    onError: (error, what) => logger.warn({ err: error }, what),
    events: () => services.jobEvents(),
  });
}

/**
 * Runs `attempt` until the database answers: a server started before its database
 * (containers, a reboot) waits with backoff up to 30 s between tries, saying which
 * database it waits for, instead of exiting. Other errors stop the start. False when
 * the process was asked to stop meanwhile.
 */
async function untilReachable(
  attempt: () => Promise<void>,
  logger: Logger,
  database: string,
  stopping: () => boolean,
): Promise<boolean> {
  for (let delay = 1000; ; delay = Math.min(delay * 2, 30_000)) {
    try {
      await attempt();
      return true;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      logger.warn(
        `cannot reach the database (${database}): ${(error as Error).message}; retrying in ${delay / 1000} s`,
      );
    }
    await sleep(delay);
    if (stopping()) return false;
  }
}

/** A progress bar for the first start's demo seed, on a terminal only (logs stay clean). */
function seedProgress(): { update(done: number, total: number): void; stop(): void } {
  if (!process.stderr.isTTY) return { update: () => undefined, stop: () => undefined };
  let bar: SingleBar | undefined;
  return {
    update: (done, total) => {
      bar ??= new SingleBar(
        {
          format: '  Generating demo jobs [{bar}] {value}/{total}',
          stream: process.stderr,
          hideCursor: true,
        },
        Presets.shades_classic,
      );
      if (!bar.isActive) bar.start(total, 0);
      bar.update(done);
    },
    stop: () => bar?.stop(),
  };
}

function printBanner(address: string): void {
  const base = address.replace('127.0.0.1', 'localhost');
  process.stdout.write(`
  Job Listings Service is up at ${base}
    GraphiQL     ${base}/graphql
    API docs     ${base}/docs   (OpenAPI: ${base}/openapi.json)
    Demo API key ${DEMO_API_KEY}

  Try:
    curl -s -X POST ${base}/search/jobs -H 'content-type: application/json' \\
      -d '{"q":"engineer","remote_types":["remote"],"limit":5}'
    curl -s '${base}/jobs?per_page=5&job_types[]=full-time' -H 'X-API-Key: ${DEMO_API_KEY}'

`);
}
