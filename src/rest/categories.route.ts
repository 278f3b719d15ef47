import type { FastifyInstance } from 'fastify';
import type { RestDeps } from './rest-deps.ts';

/** GET /categories: the taxonomy, so clients can offer and send category filters. */
export function registerCategoriesRoute(app: FastifyInstance, services: RestDeps): void {
  app.get('/categories', {
    schema: {
      summary: 'List job categories',
      tags: ['categories'],
      response: {
        200: {
          type: 'object',
          properties: {
            success: { type: 'boolean' },
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: { id: { type: 'string' }, slug: { type: 'string' }, name: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    handler: async (request) => {
      const categories = await services.catalog.allCategories(request.em);
      return { success: true, data: categories.map((c) => ({ id: c.id, slug: c.slug, name: c.name })) };
    },
  });
}
