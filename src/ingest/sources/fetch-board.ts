import type { RawPosting } from '../../domain/raw-posting.ts';
import type { GetOptions, HttpClient } from '../fetch/fetch-with-retry.ts';
import type { FetchBoardOptions, FetchResult, SourceAdapter } from './source.ts';

/**
 * The fetch loop every adapter shares: request a page, parse it, follow `next`, and
 * report whether the board was seen completely. A board is complete only when every
 * page arrived and parsed and the rows add up to the platform's own total; anything
 * less is `partial` so the lifecycle never closes jobs on a half-read board
 * (ats-formats.md §3 "Mark jobs expired only after a healthy full crawl").
 */

export class IncompleteFetchError extends Error {
  override readonly name = 'IncompleteFetchError';
  readonly code = 'ingest/incomplete_fetch' as const;
}

export interface PageRequestOptions {
  accept?: string;
  redirectAsNotFound?: boolean;
  /** Platform-specific "no such board" answered with 200 (Lever's `{"ok":false}`). */
  isNotFoundBody?: (body: string) => boolean;
}

type PagedAdapter = Pick<SourceAdapter, 'paged' | 'boardUrls' | 'parse'>;

export async function fetchAllPages(
  adapter: PagedAdapter,
  http: HttpClient,
  board: string,
  opts: FetchBoardOptions = {},
  request: PageRequestOptions = {},
): Promise<FetchResult> {
  const maxPages = opts.maxPages ?? 200;
  const result: FetchResult = {
    status: 'ok',
    complete: false,
    postings: [],
    rejected: [],
    pages: 0,
    skipped: 0,
  };
  const seen = new Set<string>();
  const stop = (status: FetchResult['status'], error?: Error): FetchResult => {
    result.status = status;
    if (error) result.error = error;
    return result;
  };

  let url: string | undefined = adapter.boardUrls(board);
  while (url !== undefined) {
    if (result.pages >= maxPages) {
      return stop('partial', new IncompleteFetchError(`stopped after ${maxPages} pages of ${board}`));
    }
    const get: GetOptions = {};
    if (request.accept) get.accept = request.accept;
    if (request.redirectAsNotFound) get.redirectAsNotFound = true;
    if (opts.signal) get.signal = opts.signal;
    // A 304 on page 1 says nothing about page 2, so validators are for single-page boards only.
    if (!adapter.paged && result.pages === 0) {
      if (opts.etag) get.etag = opts.etag;
      if (opts.lastModified) get.lastModified = opts.lastModified;
    }

    let res;
    try {
      res = await http.get(url, get);
    } catch (err) {
      return stop(result.pages === 0 ? 'failed' : 'partial', asError(err));
    }
    if (res.status === 'not_modified') return stop('not_modified');
    if (res.status === 'not_found' || request.isNotFoundBody?.(res.body)) {
      if (result.pages === 0) return stop('not_found');
      return stop('partial', new IncompleteFetchError(`page ${url} of ${board} vanished mid-fetch`));
    }

    let page;
    try {
      page = adapter.parse(res.body, board, { url });
    } catch (err) {
      return stop(result.pages === 0 ? 'failed' : 'partial', asError(err));
    }
    if (result.pages === 0) {
      if (res.etag) result.etag = res.etag;
      if (res.lastModified) result.lastModified = res.lastModified;
    }
    result.pages++;
    addUnique(result.postings, page.postings, seen);
    result.rejected.push(...page.rejected);
    result.skipped += page.skipped ?? 0;
    if (page.total !== undefined) result.total = page.total;
    url = page.next !== undefined && page.next !== url ? page.next : undefined;
  }

  const rowsSeen = result.postings.length + result.rejected.length + result.skipped;
  if (result.total !== undefined && rowsSeen < result.total) {
    return stop(
      'partial',
      new IncompleteFetchError(`${board}: expected ${result.total} rows, got ${rowsSeen}`),
    );
  }
  result.complete = true;
  return result;
}

/** Offset paging can repeat a row when the board changes between pages; keep the first. */
function addUnique(into: RawPosting[], rows: RawPosting[], seen: Set<string>): void {
  for (const row of rows) {
    if (seen.has(row.externalId)) continue;
    seen.add(row.externalId);
    into.push(row);
  }
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
