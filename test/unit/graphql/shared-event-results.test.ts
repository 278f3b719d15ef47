import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '../../../src/domain/job-record.ts';
import { setEventId, useEventIds } from '../../../src/graphql/event-ids.ts';
import {
  isPartsEvent,
  sharedParts,
  useSharedEventResults,
} from '../../../src/graphql/shared-event-results.ts';

/**
 * The plugin on a schema of its own, against yoga's own executor on the same schema: a
 * job whose part has errors (here a field that throws for one job) must not change what a
 * stream receives — the event executed whole, errors with their paths — nor spoil the
 * parts of the jobs executed beside it.
 */
const job = (id: string) =>
  ({
    id,
    title: `Title ${id}`,
    updatedAt: new Date(1),
    lastSeenAt: new Date(2),
    status: 'open',
  }) as JobRecord;

/** An event: its jobs, and when its page was read (EventBatch.readAt). */
type Payload = { jobs: JobRecord[]; readAt?: number };

function gateway(events: Payload[], plugins: Plugin[], calls: { risky: number; partExecutions?: number }) {
  const schema = createSchema<object>({
    typeDefs: /* GraphQL */ `
      type Job {
        id: ID!
        title: String!
        risky: String!
      }
      type Query {
        ok: Boolean
      }
      type Subscription {
        jobsAdded(tag: String): [Job!]!
      }
    `,
    resolvers: {
      Job: {
        risky: (j: JobRecord) => {
          calls.risky++;
          if (j.id === 'bad') throw new Error('risky failed');
          return `risky ${j.id}`;
        },
      },
      Subscription: {
        jobsAdded: {
          subscribe: async function* () {
            for (const e of events) yield e;
          },
          resolve: (payload: unknown) => {
            if (!isPartsEvent(payload)) return (payload as Payload).jobs;
            calls.partExecutions = (calls.partExecutions ?? 0) + 1;
            return payload.partsOf;
          },
        },
      },
    },
  });
  return createYoga({ schema, plugins, maskedErrors: false, logging: false });
}

/**
 * The plugin's reads of the test's events: each event's job ids and page time, and
 * records by id from `store` (what is not in it is gone), counted.
 */
function eventJobs(store: Map<string, JobRecord>, loaded: string[][] = [], eventId?: string) {
  return useSharedEventResults({
    idsOf: (payload, args) => {
      // As the event fields record their position (then SSE frames are written as bytes).
      if (eventId) setEventId(args.contextValue as object, eventId, false);
      const { jobs, readAt = 0 } = payload as Payload;
      return { ids: jobs.map((j) => j.id), readAt };
    },
    recordsOf: async (ids) => {
      loaded.push([...ids]);
      return ids.flatMap((id) => store.get(id) ?? []);
    },
  });
}

const storeOf = (events: Payload[]) => new Map(events.flatMap((e) => e.jobs.map((j) => [j.id, j])));

async function stream(yoga: ReturnType<typeof gateway>, query: string, variables: object) {
  const response = await yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as unknown);
}

