import { jobEventStream, type EventBatch } from '../../db/job-event-stream.ts';
import type { EventChange } from '../../db/repositories/job-event.repository.ts';
import {
  compareEventPositions,
  eventIdExpired,
  formatEventId,
  parseEventId,
  type EventPosition,
} from '../../domain/event-id.ts';
import { invalidParameter } from '../../domain/errors.ts';
import type { JobFilter } from '../../domain/job-filter.ts';
import type { JobRecord } from '../../domain/job-record.ts';
import { builder } from '../builder.ts';
import { deliveryChannel } from '../delivery-channel.ts';
import type { GraphQLContext } from '../context.ts';
import { setEventId } from '../event-ids.ts';
import { isPartsEvent, type PartsEvent } from '../shared-event-results.ts';
import { JobRef } from './job.ts';
import { JobFilterInput, toJobFilter } from './job-filter.ts';

builder.subscriptionType({
  description: `Live events over server-sent events (GET /graphql with Accept: text/event-stream), from the job event outbox. Every event carries its outbox position as the SSE \`id:\`; a client that reconnects with \`Last-Event-ID\` (an EventSource does so by itself) first receives what it missed, within EVENT_RETENTION_HOURS (default 24), then live events, each once and in order. An id older than that is answered with one error event (code \`event_id_expired\`). A subscriber's filter is matched as searchJobs matches, against the job as it was at each event.`,
});

/**
 * Where a subscriber starts: after its Last-Event-ID when it resumes (checked against
 * the outbox's horizon and its next transaction, so a stale or foreign id is an error,
 * not a silent stream), else at the outbox's head.
 */
async function startPosition(ctx: GraphQLContext): Promise<EventPosition> {
  const header = ctx.request.headers.get('last-event-id');
  const head = await (await ctx.services.jobEvents()).head();
  if (header === null || header.trim() === '') return head.start;
  const from = parseEventId(header);
  if (from.xid > head.nextXid)
    throw invalidParameter('Last-Event-ID', 'Last-Event-ID is not an event id of this service');
  if (compareEventPositions(head.horizon, from) > 0)
    throw eventIdExpired(ctx.services.config.events.retentionHours);
  return from;
}

/** How long a stream waits, with only positions to send, before it sends the newest one. */
const CHECKPOINT_MS = 1_000;

export interface Delivery {
  batch: EventBatch;
}

/**
 * The jobs of an event, and its position recorded for the stream's SSE id. Also the
 * resolution of the events shared-event-results.ts executes whole, and the jobs of the
 * events it executes their parts on (which record nothing).
 */
export async function eventJobs(payload: Delivery | PartsEvent, ctx: GraphQLContext): Promise<JobRecord[]> {
  if (isPartsEvent(payload)) return payload.partsOf;
  const { ids, readAt } = eventJobIds(payload, ctx);
  // Jobs read since the page was are as new as its events (another stream's load, a fill's).
  return ctx.services.liveJobs(ids, readAt);
}

/**
 * The ids of a stream's event and when its page was read, its position recorded as
 * eventJobs records it (an expired one is an error): what shared-event-results.ts reads
 * first, loading records only for the parts it has not kept from a read since.
 */
export function eventJobIds({ batch }: Delivery, ctx: GraphQLContext): { ids: string[]; readAt: number } {
  if (batch.type === 'expired') throw eventIdExpired(ctx.services.config.events.retentionHours);
  setEventId(ctx, formatEventId(batch.position), batch.jobIds.length === 0);
  return { ids: batch.jobIds, readAt: batch.readAt };
}

/** One subscription field: the jobs whose events moved them `change`-wise relative to the filter. */
function eventField(name: string, change: EventChange, description: string, argDescription: string) {
  builder.subscriptionField(name, (t) =>
    t.field({
      type: [JobRef],
      description,
      args: { filter: t.arg({ type: JobFilterInput, description: argDescription }) },
      subscribe: async (_root, args, ctx) => {
        // Checked before the stream opens: a bad filter or event id is an error, not a silent stream.
        const filter: JobFilter = toJobFilter(args.filter, ctx.services.locatePlace);
        const from = await startPosition(ctx);
        const feed = await ctx.services.jobEvents();
        return deliveryChannel<Delivery>(async (push, stopped) => {
          const stream = jobEventStream({
            orm: ctx.services.orm,
            repo: ctx.services.eventReader,
            feed,
            filter,
            change,
            from,
            signal: stopped,
            retryMs: ctx.services.config.events.pollMs,
            onError: (error) => ctx.services.logger.warn({ err: error }, `${name}: reading events failed`),
          });
          // A page with nothing for this subscriber only moves its position: that is sent
          // once the stream has been quiet for CHECKPOINT_MS, not per page (a selective
          // filter's frames were mostly positions, each a GraphQL execution and a socket
          // write). A page with jobs carries the newer position itself.
          let checkpoint: Delivery | null = null;
          let timer: NodeJS.Timeout | undefined;
          const sendCheckpoint = () => {
            timer = undefined;
            if (checkpoint) void push(checkpoint);
            checkpoint = null;
          };
          try {
            for await (const batch of stream) {
              if (batch.type === 'events' && batch.jobIds.length === 0) {
                checkpoint = { batch };
                timer ??= setTimeout(sendCheckpoint, CHECKPOINT_MS);
                continue;
              }
              clearTimeout(timer);
              timer = undefined;
              checkpoint = null;
              await push({ batch });
              if (batch.type === 'expired') break;
            }
          } finally {
            clearTimeout(timer);
          }
        });
      },
      resolve: (payload: Delivery, _args, ctx) => eventJobs(payload, ctx),
    }),
  );
}

const FILTER =
  "searchJobs' words and filters, by its rules; none: every job (open jobs unless `status` says otherwise).";

eventField(
  'jobsAdded',
  'entered',
  "Jobs that enter the filter's results: new jobs, jobs open again, and jobs changed so that they now match. One event per stretch of the outbox read at once (usually one committed batch); no event when nothing matched.",
  `Only jobs entering the results of ${FILTER}`,
);
eventField(
  'jobsClosed',
  'left',
  "Jobs that leave the filter's results: closed, expired or deleted jobs the filter matched just before, and jobs changed so that they no longer match. The jobs are as they are now (a deleted one is left out).",
  `Only jobs leaving the results of ${FILTER}`,
);
eventField(
  'jobsUpdated',
  'changed',
  "Jobs that stay in the filter's results but changed in a field a search reads (title, description, company, place, remote type, job type, seniority, category, department, skills, salary, platform, source, visa sponsorship, posting date, status).",
  `Only jobs changing within the results of ${FILTER}`,
);
