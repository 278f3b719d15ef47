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
/** The highest page number, as REST's `page` maximum. */
export const MAX_PAGE_NUMBER = 1_000_000;

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  /** 1-based page number of `first` jobs: a numbered page instead of a cursor. */
  page?: number | null;
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
  if (args.page != null) return resolveNumberedPage(ctx, args, args.page, filter, sort);
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

/**
 * Page N of `first` jobs by offset, the way REST's `page` works, for a pager that jumps
 * ("1 … 4 5 6 … 62"; issue 10, item 13). Cursors cannot jump, and the offset read costs
 * what REST's does. The edges still carry keyset cursors, so `after: endCursor` goes on
 * from any numbered page.
 */
async function resolveNumberedPage(
  ctx: GraphQLContext,
  args: ConnectionArgs,
  page: number,
  filter: JobFilter,
  sort: SortOrder | undefined,
): Promise<JobConnectionShape> {
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE_NUMBER)
    throw invalidParameter('page', `page must be between 1 and ${MAX_PAGE_NUMBER}`);
  if (args.after || args.before || args.last != null)
    throw invalidParameter('page', 'page takes first only, not after, before or last');
  const size = args.first ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * size;
  const order = pageKeyOrder(filter, sort);
  const result = await ctx.services.search.search(ctx.em, filter, sort, { offset, limit: size });
  const edges = result.items.map((node, i) => ({ node, cursor: toJobCursor(order, result.keys[i]!) }));
  return {
    edges,
    totalCount: result.total,
    pageInfo: {
      hasPreviousPage: offset > 0 && result.total > 0,
      hasNextPage: offset + edges.length < result.total,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