describe('shared event results', () => {
  const events = () => [{ jobs: [job('a'), job('bad'), job('c')] }, { jobs: [job('c'), job('a')] }];
  const query = 'subscription ($tag: String) { jobsAdded(tag: $tag) { id title risky } }';

  it('sends what the executor sends when one job of an event has errors, and keeps the others’ parts', async () => {
    const reference = await stream(gateway(events(), [], { risky: 0 }), query, { tag: 'x' });
    // The first event fails as a whole ([Job!]! cannot hold the failed job); the second does not.
    expect(reference).toHaveLength(2);
    expect(reference[0]).toMatchObject({ data: null, errors: [{ path: ['jobsAdded', 1, 'risky'] }] });
    expect(reference[1]).toEqual({
      data: {
        jobsAdded: [
          { id: 'c', title: 'Title c', risky: 'risky c' },
          { id: 'a', title: 'Title a', risky: 'risky a' },
        ],
      },
    });

    const shared = eventJobs(storeOf(events()));
    const before = { ...sharedParts };
    const received = await stream(gateway(events(), [shared], { risky: 0 }), query, { tag: 'y' });
    expect(received).toEqual(reference);
    // The three jobs' parts executed (together, then each on its own to find the failed
    // one); the second event took the two good ones as kept.
    expect(sharedParts.executed - before.executed).toBe(3);
    expect(sharedParts.reused - before.reused).toBe(2);
  });

  it('executes the jobs an event needs in one execution, and reuses them for the next stream', async () => {
    const calls: { risky: number; partExecutions?: number } = { risky: 0 };
    const good = () => [{ jobs: [job('a'), job('b'), job('c')] }];
    const loaded: string[][] = [];
    const yoga = gateway(good(), [eventJobs(storeOf(good()), loaded)], calls);
    const first = await stream(yoga, query, { tag: 'one' });
    const second = await stream(yoga, query, { tag: 'two' });
    const reference = await stream(gateway(good(), [], { risky: 0 }), query, { tag: 'one' });
    expect(first).toEqual(reference);
    expect(second).toEqual(reference);
    // Three jobs executed once, in one execution; the second stream (another filter
    // variable) took them as kept.
    expect(calls).toEqual({ risky: 3, partExecutions: 1 });
    // Records read once, for the parts executed: the second stream read nothing.
    expect(loaded).toEqual([['a', 'b', 'c']]);
  });

  it('reuses a part for a second (PART_TTL_MS) after its execution, then executes it again', async () => {
    const calls: { risky: number; partExecutions?: number } = { risky: 0 };
    const good = () => [{ jobs: [job('a')] }];
    const loaded: string[][] = [];
    const yoga = gateway(good(), [eventJobs(storeOf(good()), loaded)], calls);
    let now = 1_000_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      await stream(yoga, query, { tag: 'one' });
      now += 999;
      await stream(yoga, query, { tag: 'two' });
      expect(loaded).toEqual([['a']]);
      now += 1;
      await stream(yoga, query, { tag: 'three' });
      expect(loaded).toEqual([['a'], ['a']]);
      expect(calls.partExecutions).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });

  it('leaves out a job gone before its record was read, as the executor does', async () => {
    const events = () => [{ jobs: [job('a'), job('b'), job('c')] }];
    const store = storeOf(events());
    store.delete('b');
    const received = await stream(gateway(events(), [eventJobs(store)], { risky: 0 }), query, {
      tag: 'gone',
    });
    const reference = await stream(gateway([{ jobs: [job('a'), job('c')] }], [], { risky: 0 }), query, {
      tag: 'gone',
    });
    expect(received).toEqual(reference);
    expect(received).toEqual([
      {
        data: {
          jobsAdded: [
            { id: 'a', title: 'Title a', risky: 'risky a' },
            { id: 'c', title: 'Title c', risky: 'risky c' },
          ],
        },
      },
    ]);
    // The same over frames written as bytes (event-ids.ts), which assemble the parts themselves.
    const direct = await stream(
      gateway(events(), [useEventIds(), eventJobs(store, [], 'e-1')], { risky: 0 }),
      query,
      { tag: 'gone' },
    );
    expect(direct).toEqual([{ ...reference[0]!, extensions: { eventId: 'e-1' } }]);
  });

  it('reads a job again for an event whose page was read after the part’s record', async () => {
    // One job in three events: pages read at 10, 5 and 20 (a part's record read for the
    // page at 10 reflects the page at 5, not the one at 20, which may hold a newer event).
    const store = storeOf([{ jobs: [job('a')] }]);
    const loaded: string[][] = [];
    const events = () => [
      { jobs: [job('a')], readAt: 10 },
      { jobs: [job('a')], readAt: 5 },
      { jobs: [job('a')], readAt: 20 },
    ];
    const calls = { risky: 0 };
    const received = await stream(gateway(events(), [eventJobs(store, loaded)], calls), query, {
      tag: 'pages',
    });
    expect(received).toHaveLength(3);
    expect(loaded).toEqual([['a'], ['a']]);
    expect(calls.risky).toBe(2);
  });
});
