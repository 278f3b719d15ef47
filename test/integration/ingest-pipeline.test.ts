import { getEventListeners } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { createApp } from '../../src/http/create-app.ts';
import { runIngest, type IngestInput } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createKey } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
let now = new Date('2026-11-20T10:00:00Z');

beforeAll(async () => {
  services = await createTestServices({ clock: () => now });
});
afterAll(() => services?.close());

const LONG_DESCRIPTION =
  'Build and operate the payments platform used by thousands of merchants across Europe and North America. ' +
  'You will design resilient services in TypeScript and Go, own PostgreSQL schemas and queries, run Kafka pipelines, ' +
  'review code with care, mentor engineers, join the on-call rotation, write clear design documents, and measure ' +
  'latency budgets with real production traces while keeping customers safe and compliant with regulators.';

function posting(overrides: Partial<RawPosting> & { externalId: string }): RawPosting {
  return {
    source: 'greenhouse',
    board: 'acme',
    title: 'Backend Engineer',
    companyName: 'Acme Payments',
    descriptionHtml: `<p>${LONG_DESCRIPTION}</p>`,
    locationText: 'Berlin, Germany',
    postedAt: '2026-11-01T09:00:00Z',
    payload: { ...overrides },
    ...overrides,
  };
}

const ingest = (input: Partial<IngestInput> & { postings: RawPosting[] }) =>
  runIngest(services, { platform: 'greenhouse', board: 'acme', complete: true, ...input });

async function jobsOf(board: string) {
  return services.orm.em
    .fork()
    .execute<{ external_id: string; job_id: string; status: string; job_status: string; title: string }[]>(
      `select sp.external_id, sp.job_id, sp.status, j.status as job_status, j.title
       from source_posting sp join job j on j.id = sp.job_id where sp.board = ? order by sp.external_id`,
      [board],
    );
}

