import { describe, expect, it } from 'vitest';
import { pageNumbers, rangeText } from '../../../src/web/pager-view.ts';

describe('the page’s numbered pager', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 62, [1, 2, 3, null, 62]],
    [5, 62, [1, 2, 3, 4, 5, 6, 7, null, 62]],
    [6, 62, [1, null, 4, 5, 6, 7, 8, null, 62]],
    [4, 62, [1, 2, 3, 4, 5, 6, null, 62]],
    [31, 62, [1, null, 29, 30, 31, 32, 33, null, 62]],
    [62, 62, [1, null, 60, 61, 62]],
  ])('on page %i of %i shows %j (null: a gap)', (current, last, expected) => {
    expect(pageNumbers(current, last)).toEqual(expected);
  });

  it('says which jobs the page shows', () => {
    expect(rangeText({ page: 3, perPage: 20, total: 1234, shown: 20 })).toBe('Showing 41–60 of 1,234');
    expect(rangeText({ page: 62, perPage: 20, total: 1234, shown: 14 })).toBe('Showing 1,221–1,234 of 1,234');
    expect(rangeText({ page: 70, perPage: 20, total: 1234, shown: 0 })).toBe('Page 70 is past the last page');
    expect(rangeText({ page: 1, perPage: 20, total: 0, shown: 0 })).toBe('');
  });
});
