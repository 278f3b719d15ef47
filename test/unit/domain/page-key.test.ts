import { describe, expect, it } from 'vitest';
import { isPageKey, pageKeyOrder } from '../../../src/domain/page-key.ts';

const ID = '0b0a0000-0000-4000-8000-00000000000a';
const AT = '2026-11-01T00:00:00.000123Z';

describe('page keys', () => {
  it('accepts the key of each sort order and nothing else', () => {
    expect(isPageKey('newest', [AT, ID])).toBe(true);
    expect(isPageKey('relevance', ['371306', AT, ID])).toBe(true);
    expect(isPageKey('salary', ['-2147483648', AT, ID])).toBe(true);
    expect(isPageKey('newest', ['1', AT, ID])).toBe(false);
    expect(isPageKey('salary', ['99999999999', AT, ID])).toBe(false);
    expect(isPageKey('newest', ['2026-11-01', ID])).toBe(false);
    expect(isPageKey('newest', ['2026-13-45T00:00:00.000000Z', ID])).toBe(false);
    expect(isPageKey('first_seen', [AT, "x'; drop table job; --"])).toBe(false);
    expect(isPageKey('newest', 'x')).toBe(false);
  });

  it('keys relevance without searchable words as newest', () => {
    expect(pageKeyOrder({ query: ' -- ' }, 'relevance')).toBe('newest');
    expect(pageKeyOrder({ query: 'data' }, undefined)).toBe('relevance');
    expect(pageKeyOrder({}, 'salary')).toBe('salary');
  });
});
