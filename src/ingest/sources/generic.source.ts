import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { fetchAllPages } from './fetch-board.ts';
import { applyMapping, readPath } from './generic-mapping.ts';
import type { GenericMapping, Row } from './generic-mapping.ts';
import { mapRows } from './map-rows.ts';
import { ParseError } from './parse-error.ts';
import type { SourceAdapter } from './source.ts';

/**
 * Import of postings from a JSON array or a CSV file with a header row, shaped by a
 * GenericMapping. The "board" is the file name or URL the rows came from; fetchBoard
 * accepts an http(s) URL, and callers that read a local file pass its text to `parse`.
 */

export interface GenericSourceOptions {
  mapping: GenericMapping;
  /** Body format; 'auto' treats a body starting with `[` or `{` as JSON. @default 'auto' */
  format?: 'json' | 'csv' | 'auto';
}

const rowSchema = z.record(z.string(), z.unknown(), { error: 'row is not an object' });

export function createGenericSource(options: GenericSourceOptions): SourceAdapter {
  const { mapping } = options;
  const format = options.format ?? 'auto';

  const adapter: SourceAdapter = {
    platform: 'generic',
    paged: false,
    boardUrls: (board) => board,
    fetchBoard: (http, board, opts) =>
      fetchAllPages(adapter, http, board, opts, {
        accept: format === 'csv' ? 'text/csv' : 'application/json, text/csv;q=0.9',
      }),
    parse(body, board) {
      const rows = readRows(body, board, format, mapping);
      const mapped = mapRows(rows, {
        schema: rowSchema,
        idOf: (raw) => idOf(raw, mapping),
        map: (row) => (mapping.include && !mapping.include(row) ? null : applyMapping(row, mapping, board)),
      });
      return { postings: mapped.postings, rejected: mapped.rejected, skipped: mapped.skipped };
    },
  };
  return adapter;
}

function readRows(
  body: string,
  board: string,
  format: GenericSourceOptions['format'],
  mapping: GenericMapping,
) {
  const where = { platform: 'generic', board };
  const text = body.replace(/^\uFEFF/, '');
  const isJson = format === 'json' || (format === 'auto' && /^\s*[[{]/.test(text));
  if (!isJson) {
    try {
      return parseCsv(text, { columns: true, skip_empty_lines: true, relax_column_count: true }) as Row[];
    } catch (err) {
      throw new ParseError(`${mapping.name} "${board}": unreadable CSV (${(err as Error).message})`, {
        ...where,
        cause: err,
      });
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ParseError(`${mapping.name} "${board}": body is not JSON`, { ...where, cause: err });
  }
  const rows = mapping.rowsPath ? readPath(json, mapping.rowsPath) : json;
  if (!Array.isArray(rows)) {
    throw new ParseError(
      `${mapping.name} "${board}": expected an array of rows${mapping.rowsPath ? ` at ${mapping.rowsPath}` : ''}`,
      where,
    );
  }
  return rows as unknown[];
}

function idOf(raw: unknown, mapping: GenericMapping): string | undefined {
  const rule = mapping.fields.externalId;
  if (rule === undefined) return undefined;
  const value =
    typeof rule === 'string' ? readPath(raw, rule) : 'value' in rule ? rule.value : readPath(raw, rule.from);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
