import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FACET_NAMES } from '../../src/domain/job-facets.ts';
import { createApp } from '../../src/http/create-app.ts';
import { seedDemo } from '../../src/ingest/seed-demo.ts';
import { filterKey } from '../../src/search/facet-cache.ts';
import type { LiveSearchIndex } from '../../src/search/live-index.ts';
import type { Services } from '../../src/services.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { createRng, loadSearchVocabulary } from '../helpers/random-search.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Pinned words (README "Pinned words"): when a base is ready, the facet counts of the
 * single-word searches with the most matches are made once — in the facet thread — and
 * kept for the base's life, with no facet cache. Searches for those words (however
 * typed, over both transports) must still give the SQL path's facets as writes add
 * small segments and kill base docs.
 */
const NOW = new Date('2026-11-22T00:00:00Z');
const MIN = 60;

let services: Services;
let live: LiveSearchIndex;
let app: FastifyInstance;

/** Waits (bounded) until the current base's pinning has run: its count stops growing. */
async function pinned(): Promise<number> {
  let last = -1;
  let stable = 0;
  for (let i = 0; i < 600 && stable < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const n = live.index()?.baseFacets?.pinnedCount ?? 0;
    stable = n > 0 && n === last ? stable + 1 : 0;
    last = n;
  }
  return last;
}

beforeAll(async () => {
  services = await createTestServices(
    { clock: () => NOW },
    {
      NORMALIZE_THREADS: '0',
      SEARCH_INDEX_FACET_THREADS: '1',
      SEARCH_INDEX_FACET_THREAD_MIN: '0',
      SEARCH_INDEX_FACET_THREAD_BUSY: '1',
      // No cache: every facet not pinned is counted at every search.
      SEARCH_INDEX_FACET_CACHE: '0',
      SEARCH_INDEX_PINNED_MIN: String(MIN),
      SEARCH_INDEX_PINNED_WORDS: '400',
      // The seeded jobs exceed it: the index rebuilds its base with them, and pins its words.
      SEARCH_INDEX_MAX_DELTA: '400',
    },
  );
  live = services.search.index!;
  await seedDemo(services, 1500);
  app = await createApp(services);
}, 600_000);
afterAll(async () => {
  await app?.close();
  await services?.close();
});

describe(`pinned words (${TEST_DB})`, () => {
  it("give the SQL path's facets for single-word searches, through writes, on both transports", async () => {
    await live.sync();
    const count = await pinned();
    expect(count).toBeGreaterThan(10);
    const cache = live.index()!.baseFacets!;
    const vocabulary = await loadSearchVocabulary(services, []);
    const rng = createRng(2026_11_27);
    // Whole words and their prefixes: broad ones are the pinned ones.
    const words = [
      ...new Set(
        Array.from({ length: 40 }, () => {
          const word = rng.pick(vocabulary.words);
          return rng.chance(0.5) ? word : word.slice(0, rng.int(1, Math.min(4, word.length)));
        }),
      ),
    ];
    /**
     * Searches answered from pinned counts. Counted per search on the base that answered it:
     * the writes below can start a rebuild (the seed's last jobs, applied after the base was
     * built, and the writes together can pass SEARCH_INDEX_MAX_DELTA), and the new base pins
     * words of its own, on a loaded machine in the middle of a round.
     */
    let answeredPinned = 0;
    const compare = async (round: string) => {
      for (const word of ['', ...words]) {
        const base = live.index()!.baseFacets!;
        const hitsBefore = base.hits;
        const query = rng.chance(0.3) ? word.toUpperCase() : word;
        const filter = query ? { query } : {};
        const em = services.orm.em.fork();
        const answer = await services.search.search(
          em,
          filter,
          undefined,
          { offset: 0, limit: 5 },
          FACET_NAMES,
        );
        if (live.index()!.baseFacets === base && base.hits > hitsBefore) answeredPinned++;
        const sql = await services.jobs.facets(services.orm.em.fork(), filter, FACET_NAMES);
        expect(answer.facets, `${round}: ${query}`).toEqual(sql);
        expect(answer.total, `${round}: ${query}`).toBe(
          await services.jobs.countMatches(services.orm.em.fork(), filter),
        );
      }
    };
    // The empty search (every open job) is pinned too.
    expect(cache.isPinned(filterKey({})!)).toBe(true);
    await compare('pinned base');
    // Some of the words were pinned, and answered from their counts.
    expect(answeredPinned).toBeGreaterThan(0);

    // Writes: base jobs closed and retitled, new ones with the words (dead docs, small segments).
    await services.orm.em
      .fork()
      .execute(`update job set status = 'closed' where id in (select id from job order by id limit 60)`);
    await storeJobs(
      services,
      words
        .slice(0, 10)
        .map((w) => makeJob({ title: `${w} specialist`, board: 'pinned', remoteType: 'remote' })),
    );
    await live.sync();
    // Small segments and dead base docs, unless a rebuild has already taken them in.
    const current = live.index()!;
    if (current.baseFacets === cache) expect(current.segments.length).toBeGreaterThan(1);
    answeredPinned = 0;
    await compare('after writes');
    expect(answeredPinned).toBeGreaterThan(0);

    // Over REST too, typed differently: the same pinned counts (retried, bounded, when a
    // rebuild's base came in during the request).
    await vi.waitFor(
      async () => {
        await live.sync();
        await pinned();
        const base = live.index()!.baseFacets!;
        const broad = words.find((w) => base.isPinned(filterKey({ query: w })!));
        if (!broad) throw new Error('no pinned word among those searched');
        const viaRest = base.hits;
        const res = await app.inject({
          method: 'POST',
          url: '/search/jobs',
          payload: { q: ` ${broad.toUpperCase()} `, facets: true },
        });
        expect(res.statusCode).toBe(200);
        const body = res.json() as { facets: Record<string, unknown> };
        expect(body.facets).toEqual(
          await services.jobs.facets(services.orm.em.fork(), { query: broad }, FACET_NAMES),
        );
        expect(live.index()!.baseFacets).toBe(base);
        expect(base.hits).toBeGreaterThan(viaRest);
      },
      { timeout: 120_000, interval: 500 },
    );
  }, 600_000);
});
