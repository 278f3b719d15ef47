import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.ts';
import { migrate } from './db/orm.ts';
import { createApp } from './http/create-app.ts';
import { startPoller } from './ingest/poller.ts';
import { DEMO_API_KEY, seedDemo } from './ingest/seed-demo.ts';
import { createServices, type Services } from './services.ts';

export interface ServeOptions {
  seedDemo: boolean;
  migrate: boolean;
}

/** load config → build services → build app → listen; closes everything on SIGINT/SIGTERM. */
export async function serve(options: ServeOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const config = loadConfig();
  const services = await createServices(config);
  const { logger } = services;
  if (options.migrate || config.database.kind === 'pglite') {
    const applied = await migrate(services.orm);
    if (applied.length) logger.info({ applied }, 'migrations applied');
  }
  if (options.seedDemo && config.demoJobs > 0) {
    const started = Date.now();
    const seeded = await seedDemo(services, config.demoJobs);
    if (seeded.created) logger.info({ ...seeded, ms: Date.now() - started }, 'demo data seeded');
  }
  const app = await createApp(services);
  const poller = config.ingestPoller ? startPoller(services) : null;
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await poller?.stop();
    await app.close();
    await services.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ host: config.http.host, port: config.http.port });
  if (options.seedDemo) printBanner(address);
  return { app, services };
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
