import { describe, expect, it } from 'vitest';
import { PageMarks } from '../../../src/db/page-marks.ts';

describe('PageMarks (live job reads on a replica, issue 12 item 8)', () => {
  it("gives each page's own mark, and none for a page it never saw", () => {
    const marks = new PageMarks();
    marks.note(10.5, '0/16B3748');
    marks.note(20.25, '0/16B9000');
    expect(marks.of(10.5)).toBe('0/16B3748');
    expect(marks.of(20.25)).toBe('0/16B9000');
    // Not the nearest page's: a read after 15 needs a page read at 15's mark, unknown.
    expect(marks.of(15)).toBeUndefined();
  });

  it('keeps the first mark a deliverable position was seen at (the lowest), by position', () => {
    const marks = new PageMarks();
    marks.noteHead({ xid: 900n, seq: 3n }, '0/100');
    // The feed sees the same head again later, at a higher log position: the first holds.
    marks.noteHead({ xid: 900n, seq: 3n }, '0/200');
    marks.noteHead({ xid: 901n, seq: 1n }, '0/300');
    expect(marks.ofHead({ xid: 900n, seq: 3n })).toBe('0/100');
    expect(marks.ofHead({ xid: 901n, seq: 1n })).toBe('0/300');
    expect(marks.ofHead({ xid: 900n, seq: 4n })).toBeUndefined();
  });

  it('forgets the oldest pages past what it keeps (their jobs are then read on the primary)', () => {
    const marks = new PageMarks(3);
    for (const at of [1, 2, 3, 4]) marks.note(at, `0/${at}`);
    expect(marks.of(1)).toBeUndefined();
    expect([2, 3, 4].map((at) => marks.of(at))).toEqual(['0/2', '0/3', '0/4']);
  });
});
