/**
 * Whether an error means "the database cannot be reached right now" rather than a
 * bug: both transports answer those with 503 and Retry-After instead of 500.
 * Drivers disagree on how they say it (codes on the error or its cause, or only a
 * message), so every layer of `cause` is checked.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /connection terminated|terminating connection|connect ECONNREFUSED|the database system is (starting up|shutting down)|timeout exceeded when trying to connect|Connection is closed|Client has encountered a connection error/i;

/** Seconds a client should wait before retrying when the database is down. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let e = error as
    { code?: unknown; cause?: unknown; name?: string; message?: string; originalError?: unknown } | undefined;
  for (let depth = 0; e && depth < 6; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (e.name === 'ConnectionException') return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    e = (e.cause ?? e.originalError) as typeof e;
  }
  return false;
}
