import type { SortOrder } from '../../domain/enums.ts';
import type { PageRequest } from '../../domain/job-filter.ts';
import { PAGE_KEY_PARTS, type PageKey, type PageKeyPart } from '../../domain/page-key.ts';
import type { SqlPart } from './job-filter.sql.ts';

/**
 * Each order's key (domain/page-key.ts) as SQL over `job j`; relevance's over the
 * ranked list's columns. Salary: `coalesce(…, -2147483648)` orders as `desc nulls last`
 * did (no salary is negative) and keeps the key comparable as one row value.
 */
const KEY_SQL: Record<SortOrder, readonly string[]> = {
  relevance: ['relevance', 'posted_at', 'id'],
  newest: ['j.posted_at', 'j.id'],
  salary: ['coalesce(j.salary_max_usd, j.salary_min_usd, -2147483648)', 'j.posted_at', 'j.id'],
  first_seen: ['j.first_seen_at', 'j.id'],
};

const CAST: Record<PageKeyPart, string> = { int: 'int', time: 'timestamptz', id: 'uuid' };

function asText(sql: string, part: PageKeyPart): string {
  // UTC to the microsecond, the form isPageKey accepts and timestamptz reads back.
  return part === 'time'
    ? `to_char(${sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : `${sql}::text`;
}

export interface KeysetSql {
  /** Rows strictly after `after` and before `before` in the order ('true' without keys). */
  where: SqlPart;
  /** `order by` list: the order, or its reverse for a backward page. */
  orderBy: string;
  /** Select list of the key's parts as text (`k0`, `k1`, …). */
  keyColumns: string;
}

/**
 * The keyset parts of a page's statement. `prefix` qualifies relevance's column names
 * where the ranked list is joined to the job (`page.`).
 */
export function buildKeyset(order: SortOrder, page: PageRequest, prefix = ''): KeysetSql {
  const parts = PAGE_KEY_PARTS[order];
  const exprs = KEY_SQL[order].map((e) => (order === 'relevance' ? `${prefix}${e}` : e));
  const row = `(${exprs.join(', ')})`;
  const bound = (key: PageKey, op: '<' | '>'): SqlPart => ({
    sql: `${row} ${op} (${parts.map((p) => `?::${CAST[p]}`).join(', ')})`,
    params: [...key],
  });
  // Every part is compared descending: "after" a key is below it.
  const bounds = [
    ...(page.after ? [bound(page.after, '<')] : []),
    ...(page.before ? [bound(page.before, '>')] : []),
  ];
  const direction = page.backward ? 'asc' : 'desc';
  return {
    where: {
      sql: bounds.length ? bounds.map((b) => b.sql).join(' and ') : 'true',
      params: bounds.flatMap((b) => b.params),
    },
    orderBy: exprs.map((e) => `${e} ${direction}`).join(', '),
    keyColumns: exprs.map((e, i) => `${asText(e, parts[i]!)} as k${i}`).join(', '),
  };
}

/** The key of a row selected with keyColumns. */
export function readKey(row: Record<string, unknown>, order: SortOrder): string[] {
  return PAGE_KEY_PARTS[order].map((_, i) => String(row[`k${i}`]));
}
