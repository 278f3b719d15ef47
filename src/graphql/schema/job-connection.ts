import { offsetForArgs, offsetToCursor } from '@pothos/plugin-relay';
import type { SortOrder } from '../../domain/enums.ts';
import { invalidParameter } from '../../domain/errors.ts';
import type { JobFilter } from '../../domain/job-filter.ts';
import type { JobRecord } from '../../domain/job-record.ts';
import type { GraphQLContext } from '../context.ts';

/** Same limits as REST: 20 by default, at most 100 per page. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

export interface JobConnectionShape {
  edges: { cursor: string; node: JobRecord }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
}

function checkSize(name: 'first' | 'last', value: number | null | undefined): void {
  if (value != null && (value < 0 || value > MAX_PAGE_SIZE)) {
    throw invalidParameter(name, `${name} must be between 0 and ${MAX_PAGE_SIZE}`);
  }
}

/**
 * Offset cursors over the shared repository search. A page larger than 100 is
 * refused (not silently cut), as REST refuses per_page > 100. `last` without
 * `before` needs the total first, to know where the end is.
 */
export async function resolveJobConnection(
  ctx: GraphQLContext,
  args: ConnectionArgs,
  filter: JobFilter,
  sort: SortOrder | undefined,
): Promise<JobConnectionShape> {
  checkSize('first', args.first);
  checkSize('last', args.last);
  const { jobs } = ctx.services;
  const knownTotal =
    args.last != null && !args.before && args.first == null
      ? await jobs.countMatches(ctx.em, filter)
      : undefined;
  let window;
  try {
    window = offsetForArgs({
      args: {
        first: args.first ?? undefined,
        last: args.last ?? undefined,
        after: args.after ?? undefined,
        before: args.before ?? undefined,
      },
      defaultSize: DEFAULT_PAGE_SIZE,
      maxSize: MAX_PAGE_SIZE,
      totalCount: knownTotal,
    });
  } catch (error) {
    throw invalidParameter('after', (error as Error).message || 'invalid cursor');
  }
  if (!Number.isFinite(window.offset) || window.offset < 0) throw invalidParameter('after', 'invalid cursor');
  const page = await jobs.search(ctx.em, filter, sort, { offset: window.offset, limit: window.limit });
  const nodes = page.items.slice(0, window.expectedSize);
  const edges = nodes.map((node, i) => ({ cursor: offsetToCursor(window.offset + i), node }));
  return {
    edges,
    totalCount: page.total,
    pageInfo: {
      hasPreviousPage: window.hasPreviousPage,
      hasNextPage: window.hasNextPage(page.items.length),
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
