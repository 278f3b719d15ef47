import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compareEventPositions, type EventPosition } from '../../src/domain/event-id.ts';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { expireStale } from '../../src/ingest/expire-stale.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * The job event outbox (Migration20261125100000): every writer's job changes land there
 * in the writing transaction — ingest batches, closings, expiry sweeps, reopenings, a
 * hand-written UPDATE — and a reader delivers only what no running transaction can
 * still add to below it.
 */
const DAY = 86_400_000;
const start = new Date('2026-09-01T10:00:00Z');
let now = start;

let services: Services;

beforeAll(async () => {
  services = await createTestServices({ clock: () => now }, { SEARCH_INDEX: 'false' });
}, 120_000);
afterAll(async () => {
  await services?.close();
});

const posting = (externalId: string, title: string, extra: Partial<RawPosting> = {}): RawPosting => ({
  source: 'greenhouse',
  board: 'outbox',
  externalId,
  title,
  companyName: 'Outbox Works',
  locationText: 'Porto, Portugal',
  payload: { externalId, title, ...extra },
  ...extra,
});

const ingest = (postings: RawPosting[], complete = true) =>
  runIngest(services, { platform: 'greenhouse', board: 'outbox', complete, postings });

const em = () => services.orm.em.fork();

/** Each event after `from` as kind, title, status before and after. */
async function eventsAfter(from: EventPosition) {
  const rows = await em().execute<{ kind: string; title: string; was: string | null; now: string | null }[]>(
    `select e.kind, j.title, (e.before).status as was, (e.after).status as now
       from job_event e join job j on j.id = e.job_id
      where (e.xid, e.seq) > (?::xid8, ?::bigint) order by e.xid, e.seq`,
    [from.xid.toString(), from.seq.toString()],
  );
  return rows.map((r) => `${r.kind} ${r.title} ${r.was ?? '-'}→${r.now ?? '-'}`);
}

