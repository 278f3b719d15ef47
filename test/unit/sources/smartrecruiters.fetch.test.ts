import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/ingest/fetch/fetch-with-retry.ts';
import { createSmartRecruitersSource } from '../../../src/ingest/sources/smartrecruiters.source.ts';
import { readFixture } from './support/fixtures.ts';
import { recordingSleep, startTestServer } from './support/test-server.ts';
import type { TestServer } from './support/test-server.ts';

const page = (offset: number) => `/v1/companies/HelixRobotics/postings?offset=${offset}&limit=3`;

let server: TestServer;
let http: ReturnType<typeof createHttpClient>;
beforeEach(async () => {
  server = await startTestServer();
  http = createHttpClient({ userAgent: 'jobs-test', retries: 0, sleep: recordingSleep().sleep });
});
afterEach(() => server.close());

const source = () => createSmartRecruitersSource({ baseUrl: server.url, pageSize: 3 });

describe('smartrecruiters full fetch', () => {
  it('reads three pages until totalFound', async () => {
    server.route(page(0), { status: 200, body: readFixture('smartrecruiters', 'board.json') });
    server.route(page(3), { status: 200, body: readFixture('smartrecruiters', 'page-2.json') });
    server.route(page(6), { status: 200, body: readFixture('smartrecruiters', 'page-3.json') });
    const result = await source().fetchBoard(http, 'HelixRobotics');
    expect(result).toMatchObject({ status: 'ok', complete: true, pages: 3, total: 7 });
    expect(result.postings).toHaveLength(7);
    expect(new Set(result.postings.map((p) => p.externalId)).size).toBe(7);
    expect(server.requests.map((r) => r.path)).toEqual([page(0), page(3), page(6)]);
  });

  it('is partial when a page comes back empty before totalFound', async () => {
    server.route(page(0), { status: 200, body: readFixture('smartrecruiters', 'board.json') });
    server.route(page(3), {
      status: 200,
      body: JSON.stringify({ offset: 3, limit: 3, totalFound: 7, content: [] }),
    });
    const result = await source().fetchBoard(http, 'HelixRobotics');
    expect(result).toMatchObject({ status: 'partial', complete: false, pages: 2 });
    expect(result.error).toMatchObject({ code: 'ingest/incomplete_fetch' });
    expect(result.postings).toHaveLength(3);
  });

  it('is partial when a later page is malformed', async () => {
    server.route(page(0), { status: 200, body: readFixture('smartrecruiters', 'board.json') });
    server.route(page(3), { status: 200, body: readFixture('smartrecruiters', 'malformed.json') });
    const result = await source().fetchBoard(http, 'HelixRobotics');
    expect(result).toMatchObject({ status: 'partial', complete: false, pages: 1 });
    expect(result.error).toMatchObject({ code: 'ingest/malformed_feed' });
  });

  it('never sends validators for a paged board', async () => {
    server.route(page(0), {
      status: 200,
      body: readFixture('smartrecruiters', 'page-3.json')
        .replace('"offset": 6', '"offset": 0')
        .replace('"totalFound": 7', '"totalFound": 1'),
    });
    const result = await source().fetchBoard(http, 'HelixRobotics', { etag: '"old"' });
    expect(result.complete).toBe(true);
    expect(server.requests[0]?.headers['if-none-match']).toBeUndefined();
  });
});
