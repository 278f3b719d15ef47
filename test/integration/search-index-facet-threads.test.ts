import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SortOrder } from '../../src/domain/enums.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import { FACET_NAMES } from '../../src/domain/job-facets.ts';
import { FACET_FIELDS } from '../../src/search/facets.ts';
import { seedDemo } from '../../src/ingest/seed-demo.ts';
import type { FacetThreads } from '../../src/search/facet-threads.ts';
import type { LiveSearchIndex } from '../../src/search/live-index.ts';
import type { Services } from '../../src/services.ts';
import { createApp } from '../../src/http/create-app.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { parsePrometheusText, seriesKey } from '../helpers/prometheus-text.ts';
import {
  createRng,
  loadSearchVocabulary,
  randomFilter,
  type Rng,
  type SearchVocabulary,
} from '../helpers/random-search.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Facet threads (README "Facet threads"): a search's counts over the index's base are
 * made in a worker thread, from the thread's own replica of the base's facet data, and
 * the search runs again with them. Its answers must stay the SQL path's — totals, pages
 * and every facet — through the transports' own call (JobSearch), as the base gains dead
 * docs and small segments, after the base is rebuilt, and once a thread has died.
 */
const NOW = new Date('2026-11-22T00:00:00Z');
const SEED = Number(process.env.SEARCH_INDEX_SEED ?? 7_2026);
const sorts: (SortOrder | undefined)[] = [undefined, 'relevance', 'newest', 'salary', 'first_seen'];

let services: Services;
let live: LiveSearchIndex;
let threads: FacetThreads;
let vocabulary: SearchVocabulary;
const answeredBy: string[] = [];
const exec = (sql: string, params: unknown[] = []) => services.orm.em.fork().execute(sql, params);

/** Waits (bounded) until the facet threads hold the index's current base. */
async function threadsHoldTheBase(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    await live.sync();
    const base = live.index()?.segments[0]?.data;
    if (base && base.docCount > 0 && threads.readyId(base) !== undefined) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the facet threads never held the base');
}

beforeAll(async () => {
  services = await createTestServices(
    { clock: () => NOW },
    {
      NORMALIZE_THREADS: '0',
      SEARCH_INDEX_FACET_THREADS: '1',
      // Every count over the base goes to the thread, however few the matches, and
      // whether or not other searches are in progress (these run one at a time).
      SEARCH_INDEX_FACET_THREAD_MIN: '0',
      SEARCH_INDEX_FACET_THREAD_BUSY: '1',
      // Counted at every search (no cached counts to hide a wrong one).
      SEARCH_INDEX_FACET_CACHE: '0',
      // The seeded jobs exceed it: the index rebuilds its base with them (and sends it to the thread).
      SEARCH_INDEX_MAX_DELTA: '400',
    },
  );
  live = services.search.index!;
  threads = live.facetThreads!;
  await seedDemo(services, 1500);
  await threadsHoldTheBase();
  vocabulary = await loadSearchVocabulary(services, []);
  services.searchPaths.add((path, reason) => answeredBy.push(reason ? `${path}:${reason}` : path));
}, 600_000);
afterAll(() => services?.close());

/** One random search through JobSearch with every facet, against the SQL path's answer. */
async function compareOne(rng: Rng, context: string, seen?: (filter: JobFilter) => void): Promise<void> {
  const filter = randomFilter(rng, vocabulary, NOW);
  seen?.(filter);
  const sort = rng.pick(sorts);
  const page = { offset: rng.chance(0.7) ? 0 : rng.int(0, 200), limit: rng.pick([1, 20, 50]) };
  const where = `${context}: ${JSON.stringify({ filter, sort, page })}`;
  const em = services.orm.em.fork();
  const answer = await services.search.search(em, filter, sort, page, FACET_NAMES);
  const sql = await services.jobs.search(services.orm.em.fork(), filter, sort, page);
  expect(answer.total, where).toBe(sql.total);
  expect(
    answer.items.map((j) => j.id),
    where,
  ).toEqual(sql.items.map((j) => j.id));
  expect(answer.facets, where).toEqual(
    await services.jobs.facets(services.orm.em.fork(), filter, FACET_NAMES),
  );
}

