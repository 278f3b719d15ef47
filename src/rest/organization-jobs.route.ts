import { FILTER_LIMITS } from '../domain/job-filter.ts';
import type { FastifyInstance } from 'fastify';
import { authenticateOrganization } from './organization-auth.ts';
import type { RestDeps } from './rest-deps.ts';
import { errorResponses, rateLimitHeaders } from './error-schema.ts';
import {
  facetsProperty,
  facetsResponseSchema,
  normalizeFacetsInput,
  requestedFacets,
} from './facet-params.ts';
import { filterProperties, normalizeFilterInput, toJobFilter, type FilterParams } from './filter-params.ts';
import { jobItemSchema, toJobItem } from './job-item.ts';
import { applyAlias } from './param-aliases.ts';

const querySchema = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1, description: '1-based.' },
    per_page: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      description:
        'The same as `per_page`, under the name POST /search/jobs uses; give either (both must agree).',
    },
    search: {
      type: 'string',
      maxLength: FILTER_LIMITS.queryLength,
      description: 'Same rules as q of POST /search/jobs.',
    },
    q: {
      type: 'string',
      maxLength: FILTER_LIMITS.queryLength,
      description:
        'The same as `search`, under the name POST /search/jobs uses; give either (both must agree).',
    },
    query: {
      type: 'string',
      maxLength: FILTER_LIMITS.queryLength,
      description:
        "The same as `search`, under the name GraphQL's JobFilter uses; give either (both must agree).",
    },
    ...filterProperties,
    facets: facetsProperty,
  },
} as const;

const responseSchema = {
  description: "One page of the organization's jobs and the exact totals.",
  headers: rateLimitHeaders,
  type: 'object',
  required: ['jobs', 'total_items', 'total_pages', 'has_more'],
  properties: {
    jobs: { type: 'array', items: { $ref: `${jobItemSchema.$id}#` } },
    total_items: { type: 'integer' },
    total_pages: { type: 'integer' },
    has_more: { type: 'boolean' },
    facets: facetsResponseSchema,
  },
} as const;

interface ListQuery extends FilterParams {
  page: number;
  per_page: number;
  limit?: number;
  search?: string;
  query?: string;
  q?: string;
  facets?: string[];
}

/** GET /jobs: the caller organization's board, `{ jobs, total_items, total_pages, has_more }`. */
export function registerOrganizationJobsRoute(app: FastifyInstance, services: RestDeps): void {
  app.get<{ Querystring: ListQuery }>('/jobs', {
    schema: {
      summary: "The caller organization's jobs",
      operationId: 'listOrganizationJobs',
      description:
        'Requires X-API-Key. Lists are comma-separated (`categories=a,b`) or repeat the name with brackets (`categories[]=a&categories[]=b`).',
      tags: ['jobs'],
      security: [{ apiKey: [] }],
      querystring: querySchema,
      response: { 200: responseSchema, ...errorResponses(400, 401) },
    },
    onRequest: authenticateOrganization(services),
    preValidation: async (request) => {
      const query = request.query as unknown as Record<string, unknown>;
      normalizeFilterInput(query);
      normalizeFacetsInput(query);
      applyAlias(query, 'per_page', 'limit');
      applyAlias(query, 'search', 'q');
      applyAlias(query, 'search', 'query');
    },
    handler: async (request) => {
      const {
        page,
        per_page: perPage,
        limit: _limit,
        search,
        q: _q,
        query: _query,
        facets: facetNames,
        ...params
      } = request.query;
      const { filter: asked, sort } = toJobFilter(params, search, services.locatePlace);
      const filter = { ...asked, organizationId: request.organizationId! };
      const names = requestedFacets(facetNames);
      const { facets, ...result } = await services.search.search(
        request.em,
        filter,
        sort,
        { offset: (page - 1) * perPage, limit: perPage },
        names,
      );
      const totalPages = Math.ceil(result.total / perPage);
      return {
        jobs: result.items.map(toJobItem),
        total_items: result.total,
        total_pages: totalPages,
        has_more: page < totalPages,
        // Only when asked: the contract's keys stay as they are.
        ...(facets && { facets }),
      };
    },
  });
}
