import { Repeater } from 'graphql-yoga';
import type { JobRecord } from '../../domain/job-record.ts';
import { builder } from '../builder.ts';
import { JobRef } from './job.ts';

builder.subscriptionType({
  description: 'Live events over server-sent events (GET /graphql with Accept: text/event-stream).',
});

/**
 * Live view: each committed ingest batch of new jobs, as they land. Served over
 * SSE by yoga (GET or POST with `Accept: text/event-stream`); every gateway
 * instance LISTENs to the database, so it works with any number of them.
 */
builder.subscriptionField('jobsAdded', (t) =>
  t.field({
    type: [JobRef],
    description: 'New open jobs, one event per committed ingest batch.',
    subscribe: (_root, _args, ctx) =>
      new Repeater<string[]>(async (push, stop) => {
        const events = await ctx.services.jobEvents();
        const unsubscribe = events.subscribe((ids) => void push(ids));
        await stop;
        unsubscribe();
      }),
    resolve: async (ids: string[], _args, ctx): Promise<JobRecord[]> =>
      (await ctx.services.jobs.findByIds(ctx.em, ids)).filter((j) => j.status === 'open'),
  }),
);
