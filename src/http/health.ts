import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/database-errors.ts';
import type { Services } from '../services.ts';

/**
 * Whether the process has done what it must before serving data (reached the
 * database, applied migrations). The server listens before that, so orchestrators
 * see a live process that is not ready yet rather than a closed port.
 */
export interface Readiness {
  ready(): boolean;
}

export const ALWAYS_READY: Readiness = { ready: () => true };

const unavailable = {
  success: false,
  error: { code: 'database_unavailable', message: 'The database is unavailable', details: [] },
} as const;

/**
 * Liveness says the process answers; readiness says it can serve: started, and the
 * database answers a query now (a pool that has not connected yet is no reason for 503).
 * Neither counts against the rate limit: probes come every few seconds from one address.
 */
export function registerHealthRoutes(app: FastifyInstance, services: Services, readiness: Readiness): void {
  const probe = { schema: { hide: true }, config: { rateLimit: false } };
  app.get('/healthz', probe, async () => ({ status: 'ok' }));
  app.get('/readyz', probe, async (_request, reply) => {
    let ok = readiness.ready();
    if (ok) {
      try {
        await services.orm.em.fork().execute('select 1');
      } catch {
        ok = false;
      }
    }
    if (!ok) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(unavailable);
    }
    return { status: 'ready' };
  });
}
