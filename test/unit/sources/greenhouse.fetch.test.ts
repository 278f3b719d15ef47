import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FetchError } from '../../../src/ingest/fetch/fetch-error.ts';
import { createHttpClient } from '../../../src/ingest/fetch/fetch-with-retry.ts';
import { createGreenhouseSource } from '../../../src/ingest/sources/greenhouse.source.ts';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { readFixture } from './support/fixtures.ts';
import { recordingSleep, startTestServer } from './support/test-server.ts';
import type { TestServer } from './support/test-server.ts';

const BOARD_PATH = '/v1/boards/northwindlabs/jobs?content=true&pay_transparency=true';

let server: TestServer;
let clock: ReturnType<typeof recordingSleep>;
beforeEach(async () => {
  server = await startTestServer();
  clock = recordingSleep();
});
afterEach(() => server.close());

function setup(timeoutMs = 2_000) {
  const http = createHttpClient({
    userAgent: 'jobs-test',
    timeoutMs,
    retries: 2,
    baseDelayMs: 200,
    maxDelayMs: 5_000,
    sleep: clock.sleep,
    random: () => 0.25,
  });
  return { http, source: createGreenhouseSource({ baseUrl: server.url }) };
}

describe('greenhouse full fetch', () => {
  it('fetches a board completely and returns its validators', async () => {
    server.route(BOARD_PATH, {
      status: 200,
      body: readFixture('greenhouse', 'board.json'),
      headers: { etag: 'W/"g1"' },
    });
    const { http, source } = setup();
    const result = await source.fetchBoard(http, 'northwindlabs');
    expect(result).toMatchObject({
      status: 'ok',
      complete: true,
      pages: 1,
      total: 3,
      etag: 'W/"g1"',
      rejected: [],
    });
    expect(result.postings.map((p) => p.externalId)).toEqual(['8201930001', '8201930002', '8201930003']);
  });

  it('reports an unknown board as not_found', async () => {
    const { http, source } = setup();
    const result = await source.fetchBoard(http, 'no-such-board');
    expect(result).toMatchObject({ status: 'not_found', complete: false, postings: [] });
  });

  it('waits out a 429 with Retry-After, then completes', async () => {
    server.route(
      BOARD_PATH,
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 200, body: readFixture('greenhouse', 'board.json') },
    );
    const { http, source } = setup();
    const result = await source.fetchBoard(http, 'northwindlabs');
    expect(result).toMatchObject({ status: 'ok', complete: true });
    expect(clock.delays).toEqual([3_000]);
  });

  it('survives two 503s with backoff', async () => {
    server.route(
      BOARD_PATH,
      { status: 503 },
      { status: 503 },
      { status: 200, body: readFixture('greenhouse', 'board.json') },
    );
    const { http, source } = setup();
    const result = await source.fetchBoard(http, 'northwindlabs');
    expect(result.complete).toBe(true);
    expect(clock.delays).toEqual([50, 100]);
    expect(server.requests).toHaveLength(3);
  });

  it('reports a hanging board as failed with a timeout, not as empty', async () => {
    server.route(BOARD_PATH, { hang: 'headers' });
    const { http, source } = setup(100);
    const result = await source.fetchBoard(http, 'northwindlabs');
    expect(result).toMatchObject({ status: 'failed', complete: false, postings: [] });
    expect(result.error).toBeInstanceOf(FetchError);
    expect(result.error).toMatchObject({ code: 'ingest/timeout', attempts: 3 });
  });

  it('reports malformed JSON as failed with a ParseError', async () => {
    server.route(BOARD_PATH, { status: 200, body: readFixture('greenhouse', 'malformed.json') });
    const { http, source } = setup();
    const result = await source.fetchBoard(http, 'northwindlabs');
    expect(result).toMatchObject({ status: 'failed', complete: false });
    expect(result.error).toBeInstanceOf(ParseError);
  });

  it('sends the stored ETag and reports not_modified on 304', async () => {
    server.handle(BOARD_PATH, (req, res) => {
      if (req.headers['if-none-match'] === 'W/"g1"') return void res.writeHead(304).end();
      res.writeHead(200, { etag: 'W/"g1"' }).end(readFixture('greenhouse', 'board.json'));
    });
    const { http, source } = setup();
    const first = await source.fetchBoard(http, 'northwindlabs');
    const second = await source.fetchBoard(http, 'northwindlabs', { etag: first.etag });
    expect(second).toMatchObject({ status: 'not_modified', complete: false, postings: [] });
  });

  it('keeps good rows and lists the broken ones on a complete fetch', async () => {
    server.route(BOARD_PATH, { status: 200, body: readFixture('greenhouse', 'broken-row.json') });
    const { http, source } = setup();
    const result = await source.fetchBoard(http, 'northwindlabs');
    expect(result).toMatchObject({ status: 'ok', complete: true, total: 4 });
    expect(result.postings).toHaveLength(2);
    expect(result.rejected.map((r) => r.index)).toEqual([1, 2]);
  });
});
