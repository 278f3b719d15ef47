import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compareEventPositions, parseEventId, type EventPosition } from '../../src/domain/event-id.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { createApp } from '../../src/http/create-app.ts';
import { SearchIndexRepository } from '../../src/db/repositories/search-index.repository.ts';
import { EventMatcher, PAGE_INTERVAL_MS } from '../../src/search/event-matcher.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createRng, loadSearchVocabulary, randomFilter, type Rng } from '../helpers/random-search.ts';
import { openSse, type SseStream } from '../helpers/sse.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Issue 12, item 1: for random filters and a random stream of ingests, updates (by the
 * pipeline and by hand-written SQL, some at once) and closings, every subscriber of
 * jobsAdded, jobsClosed and jobsUpdated receives each matching event exactly once and no
 * other, and what it received turns what searchJobs returned before a step into what it
 * returns after: added = now \ before, closed = before \ now, updated = in both and
 * changed in a field a search reads. Deterministic: EVENTS_SEED replays a failure.
 */
const SEED = Number(process.env.EVENTS_SEED ?? 12_2026);
const STEPS = Number(process.env.EVENTS_STEPS ?? 30);
const NOW = new Date('2026-11-25T09:00:00Z');
const BOARDS = ['d1', 'd2', 'd3'];
/** The job's columns a search reads (what an update event is about), compared before and after each step. */
const SEARCHED = `status, search_vector::text, remote_type, city_keys, country_codes, location_text, salary_min_usd,
  salary_max_usd, skill_keys, job_type, seniority, category_id, company_id, ats_platform, source, department,
  posted_at, visa_sponsorship, places`;
const FIELDS = ['jobsAdded', 'jobsClosed', 'jobsUpdated'] as const;
type Field = (typeof FIELDS)[number];

let services: Services;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  services = await createTestServices(
    { clock: () => NOW },
    // The searches after each step are many requests a minute: no rate limit here.
    { SEARCH_INDEX: 'false', EVENT_POLL_MS: '50', NORMALIZE_THREADS: '0', RATE_LIMIT_MAX: '1000000' },
  );
  app = await createApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await services?.close();
});

const WORDS = [
  'Harbor',
  'Pilot',
  'Ferry',
  'Engineer',
  'Welder',
  'Captain',
  'Data',
  'Nurse',
  'Analyst',
  'Rigger',
];
const PLACES = ['Remote', 'Lisbon, Portugal', 'Hamburg, Germany', 'Berlin, Germany (Hybrid)', 'Austin, TX'];
const SALARIES = [null, '$60,000 - $80,000', '$100,000 - $140,000', '€50.000 – €70.000'];
const DEPARTMENTS = [null, 'Ops', 'Engineering', 'Marine'];
const TYPES = [null, 'Full-time', 'Contract', 'Part-time'];
const SKILLS = ['Python', 'SQL', 'Rust', 'Welding', 'Navigation'];

/** What the test has listed on each board: external id → posting, and whether it is still listed. */
const boards = new Map<string, Map<string, { posting: RawPosting; listed: boolean }>>(
  BOARDS.map((b) => [b, new Map()]),
);
let nextId = 0;

function randomPosting(rng: Rng, board: string, externalId: string): RawPosting {
  const title = `${rng.pick(WORDS)} ${rng.pick(WORDS)}`;
  const skills = rng.some(SKILLS, 2);
  return {
    source: 'greenhouse',
    board,
    externalId,
    title,
    companyName: `Diff ${board} Shipping`,
    descriptionHtml: `<p>${title} wanted. Skills: ${skills.join(', ')}.</p>`,
    locationText: rng.pick(PLACES),
    salaryText: rng.pick(SALARIES),
    department: rng.pick(DEPARTMENTS),
    employmentType: rng.pick(TYPES),
    postedAt: new Date(NOW.getTime() - rng.int(0, 40) * 86_400_000).toISOString(),
    payload: { externalId, title, n: nextId },
  };
}

