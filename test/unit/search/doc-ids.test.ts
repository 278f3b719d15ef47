import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { docIdsOf } from '../../../src/search/doc-ids.ts';
import { docsById } from '../../../src/search/doc-order.ts';

/** UUIDs with runs sharing their first 12 hex digits (docsById's key), and every hex digit in play. */
function uuids(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    out.push(id);
    if (i % 7 === 0) out.push(`${id.slice(0, 14)}${randomUUID().slice(14)}`);
  }
  out.push('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff');
  return out;
}

describe('doc ids (doc → job id, 16 bytes a UUID)', () => {
  it('gives every UUID back as it was given, and finds each doc by its id in any case', () => {
    const ids = uuids(3000);
    const docIds = docIdsOf(ids);
    // Packed: no string per job is kept (what a mark-compact would have to mark).
    expect(docIds.constructor.name).toBe('UuidIds');
    expect(docIds.length).toBe(ids.length);
    const byId = docsById(ids);
    ids.forEach((id, doc) => {
      expect(docIds.at(doc)).toBe(id);
      expect(docIds.find(byId, id)).toBe(doc);
      expect(docIds.find(byId, id.toUpperCase())).toBe(doc);
    });
  });

  it('finds nothing for an absent or malformed id', () => {
    const ids = uuids(200);
    const docIds = docIdsOf(ids);
    const byId = docsById(ids);
    for (const absent of [randomUUID(), 'not-a-uuid', '', `${ids[0]!}0`, ids[0]!.replaceAll('-', '')])
      expect(docIds.find(byId, absent)).toBeUndefined();
  });

  it('keeps ids of other shapes as text (page indexes name their images "3a", "3b")', () => {
    const ids = ['3a', '3b', '10a', randomUUID(), 'Upper-Case'];
    const docIds = docIdsOf(ids);
    expect(docIds.constructor.name).toBe('TextIds');
    const byId = docsById(ids);
    ids.forEach((id, doc) => {
      expect(docIds.at(doc)).toBe(id);
      if (id === id.toLowerCase()) expect(docIds.find(byId, id)).toBe(doc);
    });
    expect(docIds.find(byId, '4a')).toBeUndefined();
  });

  it('an uppercase UUID is kept as given (text), not lowercased by packing', () => {
    const id = randomUUID().toUpperCase();
    expect(docIdsOf([id]).at(0)).toBe(id);
  });
});
