import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/** What HTTP clients and browsers expect of an API: compression, validators, request ids, CORS. */
describe(`HTTP behaviour clients expect (${TEST_DB})`, () => {
  let services: Services;
  let app: FastifyInstance;

  beforeAll(async () => {
    services = await createTestServices();
    await seedDataset(services);
    app = await createApp(services);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const search = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/search/jobs', payload: { limit: 50 }, headers });

  it('compresses responses with gzip or brotli as the client accepts, to the same JSON', async () => {
    const plain = await search({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await search({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const br = await search({ 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('never compresses the live event stream', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const abort = new AbortController();
    const res = await fetch(
      `http://127.0.0.1:${port}/graphql?query=${encodeURIComponent('subscription { jobsAdded { id } }')}`,
      { headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' }, signal: abort.signal },
    );
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // yoga marks its streams `Content-Encoding: none` (no proxy may compress them either).
    expect([null, 'none', 'identity']).toContain(res.headers.get('content-encoding'));
    abort.abort();
  });

  it('gives public reads an ETag and Cache-Control, and answers 304 to If-None-Match', async () => {
    const first = await app.inject({ method: 'GET', url: '/categories' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const again = await app.inject({ method: 'GET', url: '/categories', headers: { 'if-none-match': tag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await app.inject({
      method: 'GET',
      url: '/categories',
      headers: { 'if-none-match': '"other"' },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('keeps a plausible X-Request-Id, makes one otherwise, and returns it', async () => {
    const given = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-123.abc' },
    });
    expect(given.headers['x-request-id']).toBe('trace-123.abc');
    const made = await app.inject({ method: 'GET', url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'has spaces\tand tabs' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('caches preflights, exposes the rate-limit and id headers, and answers a bad preflight in the error shape', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/search/jobs',
      headers: { origin: 'https://board.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-max-age']).toBe('86400');
    const simple = await search({ origin: 'https://board.example' });
    const exposed = String(simple.headers['access-control-expose-headers']);
    for (const h of [
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'retry-after',
      'x-request-id',
    ])
      expect(exposed).toContain(h);
    const bad = await app.inject({
      method: 'OPTIONS',
      url: '/search/jobs',
      headers: { origin: 'https://board.example' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_request');
  });
});
