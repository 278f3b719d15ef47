import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.ts';

/** Liveness says the process answers; readiness says it can reach the database. */
export function registerHealthRoutes(app: FastifyInstance, services: Services): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const check = await services.orm.checkConnection();
    if (!check.ok) {
      reply.header('retry-after', '5');
      return reply.status(503).send({
        success: false,
        error: { code: 'database_unavailable', message: 'The database is unavailable', details: [] },
      });
    }
    return { status: 'ready' };
  });
}
