import { ERROR_CODES } from '../domain/errors.ts';

/** The one error body of every REST route: an OpenAPI component named `Error`. */
export const errorSchema = {
  $id: 'Error',
  type: 'object',
  required: ['success', 'error'],
  properties: {
    success: { type: 'boolean', const: false },
    error: {
      type: 'object',
      required: ['code', 'message', 'details'],
      properties: {
        code: {
          type: 'string',
          enum: Object.keys(ERROR_CODES),
          description:
            'Stable code from the one catalogue (README "Error codes"); the same as GraphQL extensions.code.',
        },
        message: { type: 'string', description: 'For people; may change.' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['message'],
            properties: {
              field: {
                type: 'string',
                description: 'The parameter at fault, e.g. `per_page` or `remote_types.1`.',
              },
              message: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;

const retryAfter = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' },
} as const;

/** Sent on every response of a rate-limited route (@fastify/rate-limit). */
export const rateLimitHeaders = {
  'x-ratelimit-limit': { type: 'integer', description: 'Requests allowed per window.' },
  'x-ratelimit-remaining': { type: 'integer', description: 'Requests left in this window.' },
  'x-ratelimit-reset': { type: 'integer', description: 'Seconds until the window resets.' },
} as const;

const WHEN: Record<number, string> = {
  400: 'Invalid parameter or body (invalid_parameter, invalid_body, bad_request).',
  401: 'Missing or unknown API key (unauthorized), or a known key that expired (api_key_expired) or was revoked (api_key_revoked).',
  403: 'A valid key without the scope the operation needs (forbidden): a READ key managing saved searches.',
  404: 'No such route, or no such resource of the caller organization (not_found).',
  408: 'The request did not arrive in time (request_timeout).',
  409: 'A name the organization already uses (already_exists).',
  413: 'Body too large (payload_too_large).',
  415: 'Content-Type is not application/json (unsupported_media_type).',
  429: 'Rate limit exceeded (rate_limited); see Retry-After.',
  431: 'Request headers too large (headers_too_large).',
  500: 'Unexpected failure (internal_error); never with internals.',
  503: 'The database is unavailable or the service is starting (database_unavailable); see Retry-After.',
};

/** Response schemas for the error statuses a route can answer, all the Error component. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    [...new Set([...statuses, 404, 408, 429, 431, 500, 503])].map((status) => [
      status,
      {
        description: WHEN[status],
        $ref: 'Error#',
        ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
      },
    ]),
  );
}
