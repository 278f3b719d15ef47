import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * Validators and freshness: every response gets an ETag, and a GET whose
 * If-None-Match still matches is answered 304 with no body (@fastify/etag). How long a
 * client may keep an answer depends on what it is: the taxonomy and the API
 * description change with a deploy, a listing with every ingest, an organization's
 * listing is private to its key.
 */
const CACHE_CONTROL: Record<string, string> = {
  '/categories': 'public, max-age=300',
  '/openapi.json': 'public, max-age=300',
  '/': 'no-cache',
  '/app.js': 'no-cache',
  '/jobs': 'private, no-cache',
  '/jobs/:id': 'private, no-cache',
  '/search/jobs/:id': 'no-cache',
  '/search/jobs': 'no-cache',
};

export async function registerCaching(app: FastifyInstance): Promise<void> {
  await app.register(etag);
  app.addHook('onSend', async (request, reply, payload) => {
    const policy = CACHE_CONTROL[request.routeOptions.url ?? ''];
    if (policy && reply.statusCode < 400 && !reply.hasHeader('cache-control'))
      reply.header('cache-control', policy);
    return payload;
  });
}
