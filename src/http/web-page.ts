import type { FastifyInstance } from 'fastify';

/** Placeholder until the search page lands: points people at what exists. */
export function registerWebPage(app: FastifyInstance): void {
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send('<!doctype html><title>Job Listings</title><p>GraphiQL: <a href="/graphql">/graphql</a> · API docs: <a href="/docs">/docs</a></p>'),
  );
}
