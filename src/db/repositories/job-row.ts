import type { JobRecord } from '../../domain/job-record.ts';

/**
 * The columns every job read selects, aliased to JobRecord's names; all but
 * lastSeenAt, which comes from the postings (JobRepository.withLastSeen).
 */
export const JOB_COLUMNS = `
  j.id, j.title, j.normalized_title as "normalizedTitle", j.company_id as "companyId",
  c.name as "companyName", c.domain as "companyDomain", c.logo_url as "companyLogoUrl",
  j.description_html as "descriptionHtml", j.description_text as "descriptionText",
  j.location_text as "locationText", j.city, j.region, j.country_code as "countryCode", j.places,
  j.remote_type as "remoteType", j.job_type as "jobType", j.seniority, j.category_id as "categoryId",
  j.department, j.skills, j.salary_min as "salaryMin", j.salary_max as "salaryMax",
  j.salary_currency as "salaryCurrency", j.salary_period as "salaryPeriod",
  j.salary_min_usd as "salaryMinUsd", j.salary_max_usd as "salaryMaxUsd", j.salary_text as "salaryText",
  j.ats_platform as "atsPlatform", j.source, j.listing_url as "listingUrl", j.apply_url as "applyUrl",
  j.visa_sponsorship as "visaSponsorship", j.posted_at as "postedAt",
  j.posted_at_source as "postedAtSource", j.first_seen_at as "firstSeenAt",
  j.updated_at as "updatedAt", j.closed_at as "closedAt", j.status`;

const date = (v: unknown): Date => (v instanceof Date ? v : new Date(v as string));
const dateOrNull = (v: unknown): Date | null => (v == null ? null : date(v));
const numberOrNull = (v: unknown): number | null => (v == null ? null : Number(v));
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v) as string | null;

/**
 * A row of JOB_COLUMNS (and whatever else the statement selected: sort keys, totals,
 * which are left out) as a JobRecord; drivers differ in what they return for
 * timestamps, arrays and jsonb, made uniform here. One object literal of a fixed
 * shape: copying the row with spreads (the keys, then the record, then lastSeenAt) made
 * four dictionary-mode objects per row, a fifth of a counted search's garbage at 1M jobs.
 * `lastSeenAt`: the job's latest sighting; null (none known) reads as its first.
 */
export function toJobRecord(row: Record<string, unknown>, lastSeenAt: Date | null): JobRecord {
  const firstSeenAt = date(row.firstSeenAt);
  return {
    id: row.id as string,
    title: row.title as string,
    normalizedTitle: row.normalizedTitle as string,
    companyId: row.companyId as string,
    companyName: row.companyName as string,
    companyDomain: row.companyDomain as string | null,
    companyLogoUrl: row.companyLogoUrl as string | null,
    descriptionHtml: row.descriptionHtml as string,
    descriptionText: row.descriptionText as string,
    locationText: row.locationText as string,
    city: row.city as string | null,
    region: row.region as string | null,
    countryCode: trimmed(row.countryCode),
    places: (typeof row.places === 'string' ? JSON.parse(row.places) : row.places) as JobRecord['places'],
    remoteType: row.remoteType as JobRecord['remoteType'],
    jobType: row.jobType as JobRecord['jobType'],
    seniority: row.seniority as JobRecord['seniority'],
    categoryId: row.categoryId as string | null,
    department: row.department as string | null,
    skills: row.skills as string[],
    salaryMin: numberOrNull(row.salaryMin),
    salaryMax: numberOrNull(row.salaryMax),
    salaryCurrency: trimmed(row.salaryCurrency),
    salaryPeriod: row.salaryPeriod as JobRecord['salaryPeriod'],
    salaryMinUsd: numberOrNull(row.salaryMinUsd),
    salaryMaxUsd: numberOrNull(row.salaryMaxUsd),
    salaryText: row.salaryText as string | null,
    atsPlatform: row.atsPlatform as JobRecord['atsPlatform'],
    source: row.source as string,
    listingUrl: row.listingUrl as string | null,
    applyUrl: row.applyUrl as string | null,
    visaSponsorship: row.visaSponsorship as boolean | null,
    postedAt: date(row.postedAt),
    postedAtSource: row.postedAtSource as JobRecord['postedAtSource'],
    firstSeenAt,
    lastSeenAt: lastSeenAt ?? firstSeenAt,
    updatedAt: date(row.updatedAt),
    closedAt: dateOrNull(row.closedAt),
    status: row.status as JobRecord['status'],
  };
}
