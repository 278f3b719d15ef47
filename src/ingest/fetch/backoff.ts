/**
 * Delay rules for retries: exponential backoff with "full jitter" (a uniform pick in
 * [0, min(cap, base·2^n)]), which spreads retries of many workers better than equal or
 * no jitter — https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/ .
 */

export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
  /** Uniform random in [0, 1); injectable so tests are deterministic. */
  random: () => number;
}

/** Delay before retry number `retry` (1 = first retry). */
export function backoffDelay(retry: number, opts: BackoffOptions): number {
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(opts.random() * ceiling);
}

/**
 * `Retry-After` is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). Returns the
 * wait in ms capped at `maxMs`, or undefined when the header is absent or unreadable so
 * the caller falls back to backoff. A date in the past means "now" (0 ms).
 */
export function parseRetryAfter(header: string | null, nowMs: number, maxMs: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (value === '') return undefined;
  let waitMs: number;
  if (/^\d+$/.test(value)) {
    waitMs = Number(value) * 1000;
  } else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    waitMs = at - nowMs;
  }
  return Math.min(Math.max(waitMs, 0), maxMs);
}

/** Statuses worth another try: rate limiting and server-side trouble. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}
