import { createGraphQLError } from 'graphql-yoga';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/database-errors.ts';
import { DomainError } from '../domain/errors.ts';

/** Domain errors reach clients with their catalogue code; everything else stays masked. */
export function exposeDomainError(error: unknown): Error | null {
  const original = (error as { originalError?: unknown })?.originalError ?? error;
  if (original instanceof DomainError) {
    return createGraphQLError(original.message, {
      extensions: { code: original.code, details: original.details },
    });
  }
  if (isDatabaseUnavailable(original)) {
    return createGraphQLError('The database is unavailable; retry shortly', {
      extensions: { code: 'database_unavailable', retryAfter: DATABASE_RETRY_AFTER_SECONDS },
    });
  }
  return null;
}
