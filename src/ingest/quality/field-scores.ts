/**
 * Per-field comparison of a normalized job with what a person read off the posting.
 * A field is scored only where the label states it ("accuracy where the source states
 * it"); a missing value where one is stated counts as wrong, and coverage is measured
 * over every golden row whatever its labels.
 */
import type { NormalizedJob } from '../../domain/job.ts';
import { toUsd } from '../../domain/fx-rates.ts';
import { annualize } from '../../domain/salary.ts';
import { foldText } from '../../domain/text.ts';
import { lookupRegion } from '../normalize/regions.ts';
import type { Expectation } from './golden-set.ts';

export const FIELDS = [
  'remoteType',
  'city',
  'region',
  'country',
  'salaryMinUsd',
  'salaryMaxUsd',
  'jobType',
  'seniority',
  'category',
  'skills',
  'text',
] as const;
export type Field = (typeof FIELDS)[number];

/** One scored field of one posting. */
export interface FieldOutcome {
  field: Field;
  ok: boolean;
  expected: string;
  got: string;
}

/** Annual USD amounts within this share of the label count as equal (FX and rounding). */
export const USD_TOLERANCE = 0.02;

/** UTF-8 read as Windows-1252 ("â€™", "Ã©"), or an entity reference left in plain text. */
export const MOJIBAKE =
  /â€|Ã[\u0080-\u00bf]|Â[\u0080-\u00bf]|&(?:#\d+|#x[0-9a-f]+|amp|nbsp|ndash|mdash|rsquo|lsquo|ldquo|rdquo|quot|lt|gt|hellip|bull);/i;

// Spellings of one city that are not the store's business to unify (the gazetteer decides
// which one it keeps); anything else must match after folding.
const CITY_ALIASES: Readonly<Record<string, string>> = {
  bangalore: 'bengaluru',
  'new york city': 'new york',
  nyc: 'new york',
  'washington dc': 'washington',
  'washington d c': 'washington',
  'halifax regional municipality': 'halifax',
};

function cityKey(city: string): string {
  const folded = foldText(city)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return CITY_ALIASES[folded] ?? folded;
}

function regionKey(region: string): string {
  return lookupRegion(region)?.code ?? region.trim().toUpperCase();
}

const show = (v: unknown) => (v === null || v === undefined ? '∅' : String(v));

function place(
  field: Field,
  expected: string | null,
  got: string | null,
  key: (s: string) => string,
): FieldOutcome {
  const ok = expected === null ? got === null : got !== null && key(got) === key(expected);
  return { field, ok, expected: show(expected), got: show(got) };
}

/** The label's pay bound in annual USD with the store's own rates and periods. */
export function expectedUsd(
  amount: number | null,
  currency: string,
  period: Expectation['salary'],
): number | null {
  if (amount === null || !period) return null;
  return toUsd(annualize(amount, period.period), currency);
}

function usd(field: Field, expected: number | null, got: number | null): FieldOutcome {
  const ok =
    expected === null
      ? got === null
      : got !== null && Math.abs(got - expected) <= USD_TOLERANCE * Math.max(expected, 1);
  const round = (n: number | null) => (n === null ? null : Math.round(n));
  return { field, ok, expected: show(round(expected)), got: show(round(got)) };
}

function equal(field: Field, expected: string, got: string | null): FieldOutcome {
  return { field, ok: got === expected, expected, got: show(got) };
}

/** Every field the label states, scored against the job (null when normalization refused the row). */
export function scoreFields(expect: Expectation, job: NormalizedJob | null): FieldOutcome[] {
  const out: FieldOutcome[] = [];
  const j = job;
  if (expect.remoteType !== undefined) {
    const got = j?.remoteType ?? null;
    out.push(
      expect.remoteType === 'not-remote'
        ? {
            field: 'remoteType',
            ok: got !== null && got !== 'remote',
            expected: 'not remote',
            got: show(got),
          }
        : equal('remoteType', expect.remoteType, got),
    );
  }
  if (expect.city !== undefined) out.push(place('city', expect.city, j?.city ?? null, cityKey));
  if (expect.region !== undefined) out.push(place('region', expect.region, j?.region ?? null, regionKey));
  if (expect.country !== undefined)
    out.push(place('country', expect.country, j?.countryCode ?? null, (s) => s.toUpperCase()));
  if (expect.salary) {
    const s = expect.salary;
    out.push(usd('salaryMinUsd', expectedUsd(s.min, s.currency, s), j?.salaryMinUsd ?? null));
    out.push(usd('salaryMaxUsd', expectedUsd(s.max, s.currency, s), j?.salaryMaxUsd ?? null));
  }
  if (expect.jobType !== undefined) out.push(equal('jobType', expect.jobType, j?.jobType ?? null));
  if (expect.seniority !== undefined) out.push(equal('seniority', expect.seniority, j?.seniority ?? null));
  if (expect.category !== undefined) out.push(equal('category', expect.category, j?.categorySlug ?? null));
  if (expect.skills) {
    const have = new Set(j?.skills ?? []);
    const lacking = (expect.skills.include ?? []).filter((s) => !have.has(s));
    const wrong = (expect.skills.exclude ?? []).filter((s) => have.has(s));
    const expected = [
      ...(expect.skills.include ?? []).map((s) => `+${s}`),
      ...(expect.skills.exclude ?? []).map((s) => `-${s}`),
    ];
    const got = [...lacking.map((s) => `lacks ${s}`), ...wrong.map((s) => `has ${s}`)];
    out.push({
      field: 'skills',
      ok: j !== null && got.length === 0,
      expected: expected.join(' '),
      got: got.join(', ') || 'ok',
    });
  }
  if (expect.textClean) {
    const dirty =
      j === null ? ['refused'] : [j.title, j.companyName, j.descriptionText].filter((t) => MOJIBAKE.test(t));
    const sample = dirty.map((t) => t.match(MOJIBAKE)?.[0] ?? t);
    out.push({
      field: 'text',
      ok: dirty.length === 0,
      expected: 'no mojibake',
      got: sample.join(', ') || 'clean',
    });
  }
  // A row normalization refused stores nothing: every stated field is wrong, even "none".
  return j === null ? out.map((o) => ({ ...o, ok: false, got: 'refused' })) : out;
}

/** Whether the job has a value for the field at all (coverage, over every golden row). */
export function hasValue(field: Field, job: NormalizedJob | null): boolean {
  if (job === null) return false;
  switch (field) {
    case 'remoteType':
      return job.remoteType !== 'unknown';
    case 'city':
      return job.city !== null;
    case 'region':
      return job.region !== null;
    case 'country':
      return job.countryCode !== null;
    case 'salaryMinUsd':
      return job.salaryMinUsd !== null;
    case 'salaryMaxUsd':
      return job.salaryMaxUsd !== null;
    case 'jobType':
      return job.jobType !== null;
    case 'seniority':
      return job.seniority !== null;
    case 'category':
      // "other" is the taxonomy's fallback for a title that fits nothing: no category found.
      return job.categorySlug !== null && job.categorySlug !== 'other';
    case 'skills':
      return job.skills.length > 0;
    case 'text':
      return true;
  }
}
