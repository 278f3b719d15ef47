/**
 * parseDate on the forms feeds send (issue 11 item 9: pinned where mutation testing found
 * the rules unchecked). A date outside 1990 .. now + 366 days is a feed's mistake, not a
 * posting date.
 */
import { describe, expect, it } from 'vitest';
import { parseDate } from '../../../src/ingest/normalize/dates.ts';

const now = new Date('2026-06-01T00:00:00Z');
const iso = (value: unknown) => parseDate(value, now)?.toISOString() ?? null;

describe('plausible range', () => {
  it('1 January 1990 is the earliest date taken', () => {
    expect(iso('1990-01-01')).toBe('1990-01-01T00:00:00.000Z');
    expect(iso('1989-12-31T23:59:59Z')).toBeNull();
    expect(iso(new Date('1989-12-31T23:59:59Z'))).toBeNull();
  });

  it('an expiry up to 366 days ahead is taken, later is not', () => {
    expect(iso('2027-06-02T00:00:00Z')).toBe('2027-06-02T00:00:00.000Z');
    expect(iso('2027-06-02T00:00:01Z')).toBeNull();
    expect(iso(Date.parse('2027-06-02T00:00:01Z'))).toBeNull();
  });

  it('without a reference time, "now" is the clock', () => {
    expect(parseDate('2020-05-04')?.toISOString()).toBe('2020-05-04T00:00:00.000Z');
    expect(parseDate(new Date(Date.now() + 400 * 86_400_000))).toBeNull();
  });
});

describe('epoch numbers', () => {
  it('seconds and milliseconds both read as the same instant', () => {
    expect(iso(1_772_006_400)).toBe('2026-02-25T08:00:00.000Z');
    expect(iso(1_772_006_400_000)).toBe('2026-02-25T08:00:00.000Z');
    // A nine-digit epoch is seconds in 2001.
    expect(iso('999999999')).toBe('2001-09-09T01:46:39.000Z');
  });

  it('infinite or out-of-range numbers are no date', () => {
    expect(iso(Number.POSITIVE_INFINITY)).toBeNull();
    expect(iso(-1_772_006_400)).toBeNull();
    expect(iso(0)).toBeNull();
  });

  it('a digit string shorter than nine or longer than thirteen digits is no epoch', () => {
    expect(iso('12345678')).toBeNull();
    expect(iso('17720064000000')).toBeNull();
  });
});

describe('date strings', () => {
  it.each([
    [' 2026-02-27 ', '2026-02-27T00:00:00.000Z'],
    ['2026-02-20T09:00Z', '2026-02-20T09:00:00.000Z'],
    // A zone name after a T-separated time (Date.parse alone gives NaN for it).
    ['2026-02-20T09:00:00 GMT', '2026-02-20T09:00:00.000Z'],
    ['2026-02-20T09:00:00 utc', '2026-02-20T09:00:00.000Z'],
    ['2026-02-20T09:00:00UTC', '2026-02-20T09:00:00.000Z'],
    ['2026-02-10 12:00 GMT', '2026-02-10T12:00:00.000Z'],
    ['2026-02-20T09:00:00+02:00', '2026-02-20T07:00:00.000Z'],
    ['2026-02-20T09:00:00.5Z', '2026-02-20T09:00:00.500Z'],
  ])('%j → %s', (text, expected) => {
    expect(iso(text)).toBe(expected);
  });

  it("a time without a zone is a date (in the machine's zone)", () => {
    expect(iso('2026-02-20 09:00:00')).not.toBeNull();
  });

  it.each([
    ['next Tuesday'],
    ['Posted 2026-02-20'],
    ['2026-02-20T09:00:00 PST'],
    // "CST" is China Standard Time in a Chinese feed and US Central to Date.parse: no date.
    ['2026-02-20 09:00:00 CST'],
    ['2026-02-20T09'],
    ['20/02/2026'],
    ['   '],
    [true],
  ])('%j is no date', (text) => {
    expect(iso(text)).toBeNull();
  });

  it('text longer than 64 characters is refused before parsing', () => {
    const long = `2026-02-20T09:00:00.${'0'.repeat(43)}Z`;
    expect(long).toHaveLength(64);
    expect(iso(long)).toBe('2026-02-20T09:00:00.000Z');
    expect(iso(`2026-02-20T09:00:00.${'0'.repeat(44)}Z`)).toBeNull();
  });
});
