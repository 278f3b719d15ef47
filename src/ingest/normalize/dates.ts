/**
 * Posting dates as feeds send them: ISO strings with "Z", "+00:00" or "+0200" offsets
 * (Greenhouse, Ashby, Personio), "YYYY-MM-DD HH:MM:SS UTC" (Recruitee), plain dates
 * (Workable), epoch milliseconds (Lever), or Date objects. Anything unparseable, or
 * outside 1990 .. now + 1 year, is null rather than a wrong date.
 */

const MIN_TIME = Date.UTC(1990, 0, 1);
const ONE_YEAR_MS = 366 * 24 * 3600 * 1000;
// Below this an epoch number is in seconds (1e11 ms is 1973, 1e11 s is year 5138).
const SECONDS_THRESHOLD = 1e11;

function plausible(time: number, now: Date): Date | null {
  if (!Number.isFinite(time) || time < MIN_TIME || time > now.getTime() + ONE_YEAR_MS) return null;
  return new Date(time);
}

export function parseDate(value: unknown, now: Date = new Date()): Date | null {
  if (value instanceof Date) return plausible(value.getTime(), now);
  if (typeof value === 'number') {
    return plausible(Math.abs(value) < SECONDS_THRESHOLD ? value * 1000 : value, now);
  }
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (s === '' || s.length > 64) return null;
  if (/^\d{9,13}$/.test(s)) return parseDate(Number(s), now);
  // Accept ISO-like text only, so "next Tuesday" or "3" never become a date.
  if (
    !/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|UTC|GMT|[+-]\d{2}:?\d{2})?)?$/i.test(s)
  )
    return null;
  // V8 reads a zone name after a space-separated time only ("2026-02-20T09:00:00 UTC" is NaN).
  return plausible(Date.parse(s.replace(/\s*(?:UTC|GMT)$/i, 'Z')), now);
}
