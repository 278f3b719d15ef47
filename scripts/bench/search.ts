/**
 * The search part: a fixed set of queries through JobRepository.search, timed after
 * VACUUM ANALYZE and warm-ups, with the exact count statement timed alone beside them.
 */
import { DEMO_ORGANIZATION } from '../../src/demo/demo-organization.ts';
import type { SortOrder } from '../../src/domain/enums.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import type { PageKey } from '../../src/domain/page-key.ts';
import type { Services } from '../../src/services.ts';
import type { Db } from './ingest.ts';
import { fmt, log, ms, percentile, table } from './format.ts';

interface SearchCase {
  name: string;
  filter: JobFilter;
  sort?: SortOrder;
  offset?: number;
  limit?: number;
  /** A keyset page (GraphQL cursors) starting after this many rows; the key is read once, untimed. */
  cursorAt?: number;
}

const SEARCH_CASES: SearchCase[] = [
  { name: 'broad word: "engineer"', filter: { query: 'engineer' } },
  { name: 'rare word: "kubernetes"', filter: { query: 'kubernetes' } },
  { name: '2 words: "senior data"', filter: { query: 'senior data' } },
  { name: 'prefix: "eng"', filter: { query: 'eng' } },
  {
    name: 'filters only: hybrid+remote, full-time',
    filter: { remoteTypes: ['remote', 'hybrid'], jobTypes: ['full-time'] },
  },
  {
    name: 'remote + US + min $120k',
    filter: { remoteTypes: ['remote'], countries: ['US'], minSalaryUsd: 120_000 },
  },
  {
    name: 'org listing: org + remote, newest',
    filter: { organizationId: DEMO_ORGANIZATION.id, isRemote: true },
    sort: 'newest',
  },
  { name: 'deep page: newest, offset 5000', filter: {}, sort: 'newest', offset: 5_000 },
  { name: 'page 1: newest', filter: {}, sort: 'newest' },
  { name: 'page 1,000 by cursor: newest', filter: {}, sort: 'newest', cursorAt: 19_980 },
  { name: 'page 1,000 by cursor: "engineer"', filter: { query: 'engineer' }, cursorAt: 19_980 },
];

interface SearchRow {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  countP50: number;
  total: number;
  rows: number;
}

/** Vacuums and analyzes the database, times every query and prints the latency table. */
export async function searchLatency(db: Db, repeats: number, budgetMs: number): Promise<void> {
  const em = db.services.orm.em.fork();
  // The steady state autovacuum keeps: statistics, and a visibility map for index-only
  // counts. Without it, how fast the ingest ran decided whether autovacuum had got
  // round to the freshly written table, and with it the count's cost (5× apart).
  await em.execute('vacuum analyze');
  // All jobs (the statement JobRepository.count ran before it was removed).
  const [row] = await em.execute<{ n: string | number }[]>('select count(*) as n from job');
  const jobs = Number(row?.n ?? 0);
  const searched = await runSearches(db.services, repeats, budgetMs);
  log();
  log(`${db.name}: ${fmt(jobs)} jobs`);
  log(
    table(
      ['query', 'runs', 'p50', 'p95', 'p99', 'count only p50', 'total', 'rows'],
      searched.map((s) => [
        s.name,
        s.runs,
        ms(s.p50),
        ms(s.p95),
        ms(s.p99),
        ms(s.countP50),
        fmt(s.total),
        s.rows,
      ]),
    ),
  );
}

/** Per query: 2 warm-ups, then `repeats` runs or until `budgetMs` is spent (at least 5 runs). */
async function runSearches(services: Services, repeats: number, budgetMs: number): Promise<SearchRow[]> {
  const out: SearchRow[] = [];
  for (const c of SEARCH_CASES) {
    const timed = await timeSearch(services, c, repeats, budgetMs);
    const counts = await timeCount(services, c);
    out.push({
      name: c.name,
      runs: timed.times.length,
      p50: percentile(timed.times, 50),
      p95: percentile(timed.times, 95),
      p99: percentile(timed.times, 99),
      countP50: percentile(counts, 50),
      total: timed.total,
      rows: timed.rows,
    });
  }
  return out;
}

/** Sorted run times of one query, with the last run's total and page size. */
async function timeSearch(
  services: Services,
  c: SearchCase,
  repeats: number,
  budgetMs: number,
): Promise<{ times: number[]; total: number; rows: number }> {
  const times: number[] = [];
  let total = 0;
  let rows = 0;
  const page = { offset: c.offset ?? 0, limit: c.limit ?? 20, after: await keyBefore(services, c) };
  for (let i = 0; i < 2; i++) await services.jobs.search(services.orm.em.fork(), c.filter, c.sort, page);
  const started = performance.now();
  while (times.length < repeats && (times.length < 5 || performance.now() - started < budgetMs)) {
    const em = services.orm.em.fork();
    const t0 = performance.now();
    const result = await services.jobs.search(em, c.filter, c.sort, page);
    times.push(performance.now() - t0);
    total = result.total;
    rows = result.items.length;
  }
  times.sort((a, b) => a - b);
  return { times, total, rows };
}

/** The key of the row before a keyset case's page (undefined for offset cases). */
async function keyBefore(services: Services, c: SearchCase): Promise<PageKey | undefined> {
  if (c.cursorAt === undefined) return undefined;
  const page = { offset: c.cursorAt - 1, limit: 1 };
  return (await services.jobs.search(services.orm.em.fork(), c.filter, c.sort, page)).keys[0];
}

/** The exact count alone (the last of search's statements), to split the cost; sorted. */
async function timeCount(services: Services, c: SearchCase): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await services.jobs.countMatches(services.orm.em.fork(), c.filter);
    counts.push(performance.now() - t0);
  }
  return counts.sort((a, b) => a - b);
}
