import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Plugin } from 'graphql-yoga';
import { Registry } from 'prom-client';
import { poolStats } from '../../db/pool-stats.ts';
import { DomainError } from '../../domain/errors.ts';
import { useOperationMetrics } from '../../graphql/operation-metrics.ts';
import type { Services } from '../../services.ts';
import { createAppMetrics, type AppMetrics } from './app-metrics.ts';
import { processMetrics } from './process-metrics.ts';

export const METRICS_PATH = '/metrics';

/** What the app hands on to yoga: the operation counters, or nothing when metrics are off. */
export interface MetricsRegistration {
  graphqlPlugins: Plugin[];
}

/**
 * Prometheus metrics for one app, in a registry of its own (tests build many apps in
 * one process; prom-client's global registry would refuse the second). Its hooks are
 * the app's own, so they run before the per-route ones of @fastify/compress: the error
 * counter reads JSON bodies as they were written. Registered before compress and the
 * rate limit, /metrics gets neither.
 */
export async function registerMetrics(
  app: FastifyInstance,
  services: Services,
): Promise<MetricsRegistration> {
  const { enabled, token } = services.config.metrics;
  if (!enabled) return { graphqlPlugins: [] };
  const registry = new Registry();
  const metrics = createAppMetrics(registry);

  app.addHook('onResponse', async (request, reply) => {
    metrics.request(
      {
        method: request.method,
        // The route pattern (`/organizations/:slug/jobs`), never the URL: bounded series.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onSend', async (request, reply, payload) => {
    countError(metrics, request, reply, payload);
    return payload;
  });

  const unsubscribe = services.ingestRuns.subscribe((run) => metrics.ingestRun(run));
  const onSearch = (path: string, reason?: string) => metrics.search(path, reason);
  services.searchPaths.add(onSearch);
  app.addHook('onClose', async () => {
    unsubscribe();
    services.searchPaths.delete(onSearch);
  });

  app.get(
    METRICS_PATH,
    // Scrapers come every few seconds from one address; the document is for API clients.
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      if (token && !bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new DomainError('unauthorized', 'A valid bearer token is required for /metrics');
      }
      metrics.setPools(await poolStats(services.orm));
      metrics.setLiveReads(services.liveReads);
      const live = services.search.index;
      const index = live?.index();
      metrics.setSearchIndex(
        live
          ? {
              state: live.state,
              jobs: index?.docCount ?? 0,
              segments: index?.segments.length ?? 0,
              nativeBytes: live.nativeBytes(),
              lastBuildSeconds: live.lastBuild ? live.lastBuild.ms / 1000 : null,
              facetThreads: live.facetThreads?.size ?? 0,
              facetThreadCounts: live.facetThreads?.answered ?? 0,
            }
          : null,
      );
      const text = (await registry.metrics()) + (await processMetrics().metrics());
      return reply.type(registry.contentType).send(text);
    },
  );
  return { graphqlPlugins: [useOperationMetrics(metrics)] };
}

/**
 * Counts an error answered in the catalogue's shape that GraphQL execution did not
 * produce: REST bodies, and /graphql requests refused before yoga ran (rate limit,
 * body too large, starting), which come in the GraphQL shape. Yoga's own responses
 * arrive here as streams and are counted by the yoga plugin instead.
 */
function countError(
  metrics: AppMetrics,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): void {
  if (reply.statusCode < 400 || typeof payload !== 'string') return;
  const transport = request.url.split('?')[0] === '/graphql' ? 'graphql' : 'rest';
  for (const code of codesOf(payload)) metrics.responseError(transport, code);
}

function codesOf(payload: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return [];
  }
  const rest = (body as { error?: { code?: unknown } } | null)?.error?.code;
  if (typeof rest === 'string') return [rest];
  const errors = (body as { errors?: { extensions?: { code?: unknown } }[] } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.map((e) => e.extensions?.code).filter((c): c is string => typeof c === 'string');
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  // Digests have one length, so the comparison takes the same time whatever was sent.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}
