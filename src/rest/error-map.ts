import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/database-errors.ts';
import { DomainError, ERROR_CODES, type ErrorCode, type ErrorDetail } from '../domain/errors.ts';

export interface ErrorResponse {
  status: number;
  retryAfter?: number;
  body: { success: false; error: { code: string; message: string; details: ErrorDetail[] } };
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
  validation?: { instancePath?: string; message?: string; params?: Record<string, unknown> }[];
  validationContext?: string;
}

function make(
  code: ErrorCode,
  message: string,
  details: ErrorDetail[] = [],
  retryAfter?: number,
): ErrorResponse {
  return {
    status: ERROR_CODES[code],
    retryAfter,
    body: { success: false, error: { code, message, details } },
  };
}

function validationDetails(error: FastifyLikeError): ErrorDetail[] {
  return (error.validation ?? []).map((v) => {
    const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = v.params?.missingProperty as string | undefined;
    const field = missing ?? path;
    const allowed = v.params?.allowedValues as unknown[] | undefined;
    const message = `${field || 'body'} ${v.message ?? 'is invalid'}${allowed ? ` (${allowed.join(', ')})` : ''}`;
    return field ? { field, message } : { message };
  });
}

/** Maps anything a REST route can throw to the one error shape. The only such map. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof DomainError) return make(error.code, error.message, error.details, error.retryAfter);
  const e = (error ?? {}) as FastifyLikeError;
  if (e.validation) {
    const details = validationDetails(e);
    // A field at fault is a parameter wherever it came from (query or body); only a body
    // that is not an object at all is invalid_body.
    const code: ErrorCode = details.some((d) => d.field) ? 'invalid_parameter' : 'invalid_body';
    return make(code, details[0]?.message ?? 'Invalid request', details);
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return make('payload_too_large', 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return make('unsupported_media_type', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return make('invalid_body', 'Request body is not valid JSON');
  }
  if (isDatabaseUnavailable(error)) {
    return make(
      'database_unavailable',
      'The database is unavailable; retry shortly',
      [],
      DATABASE_RETRY_AFTER_SECONDS,
    );
  }
  if (e.statusCode === 413) return make('payload_too_large', 'Request body is too large');
  if (e.statusCode === 415) return make('unsupported_media_type', 'Content-Type must be application/json');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return { ...make('invalid_parameter', e.message ?? 'Bad request'), status: e.statusCode };
  }
  return make('internal_error', 'Internal server error');
}
