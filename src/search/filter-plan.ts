import { categoryIds, foldAll } from '../db/repositories/job-filter.sql.ts';
import { UUID } from '../domain/ids.ts';
import { storableFilter, type JobFilter } from '../domain/job-filter.ts';
import { parseQueryTerms } from '../domain/search-text.ts';
import { Bitmap, EMPTY, type Scratch } from './bitmap.ts';
import { nearDocs } from './geo-index.ts';
import type { MatchData } from './index-data.ts';
import type { PrefixMatch } from './term-index.ts';

const DAY_MS = 86_400_000;
/** Query words PostgreSQL's parser reads as we do: folded words are [a-z0-9] runs… */
const PLAIN_WORD = /^[a-z0-9]+$/;
/**
 * …except a number in scientific notation followed by letters, which its parser splits
 * into a phrase: to_tsquery('simple', '12e3x:*') is '12e3':* <-> 'x':*, while the stored
 * vectors hold '12e3x' as one word (search-text.ts tokenize).
 */
const SPLIT_BY_PARSER = /^[0-9]+e[0-9]+[a-z]/;

/**
 * Filters made storable, by the filter: a live stream plans its one filter against every
 * page it reads (a thousand streams, a few pages a second). Filters are not changed once made.
 */
const storable = new WeakMap<JobFilter, JobFilter>();

/** A filter the index answers: the matching jobs and, per query word, its prefix matches. */
export interface FilterPlan {
  matches: Bitmap;
  words: PrefixMatch[];
}

/**
 * The jobs matching a filter, exactly as buildJobWhere (job-filter.sql.ts) selects them:
 * the same value normalizations (shared functions), "any of" lists, skills "all of", an
 * empty list as no filter. 'unsupported' where the index cannot be exact — the caller
 * then asks SQL:
 * - `locations` (a substring of the location text);
 * - query words with other than [a-z0-9] after folding (other scripts: PostgreSQL's
 *   parser may split them differently per locale), or that its parser splits (SPLIT_BY_PARSER);
 * - an organization id that is no UUID (SQL rejects it).
 */
