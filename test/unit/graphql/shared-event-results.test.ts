import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../src/domain/job-record.ts';
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

type Payload = { jobs: JobRecord[] };

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

    const shared = useSharedEventResults(async (payload) => (payload as Payload).jobs);
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
    const yoga = gateway(
      good(),
      [useSharedEventResults(async (payload) => (payload as Payload).jobs)],
      calls,
    );
    const first = await stream(yoga, query, { tag: 'one' });
    const second = await stream(yoga, query, { tag: 'two' });
    const reference = await stream(gateway(good(), [], { risky: 0 }), query, { tag: 'one' });
    expect(first).toEqual(reference);
    expect(second).toEqual(reference);
    // Three jobs executed once, in one execution; the second stream (another filter
    // variable) took them as kept.
    expect(calls).toEqual({ risky: 3, partExecutions: 1 });
  });
});
