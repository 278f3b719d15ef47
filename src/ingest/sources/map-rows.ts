import type { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import type { RejectedRow } from './source.ts';
import { describeIssues } from './row-fields.ts';

/**
 * Maps the rows of one page one at a time so that a broken row is reported and the good
 * rows survive (a single bad posting must never hide a whole board).
 */

/** Longest single string we keep from a row; larger ones are a broken or hostile feed. @default 1 MiB */
export const MAX_FIELD_BYTES = 1024 * 1024;

export interface MappedRows {
  postings: RawPosting[];
  rejected: RejectedRow[];
  skipped: number;
}

export interface MapRowsOptions<T> {
  schema: z.ZodType<T>;
  /** Returns null to skip a row on purpose (not an error). */
  map: (row: T, raw: unknown, index: number) => RawPosting | null;
  /** Reads a display id from the raw row for the rejection report. */
  idOf?: (raw: unknown) => string | undefined;
  maxFieldBytes?: number;
}

export function mapRows<T>(rows: readonly unknown[], opts: MapRowsOptions<T>): MappedRows {
  const out: MappedRows = { postings: [], rejected: [], skipped: 0 };
  const limit = opts.maxFieldBytes ?? MAX_FIELD_BYTES;
  rows.forEach((raw, index) => {
    const reject = (reason: string) => {
      const externalId = opts.idOf?.(raw);
      out.rejected.push(externalId === undefined ? { index, reason } : { index, externalId, reason });
    };
    const oversized = findOversizedField(raw, limit);
    if (oversized !== undefined) return reject(`field ${oversized} exceeds ${limit} bytes`);
    const parsed = opts.schema.safeParse(raw);
    if (!parsed.success) return reject(describeIssues(parsed.error));
    try {
      const posting = opts.map(parsed.data, raw, index);
      if (posting === null) out.skipped++;
      else out.postings.push(posting);
    } catch (err) {
      reject(err instanceof Error ? err.message : String(err));
    }
  });
  return out;
}

/** Reads `key` of a plain object row as an id string, for rejection reports. */
export function idFromKey(key: string): (raw: unknown) => string | undefined {
  return (raw) => {
    if (typeof raw !== 'object' || raw === null) return undefined;
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    return undefined;
  };
}

/** Path of the first string longer than `limit` UTF-8 bytes, depth-first. */
export function findOversizedField(value: unknown, limit: number, path = '(row)'): string | undefined {
  if (typeof value === 'string') {
    // Length in UTF-16 units is a cheap lower bound; only measure bytes when it could matter.
    if (value.length * 3 > limit && Buffer.byteLength(value, 'utf8') > limit) return path;
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const found = findOversizedField(child, limit, path === '(row)' ? key : `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}