/** New postings, changed ones, and ones seen again (closed ones reopen), as one batch. */
/** `count` ingests of one posting each on `board`; the outbox's last event after each. */
async function ingestOneByOne(board: string, seed: number, count: number): Promise<EventPosition[]> {
  const heads: EventPosition[] = [];
  for (let n = 1; n <= count; n++) {
    await runIngest(services, {
      platform: 'greenhouse',
      board,
      complete: false,
      postings: [randomPosting(createRng(SEED + seed + n), board, `${board}-${n}`)],
    });
    heads.push((await services.jobEventLog.head(services.orm.em.fork())).last!);
  }
  return heads;
}

function ingestStep(rng: Rng, board: string): () => Promise<unknown> {
  const listing = boards.get(board)!;
  const postings: RawPosting[] = [];
  for (let i = rng.int(0, 4); i > 0; i--) {
    const id = `e${++nextId}`;
    const posting = randomPosting(rng, board, id);
    listing.set(id, { posting, listed: true });
    postings.push(posting);
  }
  for (const [id, entry] of [...listing].filter(() => rng.chance(0.3))) {
    if (rng.chance(0.6)) entry.posting = randomPosting(rng, board, id);
    entry.listed = true;
    postings.push(entry.posting);
  }
  return () => runIngest(services, { platform: 'greenhouse', board, complete: false, postings });
}

/** A full listing without some postings: those close. */
function closeStep(rng: Rng, board: string): () => Promise<unknown> {
  const listing = boards.get(board)!;
  for (const entry of listing.values()) if (entry.listed && rng.chance(0.3)) entry.listed = false;
  const postings = [...listing.values()].filter((e) => e.listed).map((e) => e.posting);
  return () => runIngest(services, { platform: 'greenhouse', board, complete: true, postings });
}

