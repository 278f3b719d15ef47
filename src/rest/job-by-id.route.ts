import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import { UUID } from '../domain/ids.ts';
import { errorResponses, rateLimitHeaders } from './error-schema.ts';
import { jobItemSchema, toJobItem } from './job-item.ts';
import { authenticateOrganization } from './organization-auth.ts';
import type { RestDeps } from './rest-deps.ts';

const params = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', pattern: UUID.source, description: 'Job id (UUID), as in search results.' },
  },
} as const;

const notFound = (id: string) => new DomainError('not_found', `No job ${id}`);

/**
 * One job by id, in each operation's envelope: `GET /search/jobs/{id}` (public, any
 * status: a closed job says so in `status`) → `{ success, data }`, and `GET /jobs/{id}`
 * (X-API-Key: only a job on the caller's board, else 404 as if it did not exist) →
 * `{ job }`. A client keeps ids from a list and comes back for one.
 */
export function registerJobByIdRoutes(app: FastifyInstance, services: RestDeps): void {
  app.get<{ Params: { id: string } }>('/search/jobs/:id', {
    schema: {
      summary: 'One job',
      operationId: 'getJob',
      security: [],
      tags: ['jobs'],
      params,
      response: {
        200: {
          description: 'The job.',
          headers: rateLimitHeaders,
          type: 'object',
          required: ['success', 'data'],
          properties: { success: { type: 'boolean', const: true }, data: { $ref: `${jobItemSchema.$id}#` } },
        },
        ...errorResponses(400),
      },
    },
    handler: async (request) => {
      const job = await services.jobs.findOne(request.em, request.params.id);
      if (!job) throw notFound(request.params.id);
      return { success: true, data: toJobItem(job) };
    },
  });
  app.get<{ Params: { id: string } }>('/jobs/:id', {
    schema: {
      summary: "One of the caller organization's jobs",
      operationId: 'getOrganizationJob',
      security: [{ apiKey: [] }],
      tags: ['jobs'],
      params,
      response: {
        200: {
          description: 'The job, on the caller’s board.',
          headers: rateLimitHeaders,
          type: 'object',
          required: ['job'],
          properties: { job: { $ref: `${jobItemSchema.$id}#` } },
        },
        ...errorResponses(400, 401),
      },
    },
    onRequest: authenticateOrganization(services),
    handler: async (request) => {
      const job = await services.jobs.findOne(request.em, request.params.id, request.organizationId!);
      if (!job) throw notFound(request.params.id);
      return { job: toJobItem(job) };
    },
  });
}
