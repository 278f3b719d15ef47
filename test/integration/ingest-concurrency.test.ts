import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AtsPlatform } from '../../src/domain/enums.ts';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import type { Normalizer } from '../../src/ingest/normalize-pool.ts';
import type { IngestInput } from '../../src/ingest/pipeline.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import { runBoards } from '../../src/ingest/run-boards.ts';
import { JobWriter } from '../../src/db/repositories/job-writer.ts';
import type { Services } from '../../src/services.ts';
import { createTestDatabaseEnv, createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
const now = new Date('2026-11-20T10:00:00Z');

beforeAll(async () => {
  services = await createTestServices({ clock: () => now });
});
afterAll(() => services?.close());

const DESCRIPTION =
  '<p>Own the billing ledger end to end: design double-entry schemas in PostgreSQL, build idempotent ' +
  'TypeScript services, reconcile payouts with banks every night and keep auditors happy with clear trails.</p>';

function copy(platform: AtsPlatform, board: string, externalId: string): RawPosting {
  const fields = {
    source: platform,
    board,
    externalId,
    title: 'Ledger Engineer',
    companyName: 'Initech',
    descriptionHtml: DESCRIPTION,
    locationText: 'Lisbon, Portugal',
    workplaceType: 'remote',
    salary: { min: 90_000, max: 120_000, currency: 'EUR', period: 'year' },
    postedAt: '2026-11-01T09:00:00Z',
  };
  return { ...fields, payload: fields } as RawPosting;
}

const board = (platform: AtsPlatform, name: string, postings: RawPosting[]): IngestInput => ({
  platform,
  board: name,
  postings,
  complete: true,
});

async function storedCopies(board: string) {
  return services.orm.em
    .fork()
    .execute<{ n: string; jobs: string }[]>(
      `select count(*) as n, count(distinct job_id) as jobs from source_posting where board like ?`,
      [`${board}%`],
    );
}

describe(`boards ingested concurrently (${TEST_DB})`, () => {
  it('merges copies of one posting arriving on boards in flight at the same time into one job', async () => {
    const platforms: AtsPlatform[] = ['greenhouse', 'lever', 'ashby', 'workable', 'recruitee', 'personio'];
    const inputs = platforms.map((p, i) =>
      board(p, `initech-${i}`, [copy(p, `initech-${i}`, `ledger-${i}`)]),
    );
    const summaries = await runBoards(services, inputs, inputs.length);
    expect(summaries.reduce((n, s) => n + s.new, 0)).toBe(1);
    expect(summaries.reduce((n, s) => n + s.merged, 0)).toBe(5);
    const [row] = await storedCopies('initech-');
    expect(Number(row!.n)).toBe(6);
    expect(Number(row!.jobs)).toBe(1);
  });

  it('returns summaries in input order', async () => {
    const inputs = [3, 1, 2].map((n) =>
      board(
        'greenhouse',
        `order-${n}`,
        Array.from({ length: n }, (_, i) => ({
          ...copy('greenhouse', `order-${n}`, `o${i}`),
          title: `Role ${n}-${i}`,
        })),
      ),
    );
    const summaries = await runBoards(services, inputs, 3);
    expect(summaries.map((s) => s.new)).toEqual([3, 1, 2]);
  });

  it('stops at the first failing board: later boards do not start, the error reaches the caller', async () => {
    const bad = {
      ...board('lever', 'fails-2', [copy('lever', 'fails-2', 'x')]),
      organizationId: crypto.randomUUID(),
    };
    const inputs = [
      board('lever', 'fails-1', [copy('lever', 'fails-1', 'a')]),
      bad,
      board('lever', 'fails-3', [copy('lever', 'fails-3', 'b')]),
    ];
    await expect(runBoards(services, inputs, 1)).rejects.toThrow(/organization/i);
    const [first] = await storedCopies('fails-1');
    const [third] = await storedCopies('fails-3');
    expect(Number(first!.n)).toBe(1);
    expect(Number(third!.n)).toBe(0);
  });

  it('does not normalize again a posting whose payload is unchanged, and still reports it', async () => {
    let prepared = 0;
    const counting: Normalizer = {
      prepare: (raws, ctx) => {
        prepared += raws.length;
        return services.normalizer.prepare(raws, ctx);
      },
      close: async () => undefined,
    };
    const deps = { ...services, normalizer: counting };
    const feed = () => [
      copy('smartrecruiters', 'rerun', 'r1'),
      { ...copy('smartrecruiters', 'rerun', 'r2'), title: 'Payments Engineer' },
    ];
    const [first] = await runBoards(deps, [board('smartrecruiters', 'rerun', feed())]);
    expect(prepared).toBe(2);
    const [again] = await runBoards(deps, [board('smartrecruiters', 'rerun', feed())]);
    expect(prepared).toBe(2);
    expect(again).toMatchObject({ unchanged: 2, new: 0, updated: 0, salaries: first!.salaries });
    expect(again!.remoteTypes).toEqual(first!.remoteTypes);
    const changed = feed();
    changed[1] = { ...changed[1]!, payload: { ...(changed[1]!.payload as object), edited: true } };
    const [third] = await runBoards(deps, [board('smartrecruiters', 'rerun', changed)]);
    expect(prepared).toBe(3);
    expect(third).toMatchObject({ unchanged: 1, updated: 1 });
  });

  it('writes again a batch PostgreSQL rolled back as a deadlock victim, counting it once', async () => {
    let failures = 0;
    const writer = new JobWriter();
    const original = writer.write.bind(writer);
    writer.write = async (em, batch) => {
      await original(em, batch);
      // After its statements ran, as a real deadlock would: the transaction rolls back whole.
      if (failures++ === 0) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    };
    const summary = await runIngest(
      { ...services, writer },
      board('workable', 'deadlock', [
        { ...copy('workable', 'deadlock', 'd1'), title: 'Treasury Analyst' },
        { ...copy('workable', 'deadlock', 'd2'), title: 'Auditor' },
      ]),
    );
    expect(failures).toBe(2);
    expect(summary).toMatchObject({ new: 2, merged: 0, updated: 0, unchanged: 0 });
    const [row] = await storedCopies('deadlock');
    expect(Number(row!.n)).toBe(2);
    expect(Number(row!.jobs)).toBe(2);
  });

  it('gives up on other errors at once', async () => {
    const writer = new JobWriter();
    let calls = 0;
    writer.write = async () => {
      calls++;
      throw Object.assign(new Error('disk full'), { code: '53100' });
    };
    await expect(
      runIngest({ ...services, writer }, board('workable', 'disk', [copy('workable', 'disk', 'x')])),
    ).rejects.toThrow('disk full');
    expect(calls).toBe(1);
  });
});

// Two processes on one database (two gateways' pollers, a CLI import beside them) share
// no in-process lock; PGlite is one process's own database, so this is PostgreSQL only.
describe.skipIf(TEST_DB !== 'postgres')('two processes ingesting copies at once (postgres)', () => {
  it('merges copies written by separate services on one database into one job', async () => {
    const database = await createTestDatabaseEnv();
    const [a, b] = [
      await createTestServices({ clock: () => now }, database),
      await createTestServices({ clock: () => now }, database),
    ];
    try {
      const platforms: AtsPlatform[] = ['greenhouse', 'lever', 'ashby', 'workable', 'recruitee', 'personio'];
      for (let round = 0; round < 3; round++) {
        // A company of its own per round: each round starts with nothing to merge into.
        const inputs = platforms.map((p, i) => {
          const name = `hooli-${round}-${i}`;
          return board(p, name, [{ ...copy(p, name, `ledger-${i}`), companyName: `Hooli ${round}` }]);
        });
        // Boards alternate between the two services, all six in flight at once.
        const runs = await Promise.all(inputs.map((input, i) => runIngest(i % 2 ? a : b, input)));
        expect(runs.reduce((n, s) => n + s.new, 0)).toBe(1);
        const [row] = await a.orm.em
          .fork()
          .execute<{ n: string; jobs: string }[]>(
            `select count(*) as n, count(distinct job_id) as jobs from source_posting where board like ?`,
            [`hooli-${round}-%`],
          );
        expect([Number(row!.n), Number(row!.jobs)]).toEqual([6, 1]);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
