import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/ingest/fetch/fetch-with-retry.ts';
import { createPersonioSource } from '../../../src/ingest/sources/personio.source.ts';
import { readFixture } from './support/fixtures.ts';
import { recordingSleep, startTestServer } from './support/test-server.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let http: ReturnType<typeof createHttpClient>;
beforeEach(async () => {
  server = await startTestServer();
  http = createHttpClient({ userAgent: 'jobs-test', retries: 1, sleep: recordingSleep().sleep });
});
afterEach(() => server.close());

const source = () => createPersonioSource({ baseUrl: `${server.url}/tenants/{board}` });

describe('personio full fetch', () => {
  it('fetches the XML feed and builds job URLs from the board root', async () => {
    server.route('/tenants/kranich/xml?language=en', {
      status: 200,
      body: readFixture('personio', 'board.xml'),
      headers: { 'content-type': 'text/xml; charset=utf-8' },
    });
    const result = await source().fetchBoard(http, 'kranich');
    expect(result).toMatchObject({ status: 'ok', complete: true });
    expect(result.postings.map((p) => p.listingUrl)).toEqual([
      `${server.url}/tenants/kranich/job/4410201`,
      `${server.url}/tenants/kranich/job/4410202`,
      `${server.url}/tenants/kranich/job/4410203`,
    ]);
    expect(server.requests[0]?.headers.accept).toContain('xml');
  });

  it('treats the 307 for an unknown subdomain as not_found', async () => {
    server.route('/tenants/ghost/xml?language=en', {
      status: 307,
      headers: { location: 'https://www.personio.example/' },
    });
    const result = await source().fetchBoard(http, 'ghost');
    expect(result).toMatchObject({ status: 'not_found', complete: false });
    expect(server.requests).toHaveLength(1);
  });

  it('reports broken XML as failed', async () => {
    server.route('/tenants/kranich/xml?language=en', {
      status: 200,
      body: readFixture('personio', 'malformed.xml'),
    });
    const result = await source().fetchBoard(http, 'kranich');
    expect(result).toMatchObject({
      status: 'failed',
      complete: false,
      error: { code: 'ingest/malformed_feed' },
    });
  });
});