describe(`facet threads (${TEST_DB})`, () => {
  it("count a search's facets in the thread, with the SQL path's answers", async () => {
    const rng = createRng(SEED);
    const before = threads.answered;
    answeredBy.length = 0;
    for (let q = 0; q < 150; q++) await compareOne(rng, `seed ${SEED}, query #${q}`);
    // The thread made the counts, and the index (not SQL) answered.
    expect(threads.answered - before).toBeGreaterThan(100);
    expect(answeredBy.filter((p) => p === 'index').length).toBeGreaterThan(140);
    // /metrics says so.
    const app = await createApp(services);
    try {
      const samples = parsePrometheusText((await app.inject({ method: 'GET', url: '/metrics' })).body);
      expect(samples.get(seriesKey('search_index_facet_threads'))).toBe(1);
      expect(samples.get(seriesKey('search_index_facet_thread_counts_total'))).toBe(threads.answered);
    } finally {
      await app.close();
    }
  }, 600_000);

  it("fill the facet caches from the thread's counts (a repeat is a hit), with the same answers", async () => {
    // As served: the base's counts of a filter are kept across versions (base-facets.ts).
    live.setFacetCacheSize(512);
    try {
      const passes: number[] = [];
      let clockBound = 0; // filters with postedWithinDays: never cached (their window moves)
      for (const pass of [1, 2]) {
        const before = threads.answered;
        const rng = createRng(SEED + 10);
        for (let q = 0; q < 60; q++) {
          await compareOne(rng, `cache on, pass ${pass}, query #${q}`, (filter) => {
            if (pass === 2 && filter.postedWithinDays !== undefined) clockBound++;
          });
        }
        passes.push(threads.answered - before);
      }
      // The first pass counted in the thread; its repeat found every cacheable count kept.
      expect(passes[0]).toBeGreaterThan(30);
      expect(passes[1]).toBeLessThanOrEqual(clockBound);
    } finally {
      live.setFacetCacheSize(0);
    }
  }, 600_000);

  it("resume a held first run with the thread's counts only while nothing it read has changed", async () => {
    const page = { offset: 0, limit: 20 };
    const held = (filter: JobFilter) => {
      const counting = threads.counting();
      const first = live
        .index()!
        .query(filter, undefined, page, { facets: FACET_FIELDS, counting, hold: true });
      if (first === 'unsupported' || !('resume' in first)) throw new Error('expected a held, deferred run');
      return { first, counting };
    };
    const filter: JobFilter = { remoteTypes: ['remote', 'hybrid'] };
    const { first, counting } = held(filter);
    try {
      const resumed = first.resume(threads.replay(await threads.count(counting.needs)));
      // The page and total of the first run, the facets as counted on this thread.
      const here = live.index()!.query(filter, undefined, page, { facets: FACET_FIELDS });
      if (here === 'unsupported') throw new Error('unsupported');
      expect(resumed).toEqual(here.facets);
      expect(first.ids).toEqual(here.ids);
      expect(first.total).toBe(here.total);
    } finally {
      first.release();
      counting.dispose();
    }
    // A write applied between the runs: the held run is stale, and says so.
    const stale = held(filter);
    try {
      const counted = await threads.count(stale.counting.needs);
      await exec(`update job set remote_type = case remote_type when 'remote' then 'onsite' else 'remote' end
                   where id = (select id from job where status = 'open' order by id limit 1)`);
      await live.sync();
      expect(stale.first.resume(threads.replay(counted))).toBeNull();
    } finally {
      stale.first.release();
      stale.counting.dispose();
    }
    // And JobSearch, which runs it again then, still answers as SQL does.
    await compareOne(createRng(SEED + 3), 'after a stale held run');
  }, 120_000);

  it('count a lone search on the main thread, and concurrent ones in the thread, with the same answers', async () => {
    threads.busyFrom = 2; // the default: a thread only when another search is in progress
    try {
      const rng = createRng(SEED + 20);
      const before = threads.answered;
      for (let q = 0; q < 10; q++) await compareOne(rng, `lone search #${q}`);
      expect(threads.answered).toBe(before);
      // Eight at once: all but the first to start find others in progress.
      const filters = Array.from({ length: 8 }, () => randomFilter(rng, vocabulary, NOW));
      const page = { offset: 0, limit: 20 };
      const answers = await Promise.all(
        filters.map((f) => services.search.search(services.orm.em.fork(), f, undefined, page, FACET_NAMES)),
      );
      expect(threads.answered).toBeGreaterThan(before);
      for (const [i, filter] of filters.entries()) {
        const where = `concurrent #${i}: ${JSON.stringify(filter)}`;
        const sql = await services.jobs.search(services.orm.em.fork(), filter, undefined, page);
        expect(answers[i]!.total, where).toBe(sql.total);
        expect(
          answers[i]!.items.map((j) => j.id),
          where,
        ).toEqual(sql.items.map((j) => j.id));
        expect(answers[i]!.facets, where).toEqual(
          await services.jobs.facets(services.orm.em.fork(), filter, FACET_NAMES),
        );
      }
    } finally {
      threads.busyFrom = 1;
    }
  }, 120_000);

  it('give the same answers while jobs are written (dead docs, small segments, a rebuilt base)', async () => {
    const rng = createRng(SEED + 1);
    const baseBefore = live.index()!.segments[0]!.data;
    let sawSmallSegments = false;
    for (let round = 0; round < 12; round++) {
      const ids = (
        await services.orm.em.fork().execute<{ id: string }[]>('select id::text as id from job order by id')
      ).map((r) => r.id);
      const some = (n: number) => Array.from({ length: n }, () => rng.pick(ids));
      await storeJobs(
        services,
        Array.from({ length: rng.int(5, 25) }, () =>
          makeJob({
            title: `${rng.pick(vocabulary.words)} Engineer`,
            descriptionText: Array.from({ length: 8 }, () => rng.pick(vocabulary.words)).join(' '),
            skills: rng.some(vocabulary.skills, 3),
            remoteType: rng.pick(['remote', 'hybrid', 'onsite'] as const),
            salaryMinUsd: rng.chance(0.5) ? rng.int(30, 200) * 1000 : null,
          }),
        ),
      );
      await services.orm.em
        .fork()
        .execute(
          `update job set status = case status when 'open' then 'closed' else 'open' end where id = any(?::uuid[])`,
          [`{${some(rng.int(5, 40)).join(',')}}`],
        );
      await live.sync();
      sawSmallSegments ||= live.index()!.segments.length > 1;
      for (let q = 0; q < 15; q++) await compareOne(rng, `seed ${SEED + 1}, round ${round}, query #${q}`);
    }
    expect(sawSmallSegments).toBe(true);
    // The writes outgrew SEARCH_INDEX_MAX_DELTA: a new base is built in the background (it may
    // still be building after the last round) and sent to the thread.
    await vi.waitFor(
      async () => {
        await threadsHoldTheBase();
        expect(live.index()!.segments[0]!.data).not.toBe(baseBefore);
      },
      { timeout: 120_000, interval: 200 },
    );
    const before = threads.answered;
    for (let q = 0; q < 20; q++) await compareOne(rng, `seed ${SEED + 1}, after the rebuild, query #${q}`);
    expect(threads.answered).toBeGreaterThan(before);
  }, 600_000);

  it('count on the main thread once a thread has died, with the same answers', async () => {
    await threads.workers[0]!.terminate();
    // The thread's end is an event: a search may start before it is seen, and then
    // fall back for its own count. Either way the answers must be right.
    const rng = createRng(SEED + 2);
    for (let q = 0; q < 40; q++) await compareOne(rng, `seed ${SEED + 2}, query #${q}`);
    expect(threads.size).toBe(0);
    const before = threads.answered;
    for (let q = 0; q < 10; q++) await compareOne(rng, `seed ${SEED + 2}, later query #${q}`);
    expect(threads.answered).toBe(before);
  }, 600_000);
});
