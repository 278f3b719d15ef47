/**
 * Typed failure of a board fetch, thrown by the HTTP client once its retries are spent
 * (or at once for errors that retrying cannot fix). Codes are namespaced like the rest of
 * the error catalogue (STYLE.md §6) so the pipeline can log and count them without
 * matching on messages.
 */
export const FETCH_ERROR_CODES = [
  'ingest/http_status',
  'ingest/timeout',
  'ingest/network',
  'ingest/body_too_large',
] as const;
export type FetchErrorCode = (typeof FETCH_ERROR_CODES)[number];

export interface FetchErrorInit {
  code: FetchErrorCode;
  url: string;
  attempts: number;
  httpStatus?: number;
  cause?: unknown;
}

export class FetchError extends Error {
  override readonly name = 'FetchError';
  readonly code: FetchErrorCode;
  readonly url: string;
  /** How many requests were made before giving up (1 = no retry happened). */
  readonly attempts: number;
  /** The last HTTP status seen, for `ingest/http_status` (and a 413-like body limit). */
  readonly httpStatus?: number;

  constructor(message: string, init: FetchErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.url = init.url;
    this.attempts = init.attempts;
    if (init.httpStatus !== undefined) this.httpStatus = init.httpStatus;
  }
}

export function isFetchError(value: unknown): value is FetchError {
  return value instanceof FetchError;
}
