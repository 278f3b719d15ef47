import { PothosValidationError } from '@pothos/core';
import { resolveCursorConnection } from '@pothos/plugin-relay';
import type { SortOrder } from '../../domain/enums.ts';
import { invalidParameter } from '../../domain/errors.ts';
import type { JobFilter } from '../../domain/job-filter.ts';
import type { JobRecord } from '../../domain/job-record.ts';
import { pageKeyOrder, type PageKey } from '../../domain/page-key.ts';
import { parseJobCursor, toJobCursor } from '../job-cursor.ts';
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
 * Keyset cursors (graphql/job-cursor.ts) over the shared repository search: a cursor
 * keeps its place while jobs arrive, and a deep page costs what the first does
 * (issue 9, item 7). Pothos' resolveCursorConnection turns first/after/last/before
 * into a limit and a direction. A page larger than 100 is refused (not silently cut),
 * as REST refuses per_page > 100.
 */
export async function resolveJobConnection(
  ctx: GraphQLContext,
  args: ConnectionArgs,
  filter: JobFilter,
  sort: SortOrder | undefined,
): Promise<JobConnectionShape> {
  checkSize('first', args.first);
  checkSize('last', args.last);
  const order = pageKeyOrder(filter, sort);
  const after = args.after ? parseJobCursor(args.after, order, 'after') : undefined;
  const before = args.before ? parseJobCursor(args.before, order, 'before') : undefined;
  const keys = new Map<JobRecord, PageKey>();
  let total = 0;
  let connection;
  try {
    connection = await resolveCursorConnection<Promise<JobRecord[]>>(
      {
        args: {
          first: args.first ?? undefined,
          last: args.last ?? undefined,
          after: args.after ?? undefined,
          before: args.before ?? undefined,
        },
        defaultSize: DEFAULT_PAGE_SIZE,
        maxSize: MAX_PAGE_SIZE,
        toCursor: (job: JobRecord) => toJobCursor(order, keys.get(job)!),
      },
      async ({ limit, inverted }) => {
        const page = await ctx.services.search.search(ctx.em, filter, sort, {
          offset: 0,
          limit,
          after,
          before,
          backward: inverted,
        });
        page.items.forEach((job, i) => keys.set(job, page.keys[i]!));
        total = page.total;
        return page.items;
      },
    );
  } catch (error) {
    // Pothos' own argument checks (e.g. first and last together).
    if (error instanceof PothosValidationError) throw invalidParameter('first', error.message);
    throw error;
  }
  const edges = connection!.edges.flatMap((e) => (e ? [e] : []));
  return {
    edges,
    totalCount: total,
    pageInfo: {
      hasPreviousPage: connection!.pageInfo.hasPreviousPage,
      hasNextPage: connection!.pageInfo.hasNextPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
