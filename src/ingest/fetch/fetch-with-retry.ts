import { backoffDelay, isRetryableStatus, parseRetryAfter } from './backoff.ts';
import { FetchError } from './fetch-error.ts';
import { BodyTooLargeError, readLimitedBody } from './read-limited-body.ts';

/**
 * The one HTTP client every source adapter uses: per-attempt timeout, bounded retries
 * with jittered backoff, `Retry-After`, conditional GETs and a body-size cap. It knows
 * nothing about job boards; platform quirks (Lever's 200-with-error body) stay in the
 * adapters.
 */

export interface HttpClientOptions {
  /** Time allowed for one attempt, headers and body included. @default 15000 */
  timeoutMs?: number;
  /** Retries after the first attempt (attempts = retries + 1). @default 3 */
  retries?: number;
  /** Backoff base: the first retry waits up to this long. @default 500 */
  baseDelayMs?: number;
  /** Ceiling of one backoff wait. @default 30000 */
  maxDelayMs?: number;
  /** Ceiling of a server-requested `Retry-After` wait. @default 120000 */
  maxRetryAfterMs?: number;
  /** Largest body accepted. @default 52428800 (50 MiB) */
  maxBodyBytes?: number;
  /** Redirect hops followed by hand (we fetch with `redirect: 'manual'`). @default 5 */
  maxRedirects?: number;
  /** Sent on every request; boards block anonymous scrapers less often with a contact UA. */
  userAgent: string;
  /** @default globalThis.fetch */
  fetchImpl?: typeof fetch;
  /** @default setTimeout-based sleep; tests inject one that records the delays. */
  sleep?: (ms: number) => Promise<void>;
  /** @default Math.random */
  random?: () => number;
  /** Clock for HTTP-date `Retry-After`. @default Date.now */
  now?: () => number;
}

export interface GetOptions {
  /** Previous ETag → `If-None-Match`. */
  etag?: string;
  /** Previous Last-Modified → `If-Modified-Since`. */
  lastModified?: string;
  /** @default 'application/json' */
  accept?: string;
  /**
   * Treat any redirect as "board does not exist". Personio answers an unknown subdomain
   * with a 307 to its marketing site; following it would parse HTML as a feed.
   * @default false
   */
  redirectAsNotFound?: boolean;
  /** Cancels the whole call, retries included. */
  signal?: AbortSignal;
}

export type HttpResult =
  | { status: 'ok'; body: string; etag?: string; lastModified?: string; contentType: string }
  | { status: 'not_modified' }
  | { status: 'not_found' };

export interface HttpClient {
  get(url: string, opts?: GetOptions): Promise<HttpResult>;
}

/** One attempt either settles the call or asks for a retry with an optional server-chosen wait. */
type Attempt = { done: HttpResult } | { retry: FetchError; retryAfterMs?: number };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const cfg = {
    timeoutMs: options.timeoutMs ?? 15_000,
    retries: options.retries ?? 3,
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 120_000,
    maxBodyBytes: options.maxBodyBytes ?? 50 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 5,
    userAgent: options.userAgent,
    fetchImpl: options.fetchImpl ?? globalThis.fetch.bind(globalThis),
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    now: options.now ?? Date.now,
  };

  async function attemptOnce(url: string, opts: GetOptions, attempt: number): Promise<Attempt> {
    const timeout = AbortSignal.timeout(cfg.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
    const headers: Record<string, string> = {
      'user-agent': cfg.userAgent,
      accept: opts.accept ?? 'application/json',
    };
    if (opts.etag) headers['if-none-match'] = opts.etag;
    if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;

    const fail = (
      code: FetchError['code'],
      message: string,
      extra: { httpStatus?: number; cause?: unknown },
    ) => new FetchError(message, { code, url, attempts: attempt, ...extra });

    try {
      let target = url;
      for (let hop = 0; ; hop++) {
        const res = await cfg.fetchImpl(target, { headers, signal, redirect: 'manual' });
        const status = res.status;
        if (status >= 300 && status < 400 && status !== 304) {
          await res.body?.cancel().catch(() => undefined);
          const location = res.headers.get('location');
          if (opts.redirectAsNotFound || location === null) return { done: { status: 'not_found' } };
          if (hop >= cfg.maxRedirects) {
            throw fail('ingest/http_status', `too many redirects from ${url}`, { httpStatus: status });
          }
          target = new URL(location, target).toString();
          continue;
        }
        if (status === 304) return { done: { status: 'not_modified' } };
        if (status === 404 || status === 410) {
          await res.body?.cancel().catch(() => undefined);
          return { done: { status: 'not_found' } };
        }
        if (status >= 200 && status < 300) {
          const body = await readLimitedBody(res, cfg.maxBodyBytes);
          const result: HttpResult = {
            status: 'ok',
            body,
            contentType: res.headers.get('content-type') ?? '',
          };
          const etag = res.headers.get('etag');
          const lastModified = res.headers.get('last-modified');
          if (etag !== null) result.etag = etag;
          if (lastModified !== null) result.lastModified = lastModified;
          return { done: result };
        }
        await res.body?.cancel().catch(() => undefined);
        const error = fail('ingest/http_status', `HTTP ${status} from ${target}`, { httpStatus: status });
        // Other 4xx (400, 401, 403...) will not change on a retry.
        if (!isRetryableStatus(status)) throw error;
        const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), cfg.now(), cfg.maxRetryAfterMs);
        return retryAfterMs === undefined ? { retry: error } : { retry: error, retryAfterMs };
      }
    } catch (err) {
      if (err instanceof FetchError) throw err;
      if (err instanceof BodyTooLargeError) {
        throw fail('ingest/body_too_large', `body of ${url} exceeds ${err.limit} bytes`, { cause: err });
      }
      // A caller's cancellation is not a board failure: let it propagate unchanged.
      if (opts.signal?.aborted) throw err;
      if (timeout.aborted) {
        return {
          retry: fail('ingest/timeout', `no complete response from ${url} in ${cfg.timeoutMs} ms`, {
            cause: err,
          }),
        };
      }
      return {
        retry: fail('ingest/network', `network error fetching ${url}: ${describe(err)}`, { cause: err }),
      };
    }
  }

  return {
    async get(url, opts = {}) {
      for (let attempt = 1; ; attempt++) {
        const outcome = await attemptOnce(url, opts, attempt);
        if ('done' in outcome) return outcome.done;
        if (attempt > cfg.retries) throw outcome.retry;
        const delay = outcome.retryAfterMs ?? backoffDelay(attempt, cfg);
        await cfg.sleep(delay);
        opts.signal?.throwIfAborted();
      }
    },
  };
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}
