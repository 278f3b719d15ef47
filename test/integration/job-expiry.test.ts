import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { createApp } from '../../src/http/create-app.ts';
import { expireStale } from '../../src/ingest/expire-stale.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

const DAY = 86_400_000;
const start = new Date('2026-09-01T10:00:00Z');
let now = start;
const at = (days: number) => new Date(start.getTime() + days * DAY);

let services: Services;
let app: FastifyInstance;

beforeAll(async () => {
  // Expiry after the default 60 days; the index off so the SQL path answers at once
  // (search-index-live.test.ts proves the index follows status changes of the change log).
  services = await createTestServices({ clock: () => now }, { SEARCH_INDEX: 'false' });
  app = await createApp(services);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await services?.close();
});

function posting(
  platform: 'greenhouse' | 'lever',
  board: string,
  overrides: Partial<RawPosting> & { externalId: string },
): RawPosting {
  return {
    source: platform,
    board,
    title: 'Zyxquant Analyst',
    companyName: `Expiry ${board}`,
    locationText: 'Lisbon, Portugal',
    payload: { ...overrides },
    ...overrides,
  };
}

const ingest = (platform: 'greenhouse' | 'lever', board: string, postings: RawPosting[], complete = false) =>
  runIngest(services, { platform, board, complete, postings });

async function search(body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/search/jobs', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      title: string;
      status: string;
      posted_at: string;
      posted_at_source: string;
      first_seen_at: string;
    }[];
    pagination: { total: number };
  };
}

const titles = async (q: string, status?: string) =>
  (await search({ q, ...(status ? { status } : {}) })).data.map((j) => j.title).sort();

