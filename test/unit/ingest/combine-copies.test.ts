import { describe, expect, it } from 'vitest';
import type { RawPosting } from '../../../src/domain/raw-posting.ts';
import { combineCopies, isNewerCopy } from '../../../src/ingest/combine-copies.ts';

const now = new Date('2026-11-20T00:00:00Z');
const copy = (overrides: Partial<RawPosting>): RawPosting => ({
  source: 'greenhouse',
  board: 'acme',
  externalId: '1',
  title: 'Engineer',
  payload: overrides,
  ...overrides,
});

describe('combineCopies: two rows of one posting in one feed (issue 11)', () => {
  it('an emptier later copy keeps what the earlier one had', () => {
    const full = copy({ descriptionHtml: '<p>Full text</p>', salaryText: '$100k', locationText: 'Berlin' });
    const bare = copy({
      title: 'Senior Engineer',
      descriptionHtml: '',
      locationText: null,
      extraLocations: [],
    });
    expect(combineCopies(full, bare, now)).toMatchObject({
      title: 'Senior Engineer',
      descriptionHtml: '<p>Full text</p>',
      salaryText: '$100k',
      locationText: 'Berlin',
    });
  });

  it("the newer copy's values win where both have one, by the source's time over feed order", () => {
    const newer = copy({ title: 'Staff Engineer', updatedAt: '2026-11-10T00:00:00Z' });
    const older = copy({ title: 'Engineer', updatedAt: '2026-11-01T00:00:00Z' });
    expect(combineCopies(newer, older, now).title).toBe('Staff Engineer');
    expect(combineCopies(older, newer, now).title).toBe('Staff Engineer');
  });

  it('without times (or with one) the later row in the feed is the newer', () => {
    expect(isNewerCopy(copy({}), copy({}), now)).toBe(true);
    expect(isNewerCopy(copy({ updatedAt: '2026-11-10' }), copy({}), now)).toBe(true);
    expect(isNewerCopy(copy({ updatedAt: '2026-11-10' }), copy({ updatedAt: '2026-11-09' }), now)).toBe(
      false,
    );
  });

  it("keeps the base copy's payload, whose hash is what the store compares", () => {
    const a = copy({ payload: { v: 'a' } });
    const b = copy({ payload: { v: 'b' } });
    expect(combineCopies(a, b, now).payload).toEqual({ v: 'b' });
  });
});
