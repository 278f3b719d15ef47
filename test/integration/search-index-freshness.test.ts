import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { engineOf } from '../../src/db/orm.ts';
import { SearchIndexRepository } from '../../src/db/repositories/search-index.repository.ts';
import { JobSearch, type SearchPath } from '../../src/search/job-search.ts';
import { LiveSearchIndex } from '../../src/search/live-index.ts';
import type { Services } from '../../src/services.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * How a search knows its index is current without reading the change log first (issue 9,
 * item 3; README "Search index", "Freshness"): the page read says whether the log moved
 * past the index, and the log's NOTIFY brings each write in within milliseconds. A write
 * committed before a search's page read is always seen, NOTIFY or not.
 */
let services: Services;

beforeAll(async () => {
  // The poll far off: only a NOTIFY or a search's own check can bring a write in.
  services = await createTestServices({}, { SEARCH_INDEX_POLL_MS: '60000' });
}, 120_000);
afterAll(async () => {
  await services?.close();
});

const page = { offset: 0, limit: 20 };
const exec = (sql: string, params: unknown[] = []) => services.orm.em.fork().execute(sql, params);

/**
 * A second index over the same database whose listener reports itself listening but
 * never hears a NOTIFY (one delayed past the search), and a count of its log reads.
 */
async function deafIndex() {
  const repository = new SearchIndexRepository({ preparedReads: engineOf(services.orm) === 'postgres' });
  const read = repository.readChanges.bind(repository);
  const counter = { reads: 0 };
  repository.readChanges = (...args) => {
    counter.reads++;
    return read(...args);
  };
  const live = new LiveSearchIndex(services.orm, repository, {
    logger: pino({ level: 'silent' }),
    clock: () => new Date(),
    // No poll within a test's time: every log read here is one a test made or a search made.
    pollMs: 3_600_000,
    maxDelta: 10_000,
    retentionMs: 86_400_000,
    listen: async ({ onState }) => {
      onState(true);
      return async () => undefined;
    },
  });
  live.start();
  expect(await live.ready()).toBe(true);
  const paths: SearchPath[] = [];
  const search = new JobSearch(services.jobs, live, {
    logger: pino({ level: 'silent' }),
    onAnswer: (path) => paths.push(path),
  });
  // The read that follows "listening" (what committed before it): from then on the index is quiet.
  await live.sync();
  return { live, search, counter, paths };
}

describe(`search index freshness (${TEST_DB})`, () => {
  it('answers a quiet index without reading the log, and sees a write the NOTIFY has not announced', async () => {
    const { live, search, counter, paths } = await deafIndex();
    try {
      const find = async (query: string) =>
        search.search(services.orm.em.fork(), { query }, undefined, page, ['remote_type']);
      const [first] = await storeJobs(services, [makeJob({ title: 'Pangolin Handler', board: 'fresh' })]);
      // Committed before the search, unannounced: the page read finds the log moved, the search reads it.
      expect((await find('pangolin')).items.map((j) => j.id)).toEqual([first]);
      expect(paths.at(-1)).toBe('index');
      // Quiet now: searches read no log.
      const reads = counter.reads;
      for (let i = 0; i < 5; i++) expect((await find('pangolin')).total).toBe(1);
      expect(counter.reads).toBe(reads);
      expect(paths.at(-1)).toBe('index');

      // A second match, unannounced: the first one's page read says the log moved.
      const [more] = await storeJobs(services, [makeJob({ title: 'Pangolin Feeder', board: 'fresh' })]);
      const both = await find('pangolin');
      expect(both.total).toBe(2);
      expect(both.items.map((j) => j.id).sort()).toEqual([first, more].sort());
      expect(counter.reads).toBeGreaterThan(reads);

      // A search with no page to read (no match yet) asks the log alone.
      expect((await find('okapi')).total).toBe(0);
      const [second] = await storeJobs(services, [makeJob({ title: 'Okapi Groomer', board: 'fresh' })]);
      const found = await find('okapi');
      expect(found.items.map((j) => j.id)).toEqual([second]);
      expect(found.facets?.remote_type?.reduce((n, f) => n + f.count, 0)).toBe(1);

      // A closing, and a job past the page leaving: totals and facets follow at once.
      await exec(`update job set status = 'closed' where id = ?`, [first]);
      expect((await find('pangolin')).total).toBe(1);
    } finally {
      await live.stop();
    }
  }, 120_000);

  it('reads a ranked page against the index with the keys SQL gives, and never shows a job whose words changed since', async () => {
    const { live, search, counter, paths } = await deafIndex();
    try {
      const em = () => services.orm.em.fork();
      const capybara = makeJob({ title: 'Capybara Account Manager', board: 'fresh-words' });
      const [whole, prefix, described] = await storeJobs(services, [
        capybara,
        makeJob({ title: 'Accountable Capybara Lead', board: 'fresh-words' }),
        makeJob({
          title: 'Manager',
          descriptionText: 'Capybara accounts',
          descriptionHtml: '<p>Capybara accounts</p>',
          board: 'fresh-words',
        }),
      ]);
      const filter = { query: 'capybara account' };
      // The first search reads the unannounced write; the next ones are quiet.
      await search.search(em(), filter, undefined, page);
      const reads = counter.reads;
      const quick = await search.search(em(), filter, undefined, page);
      expect(counter.reads).toBe(reads);
      expect(paths.at(-1)).toBe('index');
      const sql = await services.jobs.search(em(), filter, undefined, page);
      expect(quick.items.map((j) => j.id)).toEqual([whole, prefix, described]);
      expect(quick.items.map((j) => j.id)).toEqual(sql.items.map((j) => j.id));
      // The cursors' keys, relevance first: the index's scores, equal to SQL's relevance.
      expect(quick.keys).toEqual(sql.keys);
      expect(new Set(quick.keys.map((k) => k[0])).size).toBe(3);
      // The same job, its words changed and not announced: the page read finds the log
      // moved (the words are not tested again in SQL on the quick path), and the search
      // that follows has read the change.
      await storeJobs(services, [
        { ...capybara, title: 'Wombat Handler', normalizedTitle: 'wombat handler' },
      ]);
      const after = await search.search(em(), filter, undefined, page);
      expect(after.items.map((j) => j.id)).toEqual([prefix, described]);
      expect(after.total).toBe(2);
      expect(counter.reads).toBeGreaterThan(reads);
    } finally {
      await live.stop();
    }
  }, 120_000);

  it('applies a write on its NOTIFY, with no search and no poll', async () => {
    const live = services.search.index!;
    const inIndex = () => {
      const answer = live.index()!.query({ query: 'tapir' }, undefined, page);
      return answer === 'unsupported' ? -1 : answer.total;
    };
    expect(inIndex()).toBe(0);
    // Written on another connection than any the index uses, as another gateway or the CLI would.
    await storeJobs(services, [makeJob({ title: 'Tapir Keeper', board: 'fresh' })]);
    const started = Date.now();
    while (inIndex() === 0 && Date.now() - started < 30_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inIndex()).toBe(1);
    // Nothing pending: searches take the index as it stands.
    const until = Date.now() + 30_000;
    while (!live.indexAt() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(live.indexAt()).not.toBeNull();
  }, 120_000);
});
