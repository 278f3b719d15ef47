import type { Em } from '../../src/db/orm.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexRepository } from '../../src/db/repositories/search-index.repository.ts';
import type { Services } from '../../src/services.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { createTestServices, standaloneIndex, TEST_DB } from '../helpers/test-services.ts';

/**
 * A live index merges its small segments outside its lock (issue 9: a merge of 7,000 jobs
 * built in one piece held every search 289 ms). The merge reads its rows, builds, and only
 * then swaps in: searches and the changes they wait for must go on meanwhile, and a job
 * changed while the merge was built must come out of the merge dead (its newer doc is in
 * a newer segment), never twice and never in its old state.
 */

/** The real repository, holding the first read naming jobs of both batches (the merge's) until released. */
class HeldMergeRepository extends SearchIndexRepository {
  first = new Set<string>();
  second = new Set<string>();
  release: (() => void) | null = null;
  private hold: Promise<void> | null = null;
  private held = false;
  reached: Promise<void>;
  private arrive!: () => void;

  constructor() {
    super();
    this.reached = new Promise((resolve) => (this.arrive = resolve));
    this.hold = new Promise((resolve) => (this.release = resolve));
  }

  override async jobsByIds(em: Em, ids: readonly string[]) {
    const rows = await super.jobsByIds(em, ids);
    if (!this.held && ids.some((id) => this.first.has(id)) && ids.some((id) => this.second.has(id))) {
      this.held = true;
      this.arrive();
      // The rows were read before the test's writes below: the merge builds their old state.
      await this.hold;
    }
    return rows;
  }
}

let services: Services;
beforeAll(async () => {
  services = await createTestServices({}, { SEARCH_INDEX: 'false' });
});
afterAll(async () => {
  await services?.close();
});

describe(`search index merges (${TEST_DB})`, () => {
  it('answers while a merge is built, and a job changed meanwhile is neither lost nor doubled', async () => {
    const repository = new HeldMergeRepository();
    const live = standaloneIndex(services, { repository });
    const exec = (sql: string, params: unknown[] = []) => services.orm.em.fork().execute(sql, params);
    const zebus = (filter: { status?: 'any' | 'closed' } = {}) =>
      live.index()!.query({ query: 'zebu', ...filter }, undefined, { offset: 0, limit: 1000 });
    try {
      live.start();
      expect(await live.ready()).toBe(true);
      const batch = (from: number) =>
        Array.from({ length: 300 }, (_, i) => makeJob({ title: `Zebu Herder ${from + i}`, board: 'merge' }));
      for (const id of await storeJobs(services, batch(0))) repository.first.add(id);
      await live.sync();
      for (const id of await storeJobs(services, batch(300))) repository.second.add(id);
      await live.sync();
      // Two small segments of 300: the merge of both starts, and is held after its read.
      await repository.reached;

      const first = [...repository.first];
      const second = [...repository.second];
      const closed = first.slice(0, 5);
      const retitled = second.slice(0, 3);
      await exec(`update job set status = 'closed' where id = any(?::uuid[])`, [`{${closed.join(',')}}`]);
      await exec(
        `update job set title = 'Yak Herder', search_vector = to_tsvector('simple', 'yak herder') where id = any(?::uuid[])`,
        [`{${retitled.join(',')}}`],
      );
      // The merge holds no lock: the search's catch-up goes through while it waits.
      await live.sync();
      expect(zebus()).toMatchObject({ total: 592 });
      expect(live.index()!.query({ query: 'yak' }, undefined, { offset: 0, limit: 10 })).toMatchObject({
        total: 3,
      });
      const before = live.index()!.segments.length;

      repository.release!();
      await expect.poll(() => live.index()!.segments.length, { timeout: 60_000 }).toBeLessThan(before);
      await live.mergesDone();

      // The merged segment holds the 600 jobs' old rows: the 8 changed since are dead in it.
      const open = zebus();
      if (open === 'unsupported' || !('ids' in open)) throw new Error('the index did not answer');
      expect(open.total).toBe(592);
      expect(new Set(open.ids).size).toBe(592);
      expect(open.ids.filter((id) => closed.includes(id) || retitled.includes(id))).toEqual([]);
      expect(zebus({ status: 'closed' })).toMatchObject({ total: 5 });
      expect(zebus({ status: 'any' })).toMatchObject({ total: 597 });
      expect(live.index()!.query({ query: 'yak' }, undefined, { offset: 0, limit: 10 })).toMatchObject({
        total: 3,
      });
      // And the next change of a merged job is applied over the merged segment.
      await exec(`update job set status = 'closed' where id = ?`, [first[10]]);
      await live.sync();
      expect(zebus()).toMatchObject({ total: 591 });
    } finally {
      repository.release?.();
      await live.stop();
    }
  });
});
