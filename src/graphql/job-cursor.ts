import { decodeBase64, encodeBase64 } from '@pothos/core';
import type { SortOrder } from '../domain/enums.ts';
import { invalidParameter } from '../domain/errors.ts';
import { isPageKey, type PageKey } from '../domain/page-key.ts';

/**
 * GraphQL cursors are keyset positions (domain/page-key.ts): the sort order and the
 * row's key, as base64 (Pothos' encoding, as its offset cursors were) of JSON. Opaque
 * to clients; a cursor of another sort order, or anything malformed, is a 400.
 */
const PREFIX = 'JobKey:';

export function toJobCursor(order: SortOrder, key: PageKey): string {
  return encodeBase64(`${PREFIX}${JSON.stringify([order, ...key])}`);
}

export function parseJobCursor(cursor: string, order: SortOrder, field: 'after' | 'before'): PageKey {
  let parsed: unknown;
  try {
    const text = decodeBase64(cursor);
    if (text.startsWith(PREFIX)) parsed = JSON.parse(text.slice(PREFIX.length));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed[0] === order) {
    const key: unknown = parsed.slice(1);
    if (isPageKey(order, key)) return key;
  }
  throw invalidParameter(field, `${field} is not a cursor of this search and sort order`);
}
