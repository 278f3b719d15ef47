import type { FastifyInstance } from 'fastify';
import { errorResponses, rateLimitHeaders } from './error-schema.ts';
import type { RestDeps } from './rest-deps.ts';

/** GET /categories: the taxonomy, so clients can offer and send category filters. */
export function registerCategoriesRoute(app: FastifyInstance, services: RestDeps): void {
  app.get('/categories', {
    schema: {
      summary: 'List job categories',
      operationId: 'listCategories',
      security: [],
      tags: ['categories'],
      response: {
        200: {
          description: 'The taxonomy: stable UUIDs and slugs, both accepted by the categories filter.',
          headers: rateLimitHeaders,
          type: 'object',
          required: ['success', 'data'],
          properties: {
            success: { type: 'boolean', const: true },
            data: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'slug', 'name'],
                properties: {
                  id: { type: 'string', format: 'uuid' },
                  slug: { type: 'string' },
                  name: { type: 'string' },
                },
              },
            },
          },
        },
        ...errorResponses(),
      },
    },
    handler: async (request) => {
      const categories = await services.catalog.allCategories(request.em);
      return { success: true, data: categories.map((c) => ({ id: c.id, slug: c.slug, name: c.name })) };
    },
  });
}
