import { Repeater } from 'graphql-yoga';
import type { JobRecord } from '../../domain/job-record.ts';
import { builder } from '../builder.ts';
import { JobRef } from './job.ts';
import { JobFilterInput, toJobFilter } from './job-filter.ts';

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
    description:
      'New open jobs, one event per committed ingest batch; with a filter, only those the same search (searchJobs) would return, and no event when none does.',
    args: {
      filter: t.arg({
        type: JobFilterInput,
        description:
          "Only new jobs matching these words and filters, by searchJobs' rules; none: every new open job.",
      }),
    },
    subscribe: (_root, args, ctx) => {
      // Checked before the stream opens: a bad filter is an error, not a silent stream.
      const filter = toJobFilter(args.filter);
      return new Repeater<string[]>(async (push, stop) => {
        const events = await ctx.services.jobEvents();
        const unsubscribe = events.subscribe((ids) => {
          // Matched in the database as searchJobs matches (its WHERE on these rows): open jobs only, unless asked.
          ctx.services.jobs
            .matchingIds(ctx.services.orm.em.fork(), filter, ids)
            .then((matching) => (matching.length ? push(matching) : undefined))
            .catch((error: unknown) =>
              ctx.services.logger.warn({ err: error }, 'jobsAdded: matching failed'),
            );
        });
        await stop;
        unsubscribe();
      });
    },
    resolve: async (ids: string[], _args, ctx): Promise<JobRecord[]> =>
      ctx.services.jobs.findByIds(ctx.em, ids),
  }),
);
