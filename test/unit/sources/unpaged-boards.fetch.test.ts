import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../src/ingest/fetch/fetch-with-retry.ts';
import { createSourceRegistry } from '../../../src/ingest/sources/registry.ts';
import { readFixture } from './support/fixtures.ts';
import { recordingSleep, startTestServer } from './support/test-server.ts';
import type { TestServer } from './support/test-server.ts';

/** Ashby, Workable and Recruitee: one GET per board, wired through the registry. */

let server: TestServer;
let http: ReturnType<typeof createHttpClient>;
beforeEach(async () => {
  server = await startTestServer();
  http = createHttpClient({ userAgent: 'jobs-test', retries: 1, sleep: recordingSleep().sleep });
});
afterEach(() => server.close());

const registry = () =>
  createSourceRegistry({
    ashby: { baseUrl: server.url },
    workable: { baseUrl: server.url },
    recruitee: { baseUrl: `${server.url}/r/{board}` },
  });

describe('unpaged boards', () => {
  it.each([
    [
      'ashby',
      'quillmetrics',
      '/posting-api/job-board/quillmetrics?includeCompensation=true',
      'board.json',
      3,
      1,
    ],
    ['workable', 'brightline', '/api/accounts/brightline?details=true', 'board.json', 3, 0],
    ['recruitee', 'tulipworks', '/r/tulipworks/api/offers/', 'board.json', 3, 0],
  ] as const)(
    '%s fetches a whole board in one request',
    async (platform, board, path, fixture, count, skipped) => {
      server.route(path, { status: 200, body: readFixture(platform, fixture) });
      const result = await registry()[platform].fetchBoard(http, board);
      expect(result).toMatchObject({ status: 'ok', complete: true, pages: 1, skipped });
      expect(result.postings).toHaveLength(count);
      expect(result.postings.every((p) => p.source === platform && p.board === board)).toBe(true);
    },
  );

  it.each(['ashby', 'workable', 'recruitee'] as const)(
    '%s reports a 404 board as not_found',
    async (platform) => {
      const result = await registry()[platform].fetchBoard(http, 'missing');
      expect(result).toMatchObject({ status: 'not_found', complete: false });
    },
  );

  it('keeps the good rows of a board with a broken one and stays complete', async () => {
    server.route('/r/tulipworks/api/offers/', {
      status: 200,
      body: readFixture('recruitee', 'broken-row.json'),
    });
    const result = await registry().recruitee.fetchBoard(http, 'tulipworks');
    expect(result).toMatchObject({ status: 'ok', complete: true });
    expect(result.postings).toHaveLength(2);
    expect(result.rejected).toEqual([{ index: 1, externalId: '2210462', reason: expect.any(String) }]);
  });
});
