/**
 * The one error catalogue. Codes are stable and never reused once retired; REST puts
 * them in `error.code`, GraphQL in `extensions.code`. The HTTP status lives here so
 * both transports agree.
 */
export const ERROR_CODES = {
  invalid_parameter: 400,
  invalid_body: 400,
  /** A GraphQL document that does not parse, does not validate, or exceeds the document limits. */
  invalid_query: 400,
  /** The HTTP request itself is malformed (URL encoding, conflicting length headers). */
  bad_request: 400,
  /** A GraphQL request with a document while only trusted (persisted) documents are accepted. */
  persisted_query_only: 400,
  /** A persisted-document hash the server does not hold. */
  persisted_query_not_found: 400,
  unauthorized: 401,
  /** The key's secret is right but its expiry passed (or the overlap after a rotation ended). */
  api_key_expired: 401,
  /** The key's secret is right but the key was revoked. */
  api_key_revoked: 401,
  /** A valid key without the scope the operation needs (a read key managing keys). */
  forbidden: 403,
  not_found: 404,
  /** A GraphQL operation the HTTP method cannot carry (a mutation over GET). */
  method_not_allowed: 405,
  /** The request (headers and body) did not arrive within REQUEST_TIMEOUT_MS. */
  request_timeout: 408,
  /** A name already taken in the organization (a saved search's). */
  already_exists: 409,
  /** A Last-Event-ID older than the event retention window: the events after it were pruned. */
  event_id_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  database_unavailable: 503,
  internal_error: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorDetail {
  /** The parameter or body path at fault, e.g. `per_page` or `remote_types[1]`. */
  field?: string;
  message: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];
  /** Seconds a client should wait before retrying (429, 503). */
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, details: ErrorDetail[] = [], retryAfter?: number) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = ERROR_CODES[code];
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

export function invalidParameter(field: string, message: string): DomainError {
  return new DomainError('invalid_parameter', message, [{ field, message }]);
}

/**
 * One message for a missing, malformed or unknown key, or a wrong secret: no oracle for
 * attackers. A key whose secret matched learns more (api_key_expired, api_key_revoked).
 */
export function unauthorized(): DomainError {
  return new DomainError('unauthorized', 'A valid API key is required in the X-API-Key header');
}

export function forbidden(message: string): DomainError {
  return new DomainError('forbidden', message);
}
