/**
 * Keyset paging (issue 9, item 7): a page starts after (or ends before) the sort key
 * of a row, not at a count of rows, so a cursor keeps its place while jobs arrive and
 * a deep page costs what the first does. The key is the row's values of its sort
 * order, all compared descending (salary: a job without one as the lowest integer,
 * i.e. last), as text the database printed: timestamps to the microsecond, so a
 * cursor never falls between two rows that JavaScript's milliseconds would merge.
 */
import type { SortOrder } from './enums.ts';
import { effectiveSort, type JobFilter } from './job-filter.ts';
import { parseQueryTerms } from './search-text.ts';

export type PageKeyPart = 'int' | 'time' | 'id';
export type PageKey = readonly string[];

/** The parts of each order's key, most significant first; ties end at the id. */
export const PAGE_KEY_PARTS: Record<SortOrder, readonly PageKeyPart[]> = {
  relevance: ['int', 'time', 'id'],
  newest: ['time', 'id'],
  salary: ['int', 'time', 'id'],
  first_seen: ['time', 'id'],
};

const PART_FORMAT: Record<PageKeyPart, RegExp> = {
  int: /^-?\d{1,10}$/,
  time: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  id: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};

/** Whether `key` is a well-formed key of `sort` (a cursor from a client is untrusted text). */
export function isPageKey(sort: SortOrder, key: unknown): key is PageKey {
  const parts = PAGE_KEY_PARTS[sort];
  return (
    Array.isArray(key) &&
    key.length === parts.length &&
    key.every((v, i) => typeof v === 'string' && PART_FORMAT[parts[i]!].test(v)) &&
    (parts[0] !== 'int' || Math.abs(Number(key[0])) <= 2 ** 31) &&
    parts.every((p, i) => p !== 'time' || !Number.isNaN(Date.parse(key[i] as string)))
  );
}

/**
 * The order whose key a page of `filter` sorted by `sort` carries: relevance without
 * searchable words orders (and keys) as newest.
 */
export function pageKeyOrder(filter: JobFilter, sort: SortOrder | undefined): SortOrder {
  const order = effectiveSort(filter, sort);
  return order === 'relevance' && parseQueryTerms(filter.query).length === 0 ? 'newest' : order;
}