describe(`ingest pipeline (${TEST_DB})`, () => {
  it('creates, then recognises unchanged, then updates in place without duplicating', async () => {
    const first = await ingest({
      postings: [posting({ externalId: '1' }), posting({ externalId: '2', title: 'Data Engineer' })],
    });
    expect(first).toMatchObject({ fetched: 2, new: 2, updated: 0, unchanged: 0, closed: 0, rejected: 0 });
    const again = await ingest({
      postings: [posting({ externalId: '1' }), posting({ externalId: '2', title: 'Data Engineer' })],
    });
    expect(again).toMatchObject({ new: 0, updated: 0, unchanged: 2 });
    const changed = await ingest({
      postings: [
        posting({ externalId: '1', title: 'Senior Backend Engineer' }),
        posting({ externalId: '2', title: 'Data Engineer' }),
      ],
    });
    expect(changed).toMatchObject({ new: 0, updated: 1, unchanged: 1 });
    const rows = await jobsOf('acme');
    expect(rows.map((r) => r.title)).toEqual(['Senior Backend Engineer', 'Data Engineer']);
    expect(new Set(rows.map((r) => r.job_id)).size).toBe(2);
  });

  it("reports a job's last sighting from its postings, without rewriting the job on every poll", async () => {
    const start = now;
    const list = [posting({ externalId: 'seen-1', board: 'seen', title: 'Site Reliability Engineer' })];
    await ingest({ board: 'seen', postings: list });
    const em = services.orm.em.fork();
    const job = async () => {
      const page = await services.jobs.search(em, { query: 'reliability' }, undefined, {
        offset: 0,
        limit: 5,
      });
      expect(page.items).toHaveLength(1);
      return page.items[0]!;
    };
    // The row version: a write of the job row, even of the same values, makes a new one.
    const version = async () =>
      (
        await em.execute<{ v: string }[]>(
          `select xmin::text as v from job where title = 'Site Reliability Engineer'`,
        )
      )[0]!.v;
    const before = await job();
    const versionBefore = await version();
    now = new Date(start.getTime() + 3_600_000);
    try {
      expect(await ingest({ board: 'seen', postings: list })).toMatchObject({ unchanged: 1 });
      const after = await job();
      expect(after.firstSeenAt.toISOString()).toBe(start.toISOString());
      expect(after.lastSeenAt.toISOString()).toBe(now.toISOString());
      expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
      expect(await version()).toBe(versionBefore);
    } finally {
      now = start;
    }
  });

  it('closes what a complete fetch no longer lists, never on a partial one, and reopens it', async () => {
    now = new Date('2026-11-21T10:00:00Z');
    const partial = await ingest({
      postings: [posting({ externalId: '1', title: 'Senior Backend Engineer' })],
      complete: false,
    });
    expect(partial.closed).toBe(0);
    expect((await jobsOf('acme')).every((r) => r.status === 'open')).toBe(true);

    const full = await ingest({ postings: [posting({ externalId: '1', title: 'Senior Backend Engineer' })] });
    expect(full.closed).toBe(1);
    const closed = (await jobsOf('acme')).find((r) => r.external_id === '2')!;
    expect(closed).toMatchObject({ status: 'closed', job_status: 'closed' });
    const search = await services.jobs.search(services.orm.em.fork(), { query: 'data engineer' }, undefined, {
      offset: 0,
      limit: 10,
    });
    expect(search.items.map((j) => j.id)).not.toContain(closed.job_id);

    now = new Date('2026-11-22T10:00:00Z');
    const back = await ingest({
      postings: [
        posting({ externalId: '1', title: 'Senior Backend Engineer' }),
        posting({ externalId: '2', title: 'Data Engineer' }),
      ],
    });
    expect(back.closed).toBe(0);
    const reopened = (await jobsOf('acme')).find((r) => r.external_id === '2')!;
    expect(reopened).toMatchObject({ status: 'open', job_status: 'open', job_id: closed.job_id });
  });

  it('does not close a posting whose row was rejected this time', async () => {
    const run = await ingest({
      postings: [posting({ externalId: '1', title: 'Senior Backend Engineer' })],
      parseRejected: [{ externalId: '2', reason: 'title: title must be a string' }],
    });
    expect(run).toMatchObject({ rejected: 1, closed: 0 });
    expect(run.rejectedReasons).toEqual({ 'title: title must be a string': 1 });
  });

  it('merges a copy from another source into one job and keeps both as provenance', async () => {
    const gh = await runIngest(services, {
      platform: 'greenhouse',
      board: 'globex',
      complete: true,
      postings: [
        posting({
          externalId: 'g1',
          board: 'globex',
          companyName: 'Globex Corp',
          title: 'Platform Engineer',
        }),
      ],
    });
    const lever = await runIngest(services, {
      platform: 'lever',
      board: 'globex',
      complete: true,
      postings: [
        posting({
          source: 'lever',
          externalId: 'l1',
          board: 'globex',
          companyName: 'Globex',
          title: 'Platform Engineer',
          locationText: 'Berlin; Munich, Germany',
        }),
      ],
    });
    expect(gh.new).toBe(1);
    expect(lever).toMatchObject({ new: 0, merged: 1 });
    const [row] = await services.orm.em
      .fork()
      .execute<{ n: string; jobs: string }[]>(
        `select count(*) as n, count(distinct job_id) as jobs from source_posting where external_id in ('g1', 'l1')`,
      );
    expect(Number(row!.n)).toBe(2);
    expect(Number(row!.jobs)).toBe(1);
    // The merged job inherits the copy's places, so a Munich filter still finds it.
    const munich = await services.jobs.search(
      services.orm.em.fork(),
      { cities: ['Munich'], query: 'platform' },
      undefined,
      { offset: 0, limit: 5 },
    );
    expect(munich.total).toBe(1);
  });

  it("keeps a copy's places when the primary posting changes, and drops them when the copy closes", async () => {
    const primary = (description: string) =>
      posting({
        externalId: 'p1',
        board: 'initrode',
        companyName: 'Initrode',
        title: 'Payments Engineer',
        descriptionHtml: `<p>${description}</p>`,
      });
    const copy = posting({
      source: 'lever',
      externalId: 'c1',
      board: 'initrode',
      companyName: 'Initrode',
      title: 'Payments Engineer',
      locationText: 'Berlin; Hamburg, Germany',
    });
    const other = posting({ source: 'lever', externalId: 'c2', board: 'initrode', title: 'Office Manager' });
    const gh = (d: string) =>
      runIngest(services, {
        platform: 'greenhouse',
        board: 'initrode',
        complete: true,
        postings: [primary(d)],
      });
    const lever = (postings: RawPosting[]) =>
      runIngest(services, { platform: 'lever', board: 'initrode', complete: true, postings });
    const em = services.orm.em.fork();
    const job = async () => {
      const [row] = await em.execute<{ places: unknown; city_keys: string[]; status: string }[]>(
        `select j.places, j.city_keys, j.status from job j
           join source_posting sp on sp.job_id = j.id where sp.external_id = 'p1' and sp.board = 'initrode'`,
      );
      const places = (typeof row!.places === 'string' ? JSON.parse(row!.places) : row!.places) as {
        city: string;
      }[];
      return { cities: places.map((p) => p.city), keys: row!.city_keys, status: row!.status };
    };
    const inHamburg = async () =>
      (
        await services.jobs.search(em, { cities: ['Hamburg'], query: 'payments' }, undefined, {
          offset: 0,
          limit: 5,
        })
      ).total;
    // The near filter's box (job.geo_box) follows the places SQL makes for a merged job.
    const nearHamburg = async () =>
      (
        await services.jobs.search(
          em,
          { near: { latitude: 53.55, longitude: 9.99, radiusKm: 20 }, query: 'payments' },
          undefined,
          { offset: 0, limit: 5 },
        )
      ).total;

    expect((await gh(LONG_DESCRIPTION)).new).toBe(1);
    expect(await lever([copy, other])).toMatchObject({ merged: 1, new: 1 });
    expect(await job()).toEqual({
      cities: ['Berlin', 'Hamburg'],
      keys: ['berlin', 'hamburg'],
      status: 'open',
    });

    // The primary is rewritten: the place it had from the copy stays (the primary's own first).
    expect((await gh(`${LONG_DESCRIPTION} Relocation support is available.`)).updated).toBe(1);
    expect(await job()).toEqual({
      cities: ['Berlin', 'Hamburg'],
      keys: ['berlin', 'hamburg'],
      status: 'open',
    });
    expect(await inHamburg()).toBe(1);
    expect(await nearHamburg()).toBe(1);

    // The copy closes, the job stays open on its primary: Hamburg is no longer one of its places.
    expect((await lever([other])).closed).toBe(0);
    expect(await job()).toEqual({ cities: ['Berlin'], keys: ['berlin'], status: 'open' });
    expect(await inHamburg()).toBe(0);
    expect(await nearHamburg()).toBe(0);

    // And comes back.
    await lever([copy, other]);
    expect(await job()).toEqual({
      cities: ['Berlin', 'Hamburg'],
      keys: ['berlin', 'hamburg'],
      status: 'open',
    });
    expect(await nearHamburg()).toBe(1);
  });

  it("keeps a copy's salary while the job's own posting has none, through rewrites, until the copy closes", async () => {
    const own = (extra: string, salary?: RawPosting['salary']) =>
      posting({
        externalId: 's1',
        board: 'vandelay',
        companyName: 'Vandelay Industries',
        title: 'Import Export Analyst',
        descriptionHtml: `<p>${LONG_DESCRIPTION}${extra}</p>`,
        salary,
        payload: { extra, salary },
      });
    const copy = posting({
      source: 'lever',
      externalId: 'c1',
      board: 'vandelay',
      companyName: 'Vandelay Industries',
      title: 'Import Export Analyst',
      salary: { min: 90_000, max: 110_000, currency: 'USD', period: 'year' },
    });
    const other = posting({ source: 'lever', externalId: 'c2', board: 'vandelay', title: 'Latex Salesman' });
    const gh = (p: RawPosting) =>
      runIngest(services, { platform: 'greenhouse', board: 'vandelay', complete: true, postings: [p] });
    const lever = (postings: RawPosting[]) =>
      runIngest(services, { platform: 'lever', board: 'vandelay', complete: true, postings });
    const salary = async () => {
      const [row] = await services.orm.em.fork().execute<{ min: number | null; max: number | null }[]>(
        `select j.salary_min_usd as min, j.salary_max_usd as max from job j
             join source_posting sp on sp.job_id = j.id where sp.external_id = 's1' and sp.board = 'vandelay'`,
      );
      return [row!.min, row!.max];
    };

    await gh(own(''));
    expect(await salary()).toEqual([null, null]);
    expect((await lever([copy, other])).merged).toBe(1);
    expect(await salary()).toEqual([90_000, 110_000]);
    // Rewritten without a salary of its own: the copy's stays (it was dropped before).
    expect((await gh(own(' Travel to Latvia.'))).updated).toBe(1);
    expect(await salary()).toEqual([90_000, 110_000]);
    // Its own salary, once it has one, is the job's.
    await gh(own(' Travel to Latvia.', { min: 70_000, max: 80_000, currency: 'USD', period: 'year' }));
    expect(await salary()).toEqual([70_000, 80_000]);
    // Without it again and with the copy closed, the job names no salary.
    await lever([other]);
    await gh(own(' Remote days.'));
    expect(await salary()).toEqual([null, null]);
  });

  it('stores a posting the source marks closed as closed, and a job stays open while any posting is', async () => {
    const em = services.orm.em.fork();
    const row = (externalId: string, closed: boolean, extra = '') =>
      posting({
        externalId,
        board: 'umbrella',
        companyName: 'Umbrella Health',
        title: 'Clinical Data Engineer',
        descriptionHtml: `<p>${LONG_DESCRIPTION}${extra}</p>`,
        closed,
        payload: { externalId, closed, extra },
      });
    const board = (platform: 'greenhouse' | 'lever', postings: RawPosting[]) =>
      runIngest(services, { platform, board: 'umbrella', complete: false, postings });
    const status = async () => {
      const rows = await em.execute<{ status: string; closed_at: unknown }[]>(
        `select distinct j.status, j.closed_at from job j join source_posting sp on sp.job_id = j.id
          where sp.board = 'umbrella'`,
      );
      expect(rows).toHaveLength(1);
      return rows[0]!.status;
    };

    expect(await board('greenhouse', [row('u1', true)])).toMatchObject({ new: 1 });
    expect(await status()).toBe('closed');
    expect(await board('greenhouse', [row('u1', true)])).toMatchObject({ new: 0, updated: 0, unchanged: 1 });
    expect(await board('greenhouse', [row('u1', false)])).toMatchObject({ updated: 1 });
    expect(await status()).toBe('open');

    // A copy that arrives closed does not close the job; the primary closing does not
    // either while the copy is open; both closed, it closes.
    expect((await board('lever', [{ ...row('c1', true), source: 'lever' }])).merged).toBe(1);
    expect(await status()).toBe('open');
    expect((await board('lever', [{ ...row('c1', false, ' '), source: 'lever' }])).updated).toBe(1);
    await board('greenhouse', [row('u1', true, ' Filled.')]);
    expect(await status()).toBe('open');
    await board('lever', [{ ...row('c1', true, ' Filled.'), source: 'lever' }]);
    expect(await status()).toBe('closed');
    const listed = await services.jobs.search(em, { query: 'clinical' }, undefined, { offset: 0, limit: 5 });
    expect(listed.total).toBe(0);
  });

  it('stores text with a NUL or a lone surrogate in it (PostgreSQL refuses both) instead of failing the batch', async () => {
    const odd = (externalId: string, s: string) =>
      posting({
        externalId,
        board: 'odd',
        title: `Engineer ${externalId}${s}`,
        companyName: `Odd${s} Corp`,
        descriptionHtml: `<p>Build things${s} with care.</p><p>${LONG_DESCRIPTION}</p>`,
        locationText: `Berlin${s}, Germany`,
        department: `Platform${s}`,
        listingUrl: `https://jobs.example.com/${externalId}${s}`,
      });
    const summary = await ingest({
      board: 'odd',
      postings: [odd('nul', '\u0000'), odd('high', '\ud800'), odd('low', '\udfff!'), odd('plain', '')],
    });
    expect(summary).toMatchObject({ new: 4, rejected: 0 });
    const rows = await services.orm.em
      .fork()
      .execute<{ title: string; location_text: string; department: string }[]>(
        `select j.title, j.location_text, j.department from job j join source_posting sp on sp.job_id = j.id
          where sp.board = 'odd' order by sp.external_id`,
      );
    expect(rows.map((r) => r.title)).toEqual([
      'Engineer high\ufffd',
      'Engineer low\ufffd!',
      'Engineer nul',
      'Engineer plain',
    ]);
    expect(rows[2]).toMatchObject({ location_text: 'Berlin, Germany', department: 'Platform' });
  });

  it('counts an id repeated within one feed as a merged duplicate, not a second job', async () => {
    const run = await runIngest(services, {
      platform: 'workable',
      board: 'twice',
      complete: true,
      postings: [
        posting({ source: 'workable', board: 'twice', externalId: 'x1' }),
        posting({ source: 'workable', board: 'twice', externalId: 'x1', title: 'Backend Engineer II' }),
      ],
    });
    expect(run).toMatchObject({ fetched: 2, new: 1, merged: 1 });
    expect((await jobsOf('twice')).map((r) => r.title)).toEqual(['Backend Engineer II']);
  });

  it('keeps the same title in two countries as two jobs, and two openings on one board apart', async () => {
    const paris = await runIngest(services, {
      platform: 'ashby',
      board: 'initech',
      complete: true,
      postings: [
        posting({
          source: 'ashby',
          externalId: 'a1',
          board: 'initech',
          companyName: 'Initech',
          title: 'Sales Lead',
          locationText: 'Paris, France',
        }),
        posting({
          source: 'ashby',
          externalId: 'a2',
          board: 'initech',
          companyName: 'Initech',
          title: 'Sales Lead',
          locationText: 'Paris, France',
        }),
      ],
    });
    const london = await runIngest(services, {
      platform: 'workable',
      board: 'initech',
      complete: true,
      postings: [
        posting({
          source: 'workable',
          externalId: 'w1',
          board: 'initech',
          companyName: 'Initech',
          title: 'Sales Lead',
          locationText: 'London, United Kingdom',
        }),
      ],
    });
    expect(paris.new).toBe(2);
    expect(london).toMatchObject({ new: 1, merged: 0 });
  });

  it('rejects broken rows with reasons and keeps the good ones', async () => {
    const run = await runIngest(services, {
      platform: 'recruitee',
      board: 'mixed',
      complete: false,
      postings: [
        posting({ source: 'recruitee', board: 'mixed', externalId: 'ok-1' }),
        posting({ source: 'recruitee', board: 'mixed', externalId: 'bad-1', title: 42 as unknown as string }),
        posting({ source: 'recruitee', board: 'mixed', externalId: 'bad-2', title: '' }),
        posting({
          source: 'recruitee',
          board: 'mixed',
          externalId: 'big-1',
          descriptionHtml: `<p>${'x '.repeat(400_000)}</p>`,
        }),
      ],
    });
    expect(run.new).toBe(2);
    expect(run.rejected).toBe(2);
    expect(run.new + run.updated + run.unchanged + run.merged + run.rejected).toBe(run.fetched);
    expect(run.rejectedRows.map((r) => r.externalId).sort()).toEqual(['bad-1', 'bad-2']);
  });

  it("puts an organization's source jobs on its board (GET /jobs)", async () => {
    const em = services.orm.em.fork();
    const org = await services.organizations.createOrganization(em, 'Hooli', 'hooli');
    const key = await createKey(services, org.id);
    await runIngest(services, {
      platform: 'lever',
      board: 'hooli',
      complete: true,
      organizationId: org.id,
      postings: [
        posting({
          source: 'lever',
          board: 'hooli',
          externalId: 'h1',
          companyName: 'Hooli',
          title: 'Growth Marketer',
        }),
      ],
    });
    const app: FastifyInstance = await createApp(services);
    const res = await app.inject({ method: 'GET', url: '/jobs', headers: { 'x-api-key': key } });
    await app.close();
    expect(res.json()).toMatchObject({
      total_items: 1,
      jobs: [{ title: 'Growth Marketer', company: 'Hooli' }],
    });
  });

  it('writes each new job to the event outbox, deliverable once its batch commits', async () => {
    const feed = await services.jobEvents();
    const { start } = await feed.head();
    const run = await runIngest(services, {
      platform: 'personio',
      board: 'live',
      complete: true,
      postings: [
        posting({ source: 'personio', board: 'live', externalId: 'p1', title: 'Live One' }),
        posting({ source: 'personio', board: 'live', externalId: 'p2', title: 'Live Two' }),
      ],
    });
    expect(run.new).toBe(2);
    const last = await feed.waitBeyond(start, new AbortController().signal);
    const page = await services.jobEventLog.read(services.orm.em.fork(), {}, start, last!, 100);
    const [row] = await services.orm.em
      .fork()
      .execute<{ ids: string[] }[]>(
        `select array_agg(job_id::text order by job_id) as ids from source_posting where board = 'live'`,
      );
    expect(page.events.map((e) => [e.kind, e.change])).toEqual([
      ['added', 'entered'],
      ['added', 'entered'],
    ]);
    expect(page.events.map((e) => e.jobId).sort()).toEqual(row!.ids);
  });
  it("leaves no listener on a stream's signal after its waits end (one per wait stayed)", async () => {
    const feed = await services.jobEvents();
    const abort = new AbortController();
    for (let i = 0; i < 3; i++) {
      const { start } = await feed.head();
      const waiting = feed.waitBeyond(start, abort.signal);
      await runIngest(services, {
        platform: 'personio',
        board: `listeners-${i}`,
        complete: true,
        postings: [
          posting({
            source: 'personio',
            board: `listeners-${i}`,
            externalId: 'l1',
            title: `Listener Number ${i}`,
            companyName: `Listener Co ${i}`,
          }),
        ],
      });
      expect(await waiting).not.toBeNull();
    }
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(0);
    // An abort still ends a wait that is pending.
    const { start } = await feed.head();
    const pending = feed.waitBeyond(start, abort.signal);
    abort.abort();
    expect(await pending).toBeNull();
  });
  it('reads jobs by id in the order asked, unknown ids left out, the last sighting from the postings', async () => {
    const run = await runIngest(services, {
      platform: 'personio',
      board: 'versions',
      complete: true,
      postings: [
        posting({
          source: 'personio',
          board: 'versions',
          externalId: 'v1',
          title: 'Version One',
          companyName: 'Versions Co',
        }),
        posting({
          source: 'personio',
          board: 'versions',
          externalId: 'v2',
          title: 'Version Two',
          companyName: 'Versions Co',
        }),
      ],
    });
    expect(run.new).toBe(2);
    const em = services.orm.em.fork();
    const [row] = await em.execute<{ ids: string[] }[]>(
      `select array_agg(job_id::text order by external_id desc) as ids from source_posting where board = 'versions'`,
    );
    const jobIds = row!.ids;
    // Seen again a day later (a re-poll moves the posting's sighting, not the job row).
    await em.execute(
      `update source_posting set last_seen_at = last_seen_at + interval '1 day' where board = 'versions' and external_id = 'v2'`,
    );
    const records = await services.jobs.findByIds(em, ['not-a-uuid', ...jobIds, crypto.randomUUID()]);
    expect(records.map((r) => r.id)).toEqual(jobIds);
    expect(records.map((r) => r.title)).toEqual(['Version Two', 'Version One']);
    expect(records[0]!.lastSeenAt.getTime() - records[0]!.firstSeenAt.getTime()).toBeGreaterThanOrEqual(
      86_400_000,
    );
  });
});
