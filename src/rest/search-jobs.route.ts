import { FILTER_LIMITS } from '../domain/job-filter.ts';
import type { FastifyInstance } from 'fastify';
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

const bodySchema = {
  type: 'object',
  properties: {
    q: {
      type: 'string',
      maxLength: FILTER_LIMITS.queryLength,
      description: 'Full text: title, company, description; prefix words, ANDed.',
    },
    search: {
      type: 'string',
      maxLength: FILTER_LIMITS.queryLength,
      description: 'The same as `q`, under the name GET /jobs uses; give either (both must agree).',
    },
    query: {
      type: 'string',
      maxLength: FILTER_LIMITS.queryLength,
      description: "The same as `q`, under the name GraphQL's JobFilter uses; give either (both must agree).",
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 20,
      description: '1..100 (the page offers 10/20/50/100).',
    },
    per_page: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      description:
        "The same as `limit`, under the name GET /jobs uses and this response's pagination echoes; give either (both must agree).",
    },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1, description: '1-based.' },
    ...filterProperties,
    facets: facetsProperty,
  },
} as const;

const responseSchema = {
  description: 'One page of matching jobs and the exact total.',
  headers: rateLimitHeaders,
  type: 'object',
  required: ['success', 'data', 'pagination'],
  properties: {
    success: { type: 'boolean', const: true },
    data: { type: 'array', items: { $ref: `${jobItemSchema.$id}#` } },
    pagination: {
      type: 'object',
      required: ['page', 'per_page', 'total', 'total_pages', 'has_more'],
      properties: {
        page: { type: 'integer' },
        per_page: { type: 'integer' },
        total: { type: 'integer', description: 'Exact number of matching jobs.' },
        total_pages: { type: 'integer' },
        has_more: { type: 'boolean' },
      },
    },
    facets: facetsResponseSchema,
  },
} as const;

interface SearchBody extends FilterParams {
  q?: string;
  search?: string;
  query?: string;
  per_page?: number;
  limit: number;
  page: number;
  facets?: string[];
}

/** POST /search/jobs: public search, the contract's `{ success, data, pagination }` envelope. */
export function registerSearchJobsRoute(app: FastifyInstance, services: RestDeps): void {
  app.post<{ Body: SearchBody }>('/search/jobs', {
    schema: {
      summary: 'Search jobs',
      operationId: 'searchJobs',
      // Public: no key needed.
      security: [],
      description:
        'Public full-text search with filters. Arrays may be JSON arrays or comma-separated strings.',
      tags: ['jobs'],
      body: bodySchema,
      response: { 200: responseSchema, ...errorResponses(400, 413, 415) },
    },
    // A missing body means "no filters"; comma strings become arrays before validation.
    preValidation: async (request) => {
      if (request.body === undefined || request.body === null) request.body = {} as SearchBody;
      if (typeof request.body === 'object' && !Array.isArray(request.body)) {
        const body = request.body as unknown as Record<string, unknown>;
        normalizeFilterInput(body);
        normalizeFacetsInput(body);
        applyAlias(body, 'limit', 'per_page');
        applyAlias(body, 'q', 'search');
        applyAlias(body, 'q', 'query');
      }
    },
    handler: async (request) => {
      const {
        q,
        limit,
        page,
        facets: facetNames,
        search: _search,
        query: _query,
        per_page: _perPage,
        ...params
      } = request.body;
      const { filter, sort } = toJobFilter(params, q, services.locatePlace);
      const names = requestedFacets(facetNames);
      const { facets, ...result } = await services.search.search(
        request.em,
        filter,
        sort,
        { offset: (page - 1) * limit, limit },
        names,
      );
      const totalPages = Math.ceil(result.total / limit);
      return {
        success: true,
        data: result.items.map(toJobItem),
        pagination: {
          page,
          per_page: limit,
          total: result.total,
          total_pages: totalPages,
          has_more: page < totalPages,
        },
        // Only when asked: the contract's keys stay as they are.
        ...(facets && { facets }),
      };
    },
  });
}
