import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Normalizer } from '../../src/ingest/normalize-pool.ts';
import { importTarget } from '../../src/ingest/import-target.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/** `jobs ingest` end to end, without the process: files and folders through the pipeline. */
let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services?.close());

const boards = async (platform: string) =>
  (
    await services.orm.em
      .fork()
      .execute<{ board: string; n: string }[]>(
        'select board, count(*) as n from source_posting where platform = ? group by board order by board',
        [platform],
      )
  ).map((r) => `${r.board}:${r.n}`);

describe(`importing files (${TEST_DB})`, () => {
  it('imports a folder board by board (file name = board) and reports a broken file without stopping', async () => {
    const results = await importTarget(services, {
      target: 'test/fixtures/ats/greenhouse',
      platform: 'greenhouse',
    });
    const byBoard = Object.fromEntries(results.map((r) => [r.board, r]));
    expect(byBoard.board?.summary).toMatchObject({ new: 3, rejected: 0 });
    expect(byBoard['broken-row']?.summary?.rejected).toBeGreaterThan(0);
    expect(byBoard.malformed?.error).toMatch(/not JSON/);
    expect(await boards('greenhouse')).toEqual(expect.arrayContaining(['board:3']));
  });

  it('keeps the board of each row in a flattened export', async () => {
    const [result] = await importTarget(services, {
      target: 'test/fixtures/datasets/greenhouse-feashliaa.json',
      platform: 'generic',
      mapping: 'greenhouse-feashliaa',
    });
    expect(result?.error).toBeUndefined();
    // Five rows: two boards, one row without a title and one without a board are refused.
    expect(result?.summary).toMatchObject({ fetched: 5, new: 3, rejected: 2 });
    expect(await boards('greenhouse')).toEqual(expect.arrayContaining(['brindlepay:2', 'otterlabs:1']));
  });

  it('imports a CSV with a named mapping', async () => {
    const [result] = await importTarget(services, {
      target: 'test/fixtures/ats/generic/glassdoor.csv',
      platform: 'generic',
      board: 'glassdoor',
      mapping: 'glassdoor',
    });
    expect(result?.summary?.new).toBeGreaterThan(0);
    expect(result?.summary?.salaries).toBeGreaterThan(0);
  });

  it('closes what a --full import no longer lists, and nothing without --full', async () => {
    await importTarget(services, {
      target: 'test/fixtures/ats/lever/board.json',
      platform: 'lever',
      board: 'acme-lever',
    });
    const smaller = 'test/fixtures/ats/lever/page-2.json';
    const partial = await importTarget(services, { target: smaller, platform: 'lever', board: 'acme-lever' });
    expect(partial[0]?.summary?.closed).toBe(0);
    const full = await importTarget(services, {
      target: smaller,
      platform: 'lever',
      board: 'acme-lever',
      full: true,
    });
    expect(full[0]?.summary?.closed).toBeGreaterThan(0);
  });

  it('imports the files of a folder a few at a time, results in file order', async () => {
    let inFlight = 0;
    let most = 0;
    const counting: Normalizer = {
      prepare: async (raws, ctx) => {
        most = Math.max(most, ++inFlight);
        try {
          await new Promise((r) => setTimeout(r, 20));
          return await services.normalizer.prepare(raws, ctx);
        } finally {
          inFlight--;
        }
      },
      close: async () => undefined,
    };
    const results = await importTarget(
      { ...services, normalizer: counting },
      { target: 'test/fixtures/ats/greenhouse', platform: 'greenhouse' },
    );
    expect(results.map((r) => r.board)).toEqual([
      'board',
      'broken-row',
      'malformed',
      'wrapper',
      'wrong-envelope',
    ]);
    expect(most).toBeGreaterThan(1);
  });
});
