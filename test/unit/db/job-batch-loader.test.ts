import { describe, expect, it } from 'vitest';
import { gatheredById, loadEachAfter } from '../../../src/db/job-batch-loader.ts';

/** A table of jobs read by statements the test counts, on a clock the test moves. */
function table(rows: Record<string, number>) {
  const state = { now: 100, statements: [] as string[][], rows: { ...rows } };
  const load = gatheredById(
    async (ids) => {
      state.statements.push([...ids]);
      return ids.flatMap((id) => (id in state.rows ? [{ id, v: state.rows[id]! }] : []));
    },
    () => state.now,
  );
  return { state, load };
}

describe('gatheredById (live jobs and versions, issue 12 item 8)', () => {
  it('reads the lists asked together in one statement, each id once, in each caller’s order', async () => {
    const { state, load } = table({ a: 1, b: 1, c: 1 });
    const [first, second] = await Promise.all([load(['c', 'a', 'gone']), load(['a', 'b'])]);
    expect(first).toEqual([
      { id: 'c', v: 1 },
      { id: 'a', v: 1 },
    ]);
    expect(second).toEqual([
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
    ]);
    expect(state.statements).toEqual([['c', 'a', 'gone', 'b']]);
  });

  it('takes a job read after the page was read, and reads again one read before it', async () => {
    const { state, load } = table({ a: 1, b: 1 });
    state.now = 200; // the first statement starts at 200
    await load(['a'], 0);
    state.rows.a = 2;
    state.rows.b = 2;
    // A page read at 150 (before the statement): `a` as read reflects it, no statement.
    expect(await load(['a'], 150)).toEqual([{ id: 'a', v: 1 }]);
    expect(state.statements).toHaveLength(1);
    // A page read at 250 (after it): `a` may predate that page's events, so it is read again;
    // `b` was never read.
    state.now = 300;
    expect(await load(['b', 'a'], 250)).toEqual([
      { id: 'b', v: 2 },
      { id: 'a', v: 2 },
    ]);
    expect(state.statements).toEqual([['a'], ['b', 'a']]);
    // The newer read is what is kept now.
    expect(await load(['a'], 260)).toEqual([{ id: 'a', v: 2 }]);
    expect(state.statements).toHaveLength(2);
  });

  it('reads afresh without a page time, and forgets what it read after a second or two', async () => {
    const { state, load } = table({ a: 1 });
    await load(['a'], 0);
    await load(['a']);
    expect(state.statements).toHaveLength(2);
    state.now += 1_000; // one generation: still kept
    await load(['a'], 0);
    expect(state.statements).toHaveLength(2);
    state.now += 2_100; // two more: gone
    await load(['a'], 0);
    expect(state.statements).toHaveLength(3);
  });

  it('leaves out a job deleted before it was read, whether or not the others were kept', async () => {
    const { state, load } = table({ a: 1, b: 1 });
    await load(['a'], 0);
    delete state.rows.b;
    expect(await load(['a', 'b'], 0)).toEqual([{ id: 'a', v: 1 }]);
    expect(state.statements).toEqual([['a'], ['b']]);
  });

  it('tells the read the newest page time of the lists it gathers, and none when a list has none', async () => {
    const afters: (number | undefined)[] = [];
    const load = gatheredById(
      async (ids, after) => {
        afters.push(after);
        return ids.map((id) => ({ id }));
      },
      () => 100,
    );
    await Promise.all([load(['a'], 20), load(['b'], 50), load(['c'], 30)]);
    await Promise.all([load(['d'], 20), load(['e'])]);
    expect(afters).toEqual([50, undefined]);
  });

  it("keeps a replica's rows as new as their page, not as the moment they were read", async () => {
    // A replica past the page read at 150 answers a statement started at 300: its rows
    // reflect that page's events, maybe no later one's.
    const state = { now: 300, statements: 0 };
    const load = gatheredById(
      async (ids, after) => {
        state.statements++;
        return { items: ids.map((id) => ({ id })), asOf: after! };
      },
      () => state.now,
    );
    await load(['a'], 150);
    // A page read at 140 or 150: taken as read.
    await load(['a'], 140);
    await load(['a'], 150);
    expect(state.statements).toBe(1);
    // A page read at 200, before the statement started but after the replica's page: read again.
    await load(['a'], 200);
    expect(state.statements).toBe(2);
  });

  it('loadEachAfter: each job read after its own page, the rest in one statement', async () => {
    // A webhook fill read pages at 150 (a, b) and 250 (c); a stream loaded a and b at 200.
    const { state, load } = table({ a: 1, b: 1, c: 1 });
    state.now = 200;
    await load(['a', 'b'], 0);
    state.rows.a = 2;
    state.now = 300;
    const after = new Map([
      ['a', 150],
      ['b', 150],
      ['c', 250],
    ]);
    // a and b as the stream read them (newer than their page); c read now. Holding every
    // job to the newest page (250) read a and b again.
    expect(await loadEachAfter(load, after)).toEqual(
      expect.arrayContaining([
        { id: 'a', v: 1 },
        { id: 'b', v: 1 },
        { id: 'c', v: 1 },
      ]),
    );
    expect(state.statements).toEqual([['a', 'b'], ['c']]);
  });

  it('loadEachAfter: a job on a page read after the kept read is read again', async () => {
    const { state, load } = table({ a: 1, b: 1 });
    state.now = 200;
    await load(['a', 'b'], 0);
    state.rows.a = 2;
    state.now = 300;
    // a's newest page (250) came after the read at 200: its record may predate that page.
    const found = await loadEachAfter(
      load,
      new Map([
        ['a', 250],
        ['b', 150],
      ]),
    );
    expect(found).toHaveLength(2);
    expect(found).toContainEqual({ id: 'a', v: 2 });
    expect(found).toContainEqual({ id: 'b', v: 1 });
    expect(state.statements).toEqual([['a', 'b'], ['a']]);
  });
});
