/**
 * A gateway for the push part, wired as `serve` wires one (src/main.ts): the real
 * Fastify app listening on a loopback port, the outbox's feed followed from the start,
 * and the webhook worker. Differences, on purpose: no search index (the push path does
 * not read it, and its build would count as the gateway's CPU), loopback webhook targets
 * allowed (the receiver), and no rate limit (1,000 streams come from one address).
 */
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { migrate } from '../../src/db/orm.ts';
import { createApp } from '../../src/http/create-app.ts';
import { startWebhooks } from '../../src/main.ts';
import { createServices, type Services } from '../../src/services.ts';
import type { WebhookWorker } from '../../src/webhooks/webhook-worker.ts';

export interface Gateway {
  services: Services;
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Warnings the gateway logged (the first 20 lines), and how many. */
  warnings: { lines: string[]; count: number };
  close(): Promise<void>;
}

export const GATEWAY_ENV = {
  SEARCH_INDEX: 'false',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'loopback',
  RATE_LIMIT_MAX: '100000000',
} as const;

/**
 * `replicaUrl`: a streaming replica's URL of the same database (--push-replica);
 * `fillIntervalMs`: WEBHOOK_FILL_INTERVAL_MS (--push-fill-interval), else the default.
 */
export async function startGateway(
  databaseUrl: string,
  replicaUrl?: string,
  fillIntervalMs?: number,
): Promise<Gateway> {
  const warnings = { lines: [] as string[], count: 0 };
  const logger = pino(
    { level: 'warn' },
    {
      write: (line: string) => {
        warnings.count++;
        if (warnings.lines.length < 20) warnings.lines.push(line.trim());
      },
    },
  );
  const services = await createServices(
    loadConfig({
      DATABASE_URL: databaseUrl,
      ...(replicaUrl && { DATABASE_REPLICA_URLS: replicaUrl }),
      ...GATEWAY_ENV,
      ...(fillIntervalMs !== undefined && { WEBHOOK_FILL_INTERVAL_MS: String(fillIntervalMs) }),
    }),
    { logger },
  );
  await migrate(services.orm);
  const app = await createApp(services);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  await services.jobEvents();
  const webhooks: WebhookWorker = startWebhooks(services);
  return {
    services,
    app,
    base: address,
    warnings,
    close: async () => {
      await webhooks.stop();
      // Event streams never end by themselves; main.ts cuts them after a grace period too.
      app.server.closeAllConnections();
      await app.close();
      await services.close();
    },
  };
}