export function planFilter(
  data: MatchData,
  input: JobFilter,
  now: Date,
  scratch: Scratch,
  /** Whether the caller ranks the matches (then `words` holds each word's prefix matches); else `words` is empty. */
  ranked = true,
): FilterPlan | 'unsupported' {
  let filter = storable.get(input);
  if (!filter) storable.set(input, (filter = storableFilter(input)));
  if (filter.locations?.length) return 'unsupported';
  const terms = parseQueryTerms(filter.query);
  if (!terms.every((t) => PLAIN_WORD.test(t) && !SPLIT_BY_PARSER.test(t))) return 'unsupported';
  if (filter.organizationId && !UUID.test(filter.organizationId)) return 'unsupported';

  const v = data.values;
  const include: Bitmap[] = [];
  const exclude: Bitmap[] = [];
  const status = filter.status ?? 'open';
  if (status !== 'any') include.push(v.status.get(status));
  const words = ranked ? terms.map((t) => data.terms.match(t)) : [];
  if (ranked) for (const w of words) include.push(w.any);
  else for (const t of terms) include.push(data.terms.matchAny(t));
  if (filter.organizationId) include.push(v.organization.get(filter.organizationId.toLowerCase()));
  if (filter.remoteTypes?.length) include.push(v.remoteType.anyOf(filter.remoteTypes, scratch));
  if (filter.isRemote === true) include.push(v.remoteType.get('remote'));
  if (filter.isRemote === false) exclude.push(v.remoteType.get('remote'));
  if (filter.cities?.length) include.push(v.city.anyOf(foldAll(filter.cities), scratch));
  if (filter.countries?.length)
    include.push(
      v.country.anyOf(
        filter.countries.map((c) => c.toUpperCase()),
        scratch,
      ),
    );
  if (filter.minSalaryUsd !== undefined) include.push(data.salaryHigh.range(filter.minSalaryUsd, true));
  if (filter.maxSalaryUsd !== undefined) include.push(data.salaryLow.range(filter.maxSalaryUsd, false));
  if (filter.hasSalary === true) include.push(data.hasSalaryMin);
  if (filter.hasSalary === false) exclude.push(data.hasSalaryMin);
  // "All of": `skill_keys @> '{}'` holds for every job, so no skills left after folding is no filter.
  if (filter.skills?.length) for (const s of foldAll(filter.skills)) include.push(v.skill.get(s));
  if (filter.jobTypes?.length) include.push(v.jobType.anyOf(filter.jobTypes, scratch));
  if (filter.seniorities?.length) include.push(v.seniority.anyOf(filter.seniorities, scratch));
  if (filter.categories?.length) include.push(v.category.anyOf(categoryIds(filter.categories), scratch));
  if (filter.companies?.length) include.push(companies(data, filter.companies, scratch));
  if (filter.excludeCompanies?.length) exclude.push(companies(data, filter.excludeCompanies, scratch));
  if (filter.atsPlatforms?.length)
    include.push(
      v.atsPlatform.anyOf(
        filter.atsPlatforms.map((s) => s.toLowerCase()),
        scratch,
      ),
    );
  if (filter.sources?.length)
    include.push(
      v.source.anyOf(
        filter.sources.map((s) => s.toLowerCase()),
        scratch,
      ),
    );
  if (filter.departments?.length)
    include.push(
      v.department.anyOf(
        filter.departments.map((d) => d.trim().toLowerCase()),
        scratch,
      ),
    );
  if (filter.postedAfter) include.push(postedFrom(data, filter.postedAfter.getTime(), scratch));
  if (filter.postedBefore) include.push(postedUntil(data, filter.postedBefore.getTime(), scratch));
  if (filter.postedWithinDays !== undefined)
    include.push(postedFrom(data, now.getTime() - filter.postedWithinDays * DAY_MS, scratch));
  if (filter.visaSponsorship !== undefined)
    include.push(v.visaSponsorship.get(String(filter.visaSponsorship)));
  if (filter.near) include.push(nearDocs(v.geoCell, data.geo, filter.near, scratch));

  return { matches: intersect(data, include, exclude, scratch), words };
}

/** The AND of `include` (smallest first) minus every `exclude`; all jobs when nothing is included. */
function intersect(data: MatchData, include: Bitmap[], exclude: Bitmap[], scratch: Scratch): Bitmap {
  if (include.some((b) => b.isEmpty)) return EMPTY;
  const sorted = [...include].sort((a, b) => a.size - b.size);
  const first = sorted[0];
  const out = scratch.own(
    first ? (sorted[1] ? Bitmap.and(first, sorted[1]) : first.clone()) : data.all.clone(),
  );
  for (let i = 2; i < sorted.length && !out.isEmpty; i++) out.andInPlace(sorted[i]!);
  for (const b of exclude) if (!out.isEmpty) out.andNotInPlace(b);
  return out;
}

/** Companies by id, `lower(unaccent(name))` or normalized name (job-filter.sql.ts companyMatch). */
function companies(data: MatchData, values: string[], scratch: Scratch): Bitmap {
  const ids = new Set(values.filter((v) => UUID.test(v.trim())).map((v) => v.trim().toLowerCase()));
  for (const name of foldAll(values)) for (const id of data.companiesByName.get(name) ?? []) ids.add(id);
  return data.values.company.anyOf(ids, scratch);
}

/** Docs posted at or after `ms` (docs are in posted_at order). */
function postedFrom(data: MatchData, ms: number, scratch: Scratch): Bitmap {
  const first = lowerBound(data.postedUs, ms * 1000);
  return first >= data.docCount ? EMPTY : scratch.own(Bitmap.fromRange(first, data.docCount));
}

/** Docs posted at or before `ms`. */
function postedUntil(data: MatchData, ms: number, scratch: Scratch): Bitmap {
  const end = lowerBound(data.postedUs, ms * 1000 + 1);
  return end === 0 ? EMPTY : scratch.own(Bitmap.fromRange(0, end));
}

/** The first index whose value is ≥ x (values ascending). */
function lowerBound(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