/** Another writer: one hand-written UPDATE of a searched column on some of a board's jobs. */
function sqlStep(rng: Rng, board: string): () => Promise<unknown> {
  const set = rng.pick([
    `remote_type = '${rng.pick(['remote', 'hybrid', 'onsite'])}'`,
    `department = ${rng.chance(0.3) ? 'null' : `'${rng.pick(['Ops', 'Deck', 'Marine'])}'`}`,
    `salary_min_usd = ${rng.int(40, 160) * 1000}, salary_max_usd = ${rng.int(160, 220) * 1000}`,
    `visa_sponsorship = ${rng.pick(['true', 'false', 'null'])}`,
    `status = '${rng.pick(['open', 'closed', 'expired'])}'`,
    `skill_keys = '{${rng.some(['python', 'sql', 'rust'], 2).join(',')}}'`,
    `updated_at = updated_at + interval '1 second'`,
  ]);
  const sql = `update job set ${set} where id in (select j.id from job j join company c on c.id = j.company_id
    where c.name = 'Diff ${board} Shipping') and (${rng.int(0, 3)} = 0 or md5(id::text) < '${rng.pick(['4', '8', 'c'])}')`;
  return async () => {
    if (TEST_DB === 'pglite') return services.orm.em.fork().execute(sql);
    const client = new pg.Client({ connectionString: (services.config.database as { url: string }).url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
}

/** The GraphQL spelling of a domain filter (enums by name, dates as text); boards are not a JobFilter field. */
function toInput(f: JobFilter): Record<string, unknown> {
  const { organizationId: _board, ...rest } = f;
  const out: Record<string, unknown> = { ...rest };
  const upper = (v: string) => v.toUpperCase().replace('-', '_');
  if (f.remoteTypes) out.remoteTypes = f.remoteTypes.map(upper);
  if (f.jobTypes) out.jobTypes = f.jobTypes.map(upper);
  if (f.seniorities) out.seniorities = f.seniorities.map(upper);
  if (f.atsPlatforms) out.atsPlatforms = f.atsPlatforms.map(upper);
  if (f.status) out.status = upper(f.status);
  if (f.postedAfter) out.postedAfter = f.postedAfter.toISOString();
  if (f.postedBefore) out.postedBefore = f.postedBefore.toISOString();
  return out;
}

/** Every id searchJobs returns for a filter, all pages. */
async function searchIds(filter: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  for (let after: string | null = null; ;) {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: `query ($f: JobFilter, $after: String) { searchJobs(filter: $f, first: 100, after: $after) {
          edges { node { id } } pageInfo { hasNextPage endCursor } } }`,
        variables: { f: filter, after },
      },
    });
    const body = res.json() as {
      data?: {
        searchJobs: {
          edges: { node: { id: string } }[];
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      };
      errors?: unknown[];
    };
    expect(body.errors, JSON.stringify(filter)).toBeUndefined();
    ids.push(...body.data!.searchJobs.edges.map((e) => e.node.id));
    if (!body.data!.searchJobs.pageInfo.hasNextPage) return ids;
    after = body.data!.searchJobs.pageInfo.endCursor;
  }
}

/** Every job's searched columns (a Job's GraphQL id is its UUID), to tell which jobs a step changed. */
async function searchedColumns(): Promise<Map<string, string>> {
  const rows = await services.orm.em
    .fork()
    .execute<{ id: string; v: string }[]>(`select id::text as id, row(${SEARCHED})::text as v from job`);
  return new Map(rows.map((r) => [r.id, r.v]));
}

const received = (s: SseStream, field: Field, from: number) =>
  s.events
    .slice(from)
    .flatMap((e) => ((e.data?.[field] as { id: string }[] | undefined) ?? []).map((j) => j.id));

async function caughtUp(streams: SseStream[], to: EventPosition | null) {
  if (!to) return;
  await expect
    .poll(
      () => streams.every((s) => s.lastId !== null && compareEventPositions(parseEventId(s.lastId), to) >= 0),
      { timeout: 60_000, interval: 50 },
    )
    .toBe(true);
}

describe(`live events against searchJobs, differential (${TEST_DB})`, () => {
  it(
    'gives every subscriber each matching event exactly once and nothing else',
    { timeout: 600_000 },
    async () => {
      const rng = createRng(SEED);
      for (const board of BOARDS) await ingestStep(rng, board)();
      for (const board of BOARDS) await ingestStep(rng, board)();
      const vocabulary = await loadSearchVocabulary(services, []);
      const filters: Record<string, unknown>[] = [
        {},
        { status: 'ANY' },
        { query: 'pilot' },
        { query: 'har eng' },
        { remoteTypes: ['REMOTE'] },
        { minSalaryUsd: 90_000 },
        { status: 'CLOSED', query: 'ferry' },
        // Berlin and Hamburg (255 km), by name; Austin by its point.
        { near: { place: 'Berlin', radiusKm: 300 } },
        { near: { latitude: 30.27, longitude: -97.74, radiusKm: 50 }, status: 'ANY' },
        ...Array.from({ length: 10 }, () => toInput(randomFilter(rng, vocabulary, NOW))),
      ];
      const subscribers = await Promise.all(
        filters.flatMap((f) =>
          FIELDS.map(async (field) => ({
            filter: f,
            field,
            stream: await openSse(base, `subscription ($f: JobFilter) { ${field}(filter: $f) { id } }`, {
              f,
            }),
            seen: 0,
          })),
        ),
      );
      const streams = subscribers.map((s) => s.stream);
      for (const s of streams) expect(s.status).toBe(200);

      let before = new Map(await Promise.all(filters.map(async (f) => [f, await searchIds(f)] as const)));
      let columns = await searchedColumns();
      const totals = { jobsAdded: 0, jobsClosed: 0, jobsUpdated: 0 };
      for (let step = 0; step < STEPS; step++) {
        const a = rng.pick(BOARDS);
        const kind = rng.pick(['ingest', 'ingest', 'close', 'sql', 'both'] as const);
        const writes =
          kind === 'ingest'
            ? [ingestStep(rng, a)]
            : kind === 'close'
              ? [closeStep(rng, a)]
              : kind === 'sql'
                ? [sqlStep(rng, a)]
                : // Two writers at once, on different boards' jobs.
                  [
                    ingestStep(rng, a),
                    sqlStep(
                      rng,
                      BOARDS.find((x) => x !== a)!,
                    ),
                  ];
        await Promise.all(writes.map((w) => w()));
        await caughtUp(streams, (await services.jobEventLog.head(services.orm.em.fork())).last);

        const after = new Map(await Promise.all(filters.map(async (f) => [f, await searchIds(f)] as const)));
        const nextColumns = await searchedColumns();
        for (const sub of subscribers) {
          const was = new Set(before.get(sub.filter));
          const now = new Set(after.get(sub.filter));
          const expected =
            sub.field === 'jobsAdded'
              ? [...now].filter((id) => !was.has(id))
              : sub.field === 'jobsClosed'
                ? [...was].filter((id) => !now.has(id))
                : [...now].filter((id) => was.has(id) && columns.get(id) !== nextColumns.get(id));
          const got = received(sub.stream, sub.field, sub.seen);
          sub.seen = sub.stream.events.length;
          totals[sub.field] += got.length;
          expect(
            got.sort(),
            `seed ${SEED}, step ${step} (${kind}), ${sub.field}(${JSON.stringify(sub.filter)})`,
          ).toEqual(expected.sort());
        }
        before = after;
        columns = nextColumns;
      }
      // The stream was not trivially quiet.
      expect(totals.jobsAdded).toBeGreaterThan(20);
      expect(totals.jobsClosed).toBeGreaterThan(5);
      expect(totals.jobsUpdated).toBeGreaterThan(5);
      for (const s of streams) {
        expect(s.events.flatMap((e) => e.errors)).toEqual([]);
        await s.close();
      }
    },
  );
  it('matches every event in memory, page by page, as the SQL reader does (issue 12 item 8)', async () => {
    // The outbox the test above left: ingests, closings and other writers' updates.
    const rng = createRng(SEED + 1);
    const vocabulary = await loadSearchVocabulary(services, []);
    expect(services.eventReader).toBeInstanceOf(EventMatcher);
    const em = () => services.orm.em.fork();
    const head = await services.jobEventLog.head(em());
    const filters: JobFilter[] = [
      {},
      { status: 'any' },
      { status: 'closed', query: 'ferr' },
      { query: 'har eng' },
      { skills: ['python', 'sql'] },
      // Not for the index (a substring of the location text): matched in SQL.
      { locations: ['lisbon'] },
      { near: { latitude: 52.52, longitude: 13.405, radiusKm: 300 } },
      { near: { latitude: 38.72, longitude: -9.14, radiusKm: 20 }, status: 'any' },
      ...Array.from({ length: 60 }, () => randomFilter(rng, vocabulary, NOW)),
    ];
    const PAGE = 7;
    let compared = 0;
    for (const filter of filters) {
      for (let at = head.horizon; ;) {
        const [sql, memory] = await Promise.all([
          services.jobEventLog.read(em(), filter, at, head.last!, PAGE),
          services.eventReader.read(em(), filter, at, head.last!, PAGE),
        ]);
        const where = `${JSON.stringify(filter)} after ${at.xid}:${at.seq}`;
        expect([memory.count, memory.lastRead], where).toEqual([sql.count, sql.lastRead]);
        expect(memory.events, where).toEqual(sql.events.filter((e) => e.change !== null));
        compared += memory.events.length;
        if (sql.count < PAGE) break;
        at = sql.lastRead!;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('takes a reader whose position is inside a kept page onto that page: the rest of it, then the pages the others read', async () => {
    // A matcher of its own, its pages read here: a reader from the outbox's start reads
    // pages of 9; readers from the middle of those pages (a webhook endpoint's cursor, a
    // stream that subscribed then) take each page's rest and end where it ends.
    const matcher = new EventMatcher(new SearchIndexRepository(), services.jobEventLog, () => NOW);
    const em = () => services.orm.em.fork();
    const head = await services.jobEventLog.head(em());
    const PAGE = 9;
    const filter: JobFilter = { status: 'any' };
    const pages: { after: EventPosition; lastRead: EventPosition }[] = [];
    for (let at = head.horizon; pages.length < 5;) {
      const page = await matcher.read(em(), filter, at, head.last!, PAGE);
      if (page.count < PAGE) break;
      pages.push({ after: at, lastRead: page.lastRead! });
      at = page.lastRead!;
    }
    expect(pages.length).toBeGreaterThanOrEqual(3);
    let compared = 0;
    for (const { after, lastRead } of pages) {
      // The events of this page, as the SQL reader reads them.
      const whole = await services.jobEventLog.read(em(), filter, after, head.last!, PAGE);
      const inside = whole.events[3]!.position;
      const rest = await matcher.read(em(), filter, inside, head.last!, PAGE);
      const sqlRest = await services.jobEventLog.read(em(), filter, inside, lastRead, PAGE);
      expect(rest.lastRead).toEqual(lastRead);
      expect(rest.count).toBe(sqlRest.count);
      expect(rest.events).toEqual(sqlRest.events.filter((e) => e.change !== null));
      compared += rest.events.length;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("follows a kept page's joins: a membership added after the page was read counts once the page has aged", async () => {
    // A matcher of its own, so that the page is read here; the images never change, but
    // what they join (memberships, company names) may: an aged page reads those again.
    const matcher = new EventMatcher(new SearchIndexRepository(), services.jobEventLog, () => NOW);
    const em = () => services.orm.em.fork();
    const from = (await services.jobEventLog.head(em())).start;
    const posting = randomPosting(createRng(SEED + 2), 'kept', 'kept-1');
    await runIngest(services, {
      platform: 'greenhouse',
      board: 'kept',
      complete: false,
      postings: [posting],
    });
    const head = await services.jobEventLog.head(em());
    const org = await services.organizations.createOrganization(em(), 'Kept Page Board', 'kept-page-board');
    const [pick] = await em().execute<{ job_id: string }[]>(
      `select e.job_id::text as job_id from job_event e
        where e.kind = 'added' and (e.xid, e.seq) > (?::xid8, ?::bigint) order by e.xid, e.seq limit 1`,
      [from.xid.toString(), from.seq.toString()],
    );
    expect(pick).toBeDefined();
    const filter: JobFilter = { organizationId: org.id, status: 'any' };
    const read = () => matcher.read(em(), filter, from, head.last!, 100_000);
    const entered = async () =>
      (await read()).events.filter((e) => e.jobId === pick!.job_id && e.change === 'entered').length;
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      expect(await entered()).toBe(0);
      await em().execute(
        `insert into organization_job (organization_id, job_id, origin) values (?::uuid, ?::uuid, 'manual')`,
        [org.id, pick!.job_id],
      );
      // Within PAGE_TTL_MS the kept page answers as read.
      expect(await entered()).toBe(0);
      clock.mockImplementation(() => now + 6_000);
      expect(await entered()).toBeGreaterThan(0);
      // As the SQL reader, which joins at read time, says.
      const sql = await services.jobEventLog.read(em(), filter, from, head.last!, 100_000);
      expect((await read()).events).toEqual(sql.events.filter((e) => e.change !== null));
    } finally {
      clock.mockRestore();
      await em().execute(`delete from organization_job where organization_id = ?::uuid`, [org.id]);
    }
  });

  it('reads the page after a kept one an interval later, as far as the readers that came meanwhile asked', async () => {
    // Three ingests; a page read through the first. The next page's readers come at once,
    // one whose view of the outbox ends at the second ingest, one at the third: the read
    // waits PAGE_INTERVAL_MS from the kept page's, then reads through the furthest.
    const matcher = new EventMatcher(new SearchIndexRepository(), services.jobEventLog, () => NOW);
    const em = () => services.orm.em.fork();
    const filter: JobFilter = { status: 'any' };
    const from = (await services.jobEventLog.head(em())).start;
    const heads = await ingestOneByOne('interval', 10, 3);
    expect(compareEventPositions(heads[2]!, heads[1]!)).toBeGreaterThan(0);
    // Date.now held still: the interval is then exactly PAGE_INTERVAL_MS of timer, however busy the machine.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const first = await matcher.read(em(), filter, from, heads[0]!, 100_000);
      expect(first.lastRead).toEqual(heads[0]);
      const started = performance.now();
      const [early, late] = await Promise.all([
        matcher.read(em(), filter, heads[0]!, heads[1]!, 100_000),
        matcher.read(em(), filter, heads[0]!, heads[2]!, 100_000),
      ]);
      expect(performance.now() - started).toBeGreaterThanOrEqual(PAGE_INTERVAL_MS - 2);
      expect(early.lastRead).toEqual(heads[2]);
      expect(late.lastRead).toEqual(heads[2]);
      const sql = await services.jobEventLog.read(em(), filter, heads[0]!, heads[2]!, 100_000);
      expect(early.events.length).toBeGreaterThan(0);
      expect(early.events).toEqual(sql.events.filter((e) => e.change !== null));
    } finally {
      clock.mockRestore();
    }
  });

  it('reads a page that waited for its interval as far as the feed has seen, past what its readers asked', async () => {
    // The page's one reader came when the feed saw the second ingest; the third committed
    // while the page waited for its interval. It is in the page: left to the next one, it
    // waited another interval (the push bench: commit → page read up to 680 ms).
    let deliverable: EventPosition | null = null;
    const matcher = new EventMatcher(new SearchIndexRepository(), services.jobEventLog, () => NOW, {
      deliverable: () => deliverable,
    });
    const em = () => services.orm.em.fork();
    const filter: JobFilter = { status: 'any' };
    const from = (await services.jobEventLog.head(em())).start;
    const heads = await ingestOneByOne('feed-head', 30, 3);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      deliverable = heads[0]!;
      const first = await matcher.read(em(), filter, from, heads[0]!, 100_000);
      expect(first.lastRead).toEqual(heads[0]);
      const next = matcher.read(em(), filter, heads[0]!, heads[1]!, 100_000);
      // The feed sees the third ingest while the page waits.
      deliverable = heads[2]!;
      const page = await next;
      expect(page.lastRead).toEqual(heads[2]);
      const sql = await services.jobEventLog.read(em(), filter, heads[0]!, heads[2]!, 100_000);
      expect(page.count).toBe(sql.count);
      expect(page.events).toEqual(sql.events.filter((e) => e.change !== null));
    } finally {
      clock.mockRestore();
    }
  });

  it("reads the gateway's pages as far as the gateway's feed has seen", async () => {
    // The wiring of the test above: services' matcher follows services' feed.
    const em = () => services.orm.em.fork();
    const filter: JobFilter = { status: 'any' };
    const feed = await services.jobEvents();
    const from = (await services.jobEventLog.head(em())).start;
    const heads = await ingestOneByOne('gateway-feed', 50, 2);
    expect(await feed.waitBeyond(heads[0]!, new AbortController().signal)).toEqual(heads[1]);
    // A reader whose view ends at the first ingest.
    const page = await services.eventReader.read(em(), filter, from, heads[0]!, 100_000);
    expect(page.lastRead).toEqual(heads[1]);
  });

  it('takes a reader behind a kept page, with no event in between, onto that page; one with an event in between reads its own', async () => {
    // Streams that subscribe, and endpoints created, while the outbox is quiet start where
    // it stood then: each a different position before the next event. In the push bench
    // the endpoints' first fills read ten pages of the same events, each for itself.
    const repository = new SearchIndexRepository();
    const matcher = new EventMatcher(repository, services.jobEventLog, () => NOW);
    const reads = vi.spyOn(repository, 'eventImages');
    const em = () => services.orm.em.fork();
    const filter: JobFilter = { status: 'any' };
    const ingest = (n: number) =>
      runIngest(services, {
        platform: 'greenhouse',
        board: 'quiet-start',
        complete: false,
        postings: [randomPosting(createRng(SEED + 40 + n), 'quiet-start', `quiet-start-${n}`)],
      });
    try {
      const beforeBoth = (await services.jobEventLog.head(em())).start;
      await ingest(1);
      const early = (await services.jobEventLog.head(em())).start;
      // A write without job events moves where a new reader starts, not the events.
      await services.organizations.createOrganization(em(), 'Quiet Start', 'quiet-start');
      const late = (await services.jobEventLog.head(em())).start;
      expect(compareEventPositions(late, early)).toBeGreaterThan(0);
      await ingest(2);
      const head = (await services.jobEventLog.head(em())).last!;
      const sqlFrom = async (at: EventPosition) => {
        const sql = await services.jobEventLog.read(em(), filter, at, head, 100_000);
        return {
          count: sql.count,
          lastRead: sql.lastRead,
          events: sql.events.filter((e) => e.change !== null),
        };
      };
      const asRead = (page: Awaited<ReturnType<EventMatcher['read']>>) => ({
        count: page.count,
        lastRead: page.lastRead,
        events: page.events,
      });

      expect(asRead(await matcher.read(em(), filter, late, head, 100_000))).toEqual(await sqlFrom(late));
      expect(reads).toHaveBeenCalledTimes(1);
      // Behind the page's start, nothing in between: the same page, not read again.
      const shared = await matcher.read(em(), filter, early, head, 100_000);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(asRead(shared)).toEqual(await sqlFrom(early));
      // The first ingest's events lie in between: a page of its own, with them.
      const own = await matcher.read(em(), filter, beforeBoth, head, 100_000);
      expect(reads).toHaveBeenCalledTimes(2);
      expect(own.count).toBeGreaterThan(shared.count);
      expect(asRead(own)).toEqual(await sqlFrom(beforeBoth));
    } finally {
      reads.mockRestore();
    }
  });

  it("counts the interval from the start of the kept page's read, not its end", async () => {
    // A read that takes the whole interval (the clock moved on by PAGE_INTERVAL_MS while it
    // ran): the next page is read at once. Counted from the end, it waited the interval
    // again on top of the read, and under load that wait was most of the live latency.
    const repository = new SearchIndexRepository();
    const matcher = new EventMatcher(repository, services.jobEventLog, () => NOW);
    const em = () => services.orm.em.fork();
    const filter: JobFilter = { status: 'any' };
    const from = (await services.jobEventLog.head(em())).start;
    const heads = await ingestOneByOne('interval-start', 20, 2);
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    const read = repository.eventImages.bind(repository);
    const slowRead = vi.spyOn(repository, 'eventImages').mockImplementationOnce(async (...args) => {
      const page = await read(...args);
      now += PAGE_INTERVAL_MS;
      return page;
    });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      const first = await matcher.read(em(), filter, from, heads[0]!, 100_000);
      expect(first.lastRead).toEqual(heads[0]);
      const next = await matcher.read(em(), filter, heads[0]!, heads[1]!, 100_000);
      expect(next.lastRead).toEqual(heads[1]);
      expect(slowRead).toHaveBeenCalledTimes(2);
      // No wait was set for the second page (the matcher's other timers are seconds long).
      expect(timers.mock.calls.map(([, ms]) => ms)).not.toContain(PAGE_INTERVAL_MS);
    } finally {
      timers.mockRestore();
      slowRead.mockRestore();
      clock.mockRestore();
    }
  });
});