describe(`job event outbox (${TEST_DB})`, () => {
  it('records added, updated, closed and reopened jobs from every writer, and nothing for a sighting', async () => {
    now = start;
    const { start: from } = await services.jobEventLog.head(em());
    await ingest([posting('a', 'Outbox Alpha'), posting('b', 'Outbox Beta')]);
    await ingest([posting('a', 'Outbox Alpha'), posting('b', 'Outbox Beta')]); // seen again: nothing a search reads
    await ingest([
      posting('a', 'Outbox Alpha', { salaryText: '$90,000 - $100,000' }),
      posting('b', 'Outbox Beta'),
    ]);
    await ingest([posting('a', 'Outbox Alpha', { salaryText: '$90,000 - $100,000' })]); // b is gone: closed
    await ingest([
      posting('a', 'Outbox Alpha', { salaryText: '$90,000 - $100,000' }),
      posting('b', 'Outbox Beta'),
    ]);
    // A hand-written UPDATE is heard too; one that changes nothing a search reads is not.
    await em().execute(`update job set department = 'Harbour' where title = 'Outbox Beta'`);
    await em().execute(
      `update job set updated_at = updated_at + interval '1 second' where title = 'Outbox Beta'`,
    );
    // A rolled-back change leaves no event.
    await expect(
      em().transactional(async (tx) => {
        await tx.execute(`update job set department = 'Nowhere' where title = 'Outbox Alpha'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // The expiry sweep, after 60 days unseen.
    now = new Date(start.getTime() + 61 * DAY);
    expect(await expireStale(services)).toMatchObject({ jobs: 2 });

    const events = await eventsAfter(from);
    expect(events.slice(0, 2).sort()).toEqual(['added Outbox Alpha -→open', 'added Outbox Beta -→open']);
    expect(events.slice(2, 5)).toEqual([
      'updated Outbox Alpha open→open',
      'closed Outbox Beta open→closed',
      'added Outbox Beta closed→open',
    ]);
    expect(events[5]).toBe('updated Outbox Beta open→open');
    expect(events.slice(6).sort()).toEqual([
      'closed Outbox Alpha open→expired',
      'closed Outbox Beta open→expired',
    ]);
  });

  it('matches a filter against the job as each event saw it', async () => {
    const { start: from } = await services.jobEventLog.head(em());
    await ingest([posting('m', 'Zyxmoor Pilot')], false);
    await em()
      .execute(`update job set title = 'Zyxfen Pilot', search_vector = to_tsvector('simple', 'zyxfen pilot')
      where title = 'Zyxmoor Pilot'`);
    await em().execute(`update job set status = 'closed' where title = 'Zyxfen Pilot'`);
    const head = await services.jobEventLog.head(em());
    const read = async (query: string) =>
      (await services.jobEventLog.read(em(), { query }, from, head.last!, 100)).events.map((e) => [
        e.kind,
        e.change,
      ]);
    // The job is now closed and named Zyxfen: matched against today's row, Zyxmoor would hear nothing.
    expect(await read('zyxmoor')).toEqual([
      ['added', 'entered'],
      ['updated', 'left'],
      ['closed', null],
    ]);
    expect(await read('zyxfen')).toEqual([
      ['added', null],
      ['updated', 'entered'],
      ['closed', 'left'],
    ]);
    expect(
      (
        await services.jobEventLog.read(em(), { query: 'zyxfen', status: 'any' }, from, head.last!, 100)
      ).events.map((e) => e.change),
    ).toEqual([null, 'entered', 'changed']);
  });

  it('writes one event per job and transaction, from before it to after it', async () => {
    await ingest([posting('t', 'Zyxtide Pilot')], false);
    const { start: from } = await services.jobEventLog.head(em());
    await em().transactional(async (tx) => {
      await tx.execute(`update job set department = 'Tides' where title = 'Zyxtide Pilot'`);
      await tx.execute(`update job set status = 'closed' where title = 'Zyxtide Pilot'`);
    });
    await em().transactional(async (tx) => {
      await tx.execute(`update job set department = 'Ebb' where title = 'Zyxtide Pilot'`);
      await tx.execute(`update job set department = 'Tides' where title = 'Zyxtide Pilot'`);
    });
    expect(await eventsAfter(from)).toEqual([
      'closed Zyxtide Pilot open→closed',
      'updated Zyxtide Pilot closed→closed',
    ]);
    const head = await services.jobEventLog.head(em());
    const page = await services.jobEventLog.read(
      em(),
      { query: 'zyxtide', status: 'any' },
      from,
      head.last!,
      10,
    );
    // Written and written back: no change to report.
    expect(page.events.map((e) => e.change)).toEqual(['changed', null]);
  });

  it('prunes a prefix in event order and keeps its end as the horizon', async () => {
    const before = await services.jobEventLog.head(em());
    await ingest([posting('p', 'Outbox Pruned')], false);
    const after = await services.jobEventLog.head(em());
    expect(after.last).not.toEqual(before.last);
    await services.jobEventLog.prune(em(), 0);
    const pruned = await services.jobEventLog.head(em());
    expect(pruned.horizon).toEqual(after.last);
    const [left] = await em().execute<{ n: string }[]>('select count(*)::text as n from job_event');
    expect(left!.n).toBe('0');
    // A reader still before the horizon learns that it missed events.
    const page = await services.jobEventLog.read(em(), {}, before.start, after.last!, 10);
    expect(page.events).toEqual([]);
    expect(page.horizon).toEqual(after.last);
  });

  it.runIf(TEST_DB === 'postgres')(
    'delivers nothing of a later transaction before an earlier one ends, whatever the commit order',
    async () => {
      await ingest([posting('x', 'Outbox Early'), posting('y', 'Outbox Late')], false);
      const url = (services.config.database as { url: string }).url;
      const early = new pg.Client({ connectionString: url });
      const late = new pg.Client({ connectionString: url });
      await early.connect();
      await late.connect();
      try {
        const from = (await services.jobEventLog.head(em())).start;
        await early.query('begin');
        await early.query(`update job set department = 'First' where title = 'Outbox Early'`);
        await late.query('begin');
        await late.query(`update job set department = 'Second' where title = 'Outbox Late'`);
        await late.query('commit');
        // Committed, but an older transaction is running: it could still write below it.
        const waiting = await services.jobEventLog.head(em());
        expect(waiting.last === null || waiting.last.xid < from.xid).toBe(true);
        await early.query('commit');
        const head = await services.jobEventLog.head(em());
        const page = await services.jobEventLog.read(em(), { status: 'any' }, from, head.last!, 10);
        expect(page.events.map((e) => e.kind)).toEqual(['updated', 'updated']);
        const titles = await em().execute<{ title: string }[]>(
          `select title from job where id = any(?::uuid[]) order by department`,
          [`{${page.events.map((e) => e.jobId).join(',')}}`],
        );
        expect(titles.map((t) => t.title)).toEqual(['Outbox Early', 'Outbox Late']);
        // In event order, the earlier transaction's first, though it committed last.
        expect(page.events[0]!.jobId).not.toBe(page.events[1]!.jobId);
        const [first] = await em().execute<{ title: string }[]>('select title from job where id = ?', [
          page.events[0]!.jobId,
        ]);
        expect(first!.title).toBe('Outbox Early');
      } finally {
        await early.end();
        await late.end();
      }
    },
  );

  it.runIf(TEST_DB === 'postgres')('is not held back by a transaction of another database', async () => {
    const other = new pg.Client({ connectionString: inject('postgresUrl') });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_current_xact_id()');
      const before = await services.jobEventLog.head(em());
      await ingest([posting('o', 'Outbox Elsewhere')], false);
      const after = await services.jobEventLog.head(em());
      expect(compareEventPositions(after.last!, before.start)).toBeGreaterThan(0);
    } finally {
      await other.query('rollback');
      await other.end();
    }
  });
});

describe(`job event retention (${TEST_DB})`, () => {
  it('is pruned by the server after EVENT_RETENTION_HOURS', async () => {
    // 0.0001 h: 360 ms.
    const short = await createTestServices({}, { SEARCH_INDEX: 'false', EVENT_RETENTION_HOURS: '0.0001' });
    try {
      await runIngest(short, {
        platform: 'greenhouse',
        board: 'retention',
        complete: false,
        postings: [{ ...posting('r', 'Outbox Retained'), board: 'retention' }],
      });
      const written = await short.jobEventLog.head(short.orm.em.fork());
      expect(written.last).not.toBeNull();
      // Until the database's clock says the event is older than the retention (no fixed wait).
      await expect
        .poll(
          async () =>
            (
              await short.orm.em
                .fork()
                .execute<{ old: boolean }[]>(
                  `select bool_and(at < now() - interval '360 milliseconds') as old from job_event`,
                )
            )[0]!.old,
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);
      // The feed a server starts prunes at once, then every 10 minutes.
      await short.jobEvents();
      await expect
        .poll(async () => (await short.jobEventLog.head(short.orm.em.fork())).horizon, { timeout: 30_000 })
        .toEqual(written.last);
    } finally {
      await short.close();
    }
  }, 120_000);
});
