import type { IndexData } from './index-data.ts';

/** The orders a page is read in: relevance's classes are each read newest first. */
export type KeyOrder = 'newest' | 'salary' | 'first_seen';

/**
 * A job's place in an order, comparable across index segments (whose doc numbers are
 * their own): the SQL path's ORDER BY keys (page-key.sql.ts), every part descending.
 * - newest: posted_at, id;
 * - salary: coalesce(salary_max_usd, salary_min_usd) nulls last, posted_at, id;
 * - first_seen: first_seen_at, id.
 * Ids compare as text: lowercase UUID text orders as PostgreSQL orders uuid.
 */
export interface OrderKey {
  a: number;
  b: number;
  id: string;
}

export function keyOf(order: KeyOrder, data: IndexData, doc: number): OrderKey {
  const id = data.ids.at(doc);
  if (order === 'newest') return { a: data.postedUs[doc]!, b: 0, id };
  if (order === 'first_seen') return { a: data.firstSeenUs[doc]!, b: 0, id };
  const salary = data.salaryHigh.values[doc]!;
  return { a: Number.isNaN(salary) ? -Infinity : salary, b: data.postedUs[doc]!, id };
}

/** Negative when x comes first in the order (for Array.sort), positive when y does. */
export function compareKeys(x: OrderKey, y: OrderKey): number {
  if (x.a !== y.a) return x.a > y.a ? -1 : 1;
  if (x.b !== y.b) return x.b > y.b ? -1 : 1;
  return x.id === y.id ? 0 : x.id > y.id ? -1 : 1;
}
