import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/ingest/fetch/fetch-with-retry.ts';
import { createLeverSource } from '../../../src/ingest/sources/lever.source.ts';
import { readFixture } from './support/fixtures.ts';
import { recordingSleep, startTestServer } from './support/test-server.ts';
import type { TestServer } from './support/test-server.ts';

const page = (skip: number) => `/v0/postings/harborfreight-demo?mode=json&skip=${skip}&limit=3`;

let server: TestServer;
let http: ReturnType<typeof createHttpClient>;
beforeEach(async () => {
  server = await startTestServer();
  http = createHttpClient({ userAgent: 'jobs-test', retries: 1, sleep: recordingSleep().sleep });
});
afterEach(() => server.close());

describe('lever full fetch', () => {
  it('follows skip/limit while pages come back full', async () => {
    server.route(page(0), { status: 200, body: readFixture('lever', 'board.json') });
    server.route(page(3), { status: 200, body: readFixture('lever', 'page-2.json') });
    const source = createLeverSource({ baseUrl: server.url, pageSize: 3 });
    const result = await source.fetchBoard(http, 'harborfreight-demo');
    expect(result).toMatchObject({ status: 'ok', complete: true, pages: 2 });
    expect(result.postings.map((p) => p.title)).toEqual([
      'Backend Engineer, Payments',
      'Warehouse Associate',
      'Account Executive',
      'Technical Writer',
    ]);
    expect(server.requests.map((r) => r.path)).toEqual([page(0), page(3)]);
  });

  it('asks once more after an exactly full last page', async () => {
    server.route(page(0), { status: 200, body: readFixture('lever', 'board.json') });
    server.route(page(3), { status: 200, body: '[]' });
    const result = await createLeverSource({ baseUrl: server.url, pageSize: 3 }).fetchBoard(
      http,
      'harborfreight-demo',
    );
    expect(result).toMatchObject({ status: 'ok', complete: true, pages: 2 });
    expect(result.postings).toHaveLength(3);
  });

  it('treats the {"ok":false} body as an unknown site', async () => {
    server.route(page(0), { status: 200, body: readFixture('lever', 'not-found.json') });
    const result = await createLeverSource({ baseUrl: server.url, pageSize: 3 }).fetchBoard(
      http,
      'harborfreight-demo',
    );
    expect(result).toMatchObject({ status: 'not_found', complete: false });
  });

  it('is partial, keeping page 1, when a later page fails', async () => {
    server.route(page(0), { status: 200, body: readFixture('lever', 'board.json') });
    server.route(page(3), { status: 500 });
    const result = await createLeverSource({ baseUrl: server.url, pageSize: 3 }).fetchBoard(
      http,
      'harborfreight-demo',
    );
    expect(result).toMatchObject({ status: 'partial', complete: false, pages: 1 });
    expect(result.postings).toHaveLength(3);
    expect(result.error).toMatchObject({ code: 'ingest/http_status', httpStatus: 500, attempts: 2 });
  });
});
