/**
 * Two rows of one feed with the same external id are one posting (issue 11). The
 * newer copy (by the source's own update time; by feed order when neither or only one
 * has it) is the base, and whatever it lacks comes from the other: before, the last
 * copy won whole, so a copy without a description erased the full one.
 */
import type { RawPosting } from '../domain/raw-posting.ts';
import { parseDate } from './normalize/dates.ts';

/** Whether a field value says nothing: absent, blank text, an empty list. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function placesOf(raw: RawPosting): string[] {
  // A feed's odd value (a string, an object) where a list belongs is no place list.
  const extra = Array.isArray(raw.extraLocations) ? (raw.extraLocations as unknown[]) : [];
  return [raw.locationText, ...extra].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
}

/** Whether `later` is the newer copy of `earlier` (later in the feed unless dated older). */
export function isNewerCopy(earlier: RawPosting, later: RawPosting, now: Date): boolean {
  const a = parseDate(earlier.updatedAt, now);
  const b = parseDate(later.updatedAt, now);
  return !(a && b && b.getTime() < a.getTime());
}

/** The two copies as one: the newer one's values, the other's where the newer has none. */
export function combineCopies(earlier: RawPosting, later: RawPosting, now: Date): RawPosting {
  const [base, other] = isNewerCopy(earlier, later, now) ? [later, earlier] : [earlier, later];
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(other)) {
    // The payload stays the base's: it is what the stored hash is compared with.
    if (key !== 'payload' && isEmpty(out[key]) && !isEmpty(value)) out[key] = value;
  }
  // Every place either copy names: a board that lists one opening once per country (a
  // Workable shortcode twice, for Germany and for Spain) is one job in both.
  const primary = (out.locationText as string | null | undefined) ?? null;
  const extra = [...new Set([...placesOf(base), ...placesOf(other)])].filter((p) => p !== primary);
  if (extra.length > 0) out.extraLocations = extra;
  return out as unknown as RawPosting;
}
