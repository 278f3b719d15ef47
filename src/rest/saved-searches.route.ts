import type { FastifyInstance } from 'fastify';
import type { SavedSearchRow } from '../db/repositories/saved-search.repository.ts';
import { invalidParameter } from '../domain/errors.ts';
import { FILTER_LIMITS } from '../domain/job-filter.ts';
import {
  deleteSavedSearch,
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NAME_MAX,
  saveSearch,
} from '../search/saved-searches.ts';
import { errorResponses, rateLimitHeaders } from './error-schema.ts';
import {
  filterProperties,
  normalizeFilterInput,
  toFilterParams,
  toJobFilter,
  type FilterParams,
} from './filter-params.ts';
import { authenticateOrganization } from './organization-auth.ts';
import type { RestDeps } from './rest-deps.ts';

/**
 * Saved searches over REST (issue 12, item 3), beside GraphQL's savedSearches,
 * createSavedSearch and deleteSavedSearch, with the same rules (search/saved-searches.ts)
 * and the same ADMIN key. A saved search's `filter` is a POST /search/jobs body (q and the
 * filter parameters, no paging): what it gives back can be posted there as it is.
 */
const { sort: _sort, status: withDefault, ...savedFilterProperties } = filterProperties;
// No default here: a response would show `status: "open"` for a search saved without one.
const { default: _default, ...status } = withDefault;

const filterSchema = {
  $id: 'SavedSearchFilter',
  type: 'object',
  additionalProperties: false,
  description: 'The words and filters of POST /search/jobs (without paging, facets or sort).',
  properties: {
    q: {
      type: 'string',
      maxLength: FILTER_LIMITS.queryLength,
      description: 'Full text, as q of POST /search/jobs.',
    },
    ...savedFilterProperties,
    status,
  },
} as const;

const BODY_KEYS = new Set(['name', 'filter']);
const FILTER_KEYS = new Set(Object.keys(filterSchema.properties));

/**
 * Fastify's validator drops properties a schema does not name, so a misspelt filter
 * would be saved as no filter at all: an unknown key is an error naming it instead.
 */
function rejectUnknownKeys(value: Record<string, unknown>, known: Set<string>, prefix: string): void {
  for (const key of Object.keys(value))
    if (!known.has(key)) throw invalidParameter(`${prefix}${key}`, `${prefix}${key} is not a parameter here`);
}

export const savedSearchSchema = {
  $id: 'SavedSearch',
  type: 'object',
  required: ['id', 'name', 'filter', 'created_at'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', description: 'Unique within the organization (case-insensitive).' },
    filter: { $ref: 'SavedSearchFilter#' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** The schemas the routes refer to by $ref (create-app adds them once, for OpenAPI). */
export const savedSearchSchemas = [filterSchema, savedSearchSchema];

function toItem(s: SavedSearchRow) {
  return { id: s.id, name: s.name, filter: toFilterParams(s.filter), created_at: s.createdAt.toISOString() };
}

const one = (description: string) => ({
  description,
  headers: rateLimitHeaders,
  $ref: 'SavedSearch#',
});

interface CreateBody {
  name: string;
  filter?: FilterParams & { q?: string };
}

const security = [{ apiKey: [] }];
const ADMIN = 'Requires an ADMIN X-API-Key (a READ key gets 403 forbidden).';

export function registerSavedSearchRoutes(app: FastifyInstance, services: RestDeps): void {
  const onRequest = authenticateOrganization(services, 'admin');

  app.get('/saved-searches', {
    schema: {
      summary: "The organization's saved searches",
      operationId: 'listSavedSearches',
      description: `Oldest first. ${ADMIN}`,
      tags: ['saved searches'],
      security,
      response: {
        200: {
          description: "The caller organization's saved searches.",
          headers: rateLimitHeaders,
          type: 'object',
          required: ['saved_searches'],
          properties: { saved_searches: { type: 'array', items: { $ref: 'SavedSearch#' } } },
        },
        ...errorResponses(401, 403),
      },
    },
    onRequest,
    handler: async (request) => ({
      saved_searches: (await services.savedSearches.list(request.em, request.organizationId!)).map(toItem),
    }),
  });

  app.post<{ Body: CreateBody }>('/saved-searches', {
    schema: {
      summary: 'Save a named search',
      operationId: 'createSavedSearch',
      description: `At most ${MAX_SAVED_SEARCHES} per organization; a name it already uses (any case) gets 409 already_exists, a bad filter 400 as POST /search/jobs would. ${ADMIN}`,
      tags: ['saved searches'],
      security,
      body: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: {
            type: 'string',
            minLength: 1,
            maxLength: SAVED_SEARCH_NAME_MAX,
            description: `1 to ${SAVED_SEARCH_NAME_MAX} characters, unique in the organization.`,
          },
          filter: { $ref: 'SavedSearchFilter#' },
        },
      },
      response: { 201: one('The saved search.'), ...errorResponses(400, 401, 403, 409, 413, 415) },
    },
    onRequest,
    // Lists may be comma-separated strings, as in POST /search/jobs.
    preValidation: async (request) => {
      const body = request.body as unknown;
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        rejectUnknownKeys(body as Record<string, unknown>, BODY_KEYS, '');
        const filter = (body as { filter?: unknown }).filter;
        if (filter && typeof filter === 'object' && !Array.isArray(filter)) {
          rejectUnknownKeys(filter as Record<string, unknown>, FILTER_KEYS, 'filter.');
          normalizeFilterInput(filter as Record<string, unknown>);
        }
      }
    },
    handler: async (request, reply) => {
      const { q, ...params } = request.body.filter ?? {};
      const { filter } = toJobFilter(params, q, services.locatePlace);
      const saved = await saveSearch(
        services.savedSearches,
        request.em,
        request.organizationId!,
        request.body.name,
        filter,
      );
      return reply.code(201).send(toItem(saved));
    },
  });

  app.delete<{ Params: { id: string } }>('/saved-searches/:id', {
    schema: {
      summary: 'Delete a saved search',
      operationId: 'deleteSavedSearch',
      description: `Returns the deleted search. Another organization's id is 404, as an unknown one. ${ADMIN}`,
      tags: ['saved searches'],
      security,
      params: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string', maxLength: 64, description: 'The saved search id (UUID).' } },
      },
      response: { 200: one('The deleted saved search.'), ...errorResponses(400, 401, 403) },
    },
    onRequest,
    handler: async (request) =>
      toItem(
        await deleteSavedSearch(
          services.savedSearches,
          request.em,
          request.organizationId!,
          request.params.id,
        ),
      ),
  });
}