describe(`expiry of postings nobody confirms (${TEST_DB})`, () => {
  it('expires what was not seen for 60 days, keeps what was, and a new sighting reopens it', async () => {
    now = start;
    await ingest('greenhouse', 'stale', [
      posting('greenhouse', 'stale', { externalId: 'a', title: 'Zyxstale Forgotten Analyst' }),
      posting('greenhouse', 'stale', { externalId: 'b', title: 'Zyxstale Listed Analyst' }),
    ]);
    now = at(30);
    // A partial import lists only b: it cannot close a, and confirms b.
    await ingest('greenhouse', 'stale', [
      posting('greenhouse', 'stale', { externalId: 'b', title: 'Zyxstale Listed Analyst' }),
    ]);
    now = at(59);
    expect(await expireStale(services)).toEqual({ postings: 0, jobs: 0 });
    now = at(61);
    expect(await expireStale(services)).toEqual({ postings: 1, jobs: 1 });
    expect(await titles('zyxstale')).toEqual(['Zyxstale Listed Analyst']);
    expect(await titles('zyxstale', 'expired')).toEqual(['Zyxstale Forgotten Analyst']);
    expect(await titles('zyxstale', 'any')).toEqual([
      'Zyxstale Forgotten Analyst',
      'Zyxstale Listed Analyst',
    ]);
    expect((await search({ q: 'zyxstale', status: 'expired' })).data[0]!.status).toBe('expired');
    // GraphQL: the same filter and status.
    const gql = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: `{ searchJobs(filter: { query: "zyxstale", status: EXPIRED }) { totalCount edges { node { title status } } } }`,
      },
    });
    expect(gql.json()).toEqual({
      data: {
        searchJobs: {
          totalCount: 1,
          edges: [{ node: { title: 'Zyxstale Forgotten Analyst', status: 'EXPIRED' } }],
        },
      },
    });

    // Seen again (the same payload): open again.
    now = at(62);
    await ingest('greenhouse', 'stale', [
      posting('greenhouse', 'stale', { externalId: 'a', title: 'Zyxstale Forgotten Analyst' }),
    ]);
    expect(await titles('zyxstale')).toEqual(['Zyxstale Forgotten Analyst', 'Zyxstale Listed Analyst']);
    expect(await titles('zyxstale', 'expired')).toEqual([]);
  });

  it('expires a posting past the expiry date its source gave: at once when imported after it', async () => {
    now = start;
    await ingest('greenhouse', 'dated', [
      posting('greenhouse', 'dated', {
        externalId: 'gone',
        title: 'Zyxdated Past Analyst',
        expiresAt: '2026-08-31T00:00:00Z',
      }),
      posting('greenhouse', 'dated', {
        externalId: 'soon',
        title: 'Zyxdated Future Analyst',
        expiresAt: '2026-09-10T00:00:00Z',
      }),
    ]);
    expect(await titles('zyxdated')).toEqual(['Zyxdated Future Analyst']);
    expect(await titles('zyxdated', 'expired')).toEqual(['Zyxdated Past Analyst']);
    now = at(10);
    // With JOB_EXPIRY_DAYS=0 (no sighting limit) the expiry date still applies.
    expect(await services.expiry.expire(services.orm.em.fork(), now, null)).toEqual({ postings: 1, jobs: 1 });
    expect(await titles('zyxdated')).toEqual([]);
  });

  it('a job whose postings are closed on one board and expired on another is closed', async () => {
    now = start;
    const one = (platform: 'greenhouse' | 'lever', board: string) =>
      posting(platform, board, {
        externalId: `${board}-1`,
        title: 'Zyxboth Analyst',
        companyName: 'Expiry Both',
      });
    await ingest('greenhouse', 'both-a', [one('greenhouse', 'both-a')]);
    await ingest('lever', 'both-b', [one('lever', 'both-b')]);
    const [row] = await services.orm.em
      .fork()
      .execute<{ n: string }[]>(
        `select count(distinct job_id) as n from source_posting where board in ('both-a', 'both-b')`,
      );
    expect(Number(row!.n)).toBe(1); // one job, two postings
    now = at(61);
    await expireStale(services);
    expect(await titles('zyxboth', 'expired')).toEqual(['Zyxboth Analyst']);
    // Board a is fetched whole and no longer lists it: a source says it is gone.
    await ingest('greenhouse', 'both-a', [], true);
    expect(await titles('zyxboth', 'expired')).toEqual([]);
    expect(await titles('zyxboth', 'closed')).toEqual(['Zyxboth Analyst']);
  });

  it('says where a posting date came from; a source date from a copy replaces a first sighting', async () => {
    now = start;
    await ingest('greenhouse', 'dates', [
      posting('greenhouse', 'dates', { externalId: 'undated', title: 'Zyxdate Undated Analyst' }),
      posting('greenhouse', 'dates', {
        externalId: 'dated',
        title: 'Zyxdate Dated Analyst',
        postedAt: '2026-08-20T00:00:00Z',
      }),
    ]);
    const byTitle = async () =>
      Object.fromEntries((await search({ q: 'zyxdate' })).data.map((j) => [j.title, j]));
    let jobs = await byTitle();
    expect(jobs['Zyxdate Undated Analyst']).toMatchObject({
      posted_at_source: 'first_seen',
      posted_at: start.toISOString(),
      first_seen_at: start.toISOString(),
    });
    expect(jobs['Zyxdate Dated Analyst']).toMatchObject({
      posted_at_source: 'source',
      posted_at: '2026-08-20T00:00:00.000Z',
    });
    // The same posting on another platform, with its date: one job, the source's date.
    now = at(1);
    await ingest('lever', 'dates-copy', [
      posting('lever', 'dates-copy', {
        externalId: 'copy',
        title: 'Zyxdate Undated Analyst',
        companyName: 'Expiry dates',
        postedAt: '2026-08-25T00:00:00Z',
      }),
    ]);
    jobs = await byTitle();
    expect(Object.keys(jobs)).toHaveLength(2);
    expect(jobs['Zyxdate Undated Analyst']).toMatchObject({
      posted_at_source: 'source',
      posted_at: '2026-08-25T00:00:00.000Z',
    });
  });
});
