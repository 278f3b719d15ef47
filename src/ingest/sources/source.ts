import type { AtsPlatform } from '../../domain/enums.ts';
import type { RawPosting } from '../../domain/raw-posting.ts';
import type { FetchError } from '../fetch/fetch-error.ts';
import type { HttpClient } from '../fetch/fetch-with-retry.ts';
import type { ParseError } from './parse-error.ts';

/**
 * The uniform shape of an ATS source (STYLE.md §13): where a board lives, how to fetch
 * all of it, and a pure `parse` from one response body to RawPostings. Adapters map
 * fields by name only; normalization (remote type, salary periods, seniority) happens
 * later and never here.
 */

/** A row that could not be mapped; the rest of the page is kept. */
export interface RejectedRow {
  /** Position of the row in the page (0-based). */
  index: number;
  /** The row's id when it had a readable one, so the lifecycle can avoid closing it. */
  externalId?: string;
  reason: string;
}

export interface ParseResult {
  postings: RawPosting[];
  rejected: RejectedRow[];
  /** URL of the next page when the platform pages and more rows remain. */
  next?: string;
  /** The platform's own count of rows for the whole board, when it sends one. */
  total?: number;
  /** Rows dropped on purpose (Ashby `isListed: false`), not errors. */
  skipped?: number;
}

export interface ParseContext {
  /** URL the body was fetched from; paged adapters read their position from it. */
  url?: string;
}

export interface FetchBoardOptions {
  /** Validators from the previous complete fetch; used only by unpaged sources. */
  etag?: string;
  lastModified?: string;
  /** Safety stop for paging loops. @default 200 */
  maxPages?: number;
  signal?: AbortSignal;
}

/**
 * Outcome of fetching a whole board. Only `complete: true` (status `ok`) allows the
 * lifecycle to close jobs that are missing from `postings`; `partial` keeps the rows it
 * got but must not close anything.
 */
export interface FetchResult {
  status: 'ok' | 'partial' | 'failed' | 'not_modified' | 'not_found';
  complete: boolean;
  postings: RawPosting[];
  rejected: RejectedRow[];
  /** Pages fetched successfully. */
  pages: number;
  total?: number;
  skipped: number;
  /** Validators of the (single) page, to send next time. */
  etag?: string;
  lastModified?: string;
  /** Why the fetch is `partial` or `failed`. */
  error?: FetchError | ParseError | Error;
}

export interface SourceAdapter {
  platform: AtsPlatform;
  /** Whether the board spans several requests; conditional GETs are only safe when not. */
  paged: boolean;
  /** URL of the first (or only) page of `board`. */
  boardUrls(board: string): string;
  /** Fetch every page of `board` and parse it; never throws for board-level failures. */
  fetchBoard(http: HttpClient, board: string, opts?: FetchBoardOptions): Promise<FetchResult>;
  /** Pure: one response body → postings. Throws ParseError when the envelope is unusable. */
  parse(body: string, board: string, ctx?: ParseContext): ParseResult;
}
