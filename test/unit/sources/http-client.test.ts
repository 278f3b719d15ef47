import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../../../src/ingest/fetch/backoff.ts';
import { FetchError } from '../../../src/ingest/fetch/fetch-error.ts';
import { createHttpClient } from '../../../src/ingest/fetch/fetch-with-retry.ts';
import type { HttpClientOptions } from '../../../src/ingest/fetch/fetch-with-retry.ts';
import { recordingSleep, startTestServer } from './support/test-server.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let clock: ReturnType<typeof recordingSleep>;

beforeEach(async () => {
  server = await startTestServer();
  clock = recordingSleep();
});
afterEach(() => server.close());

function client(overrides: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    userAgent: 'jobs-test/1.0 (+ops@example.test)',
    timeoutMs: 2_000,
    retries: 3,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    sleep: clock.sleep,
    random: () => 0.5,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FetchError);
  return err as FetchError;
}

describe('http client', () => {
  it('returns the body with its validators and sends our user agent', async () => {
    server.route('/feed', {
      status: 200,
      body: '{"ok":true}',
      headers: { etag: '"v1"', 'last-modified': 'Tue, 03 Mar 2026 10:00:00 GMT' },
    });
    const res = await client().get(`${server.url}/feed`, { accept: 'application/xml' });
    expect(res).toEqual({
      status: 'ok',
      body: '{"ok":true}',
      etag: '"v1"',
      lastModified: 'Tue, 03 Mar 2026 10:00:00 GMT',
      contentType: 'application/json',
    });
    expect(server.requests[0]?.headers['user-agent']).toBe('jobs-test/1.0 (+ops@example.test)');
    expect(server.requests[0]?.headers.accept).toBe('application/xml');
  });

  it('reports a 404 as not_found without retrying', async () => {
    server.route('/gone', { status: 404, body: '{}' });
    expect(await client().get(`${server.url}/gone`)).toEqual({ status: 'not_found' });
    expect(server.requests).toHaveLength(1);
    expect(clock.delays).toEqual([]);
  });

  it('waits for Retry-After seconds after a 429, then succeeds', async () => {
    server.route('/busy', { status: 429, headers: { 'retry-after': '7' } }, { status: 200, body: '[]' });
    const res = await client().get(`${server.url}/busy`);
    expect(res.status).toBe('ok');
    expect(clock.delays).toEqual([7_000]);
    expect(server.requests).toHaveLength(2);
  });

  it('reads Retry-After as an HTTP date and caps it', async () => {
    const now = Date.parse('2026-03-03T10:00:00Z');
    server.route(
      '/date',
      { status: 503, headers: { 'retry-after': 'Tue, 03 Mar 2026 10:00:30 GMT' } },
      { status: 429, headers: { 'retry-after': '86400' } },
      { status: 200, body: '[]' },
    );
    const res = await client({ now: () => now, maxRetryAfterMs: 60_000 }).get(`${server.url}/date`);
    expect(res.status).toBe('ok');
    expect(clock.delays).toEqual([30_000, 60_000]);
  });

  it('retries 503 twice with jittered exponential backoff, then succeeds', async () => {
    server.route('/flaky', { status: 503 }, { status: 503 }, { status: 200, body: '{"jobs":[]}' });
    const res = await client().get(`${server.url}/flaky`);
    expect(res).toMatchObject({ status: 'ok', body: '{"jobs":[]}' });
    // random 0.5 × min(1000, 100·2^(n-1)) → 50, 100
    expect(clock.delays).toEqual([50, 100]);
  });

  it('gives up after the retries with a typed http_status error', async () => {
    server.route('/down', { status: 502 });
    const err = await failure(client({ retries: 4, random: () => 0.999 }).get(`${server.url}/down`));
    expect(err).toMatchObject({ code: 'ingest/http_status', httpStatus: 502, attempts: 5 });
    expect(server.requests).toHaveLength(5);
    // Capped at maxDelayMs (1000): 99, 199, 399, 799 — the next would be 1598 without the cap.
    expect(clock.delays).toEqual([99, 199, 399, 799]);
    expect(backoffDelay(6, { baseDelayMs: 100, maxDelayMs: 1_000, random: () => 0.999 })).toBe(999);
  });

  it('does not retry other 4xx statuses', async () => {
    server.route('/forbidden', { status: 403 });
    const err = await failure(client().get(`${server.url}/forbidden`));
    expect(err).toMatchObject({ code: 'ingest/http_status', httpStatus: 403, attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('times out a server that never answers, per attempt', async () => {
    server.route('/silent', { hang: 'headers' });
    const err = await failure(client({ timeoutMs: 150, retries: 1 }).get(`${server.url}/silent`));
    expect(err).toMatchObject({ code: 'ingest/timeout', attempts: 2 });
    expect(clock.delays).toEqual([50]);
  });

  it('times out a body that never finishes', async () => {
    server.route('/trickle', { hang: 'body' });
    const err = await failure(client({ timeoutMs: 150, retries: 0 }).get(`${server.url}/trickle`));
    expect(err).toMatchObject({ code: 'ingest/timeout', attempts: 1 });
  });

  it('retries a dropped connection as a network error', async () => {
    server.route('/reset', { destroy: true }, { status: 200, body: '[]' });
    expect((await client().get(`${server.url}/reset`)).status).toBe('ok');
    server.route('/always-reset', { destroy: true });
    const err = await failure(client({ retries: 1 }).get(`${server.url}/always-reset`));
    expect(err).toMatchObject({ code: 'ingest/network', attempts: 2 });
  });

  it('sends If-None-Match / If-Modified-Since and maps 304 to not_modified', async () => {
    server.handle('/conditional', (req, res) => {
      if (req.headers['if-none-match'] === '"abc"') return void res.writeHead(304).end();
      res.writeHead(200, { etag: '"abc"' }).end('[]');
    });
    const http = client();
    const first = await http.get(`${server.url}/conditional`);
    expect(first).toMatchObject({ status: 'ok', etag: '"abc"' });
    const second = await http.get(`${server.url}/conditional`, {
      etag: '"abc"',
      lastModified: 'Tue, 03 Mar 2026 10:00:00 GMT',
    });
    expect(second).toEqual({ status: 'not_modified' });
    expect(server.requests[1]?.headers['if-modified-since']).toBe('Tue, 03 Mar 2026 10:00:00 GMT');
  });

  it('rejects a body over the size limit, declared or streamed, without retrying', async () => {
    server.route('/big', { status: 200, body: 'x'.repeat(64) });
    const err = await failure(client({ maxBodyBytes: 32 }).get(`${server.url}/big`));
    expect(err).toMatchObject({ code: 'ingest/body_too_large', attempts: 1 });

    server.handle('/chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('y'.repeat(20));
      res.end('y'.repeat(20));
    });
    const chunked = await failure(client({ maxBodyBytes: 32 }).get(`${server.url}/chunked`));
    expect(chunked.code).toBe('ingest/body_too_large');
    expect(server.requests.filter((r) => r.path === '/chunked')).toHaveLength(1);
  });

  it('treats a redirect as not_found when asked (Personio unknown subdomain), else follows it', async () => {
    server.route('/xml', { status: 307, headers: { location: 'https://www.personio.example/' } });
    expect(await client().get(`${server.url}/xml`, { redirectAsNotFound: true })).toEqual({
      status: 'not_found',
    });

    server.route('/moved', { status: 301, headers: { location: '/new-home' } });
    server.route('/new-home', { status: 200, body: '[1]' });
    expect(await client().get(`${server.url}/moved`)).toMatchObject({ status: 'ok', body: '[1]' });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-03T10:00:00Z');
  it.each([
    ['120', 120_000],
    ['0', 0],
    ['Tue, 03 Mar 2026 10:01:00 GMT', 60_000],
    ['Tue, 03 Mar 2026 09:00:00 GMT', 0],
    ['999999', 300_000],
  ])('reads %s as %i ms', (header, expected) => {
    expect(parseRetryAfter(header, now, 300_000)).toBe(expected);
  });

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(null, now, 1_000)).toBeUndefined();
    expect(parseRetryAfter('soon', now, 1_000)).toBeUndefined();
  });
});
