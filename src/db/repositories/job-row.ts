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

const DATE_FIELDS = ['postedAt', 'firstSeenAt', 'updatedAt', 'closedAt'] as const;

/** Drivers differ in what they return for timestamps, arrays and jsonb; make it uniform. */
export function toJobRecord(row: Record<string, unknown>): Omit<JobRecord, 'lastSeenAt'> {
  const out = { ...row } as Record<string, unknown>;
  for (const f of DATE_FIELDS) {
    const v = out[f];
    if (v != null && !(v instanceof Date)) out[f] = new Date(v as string);
  }
  if (typeof out.places === 'string') out.places = JSON.parse(out.places);
  for (const f of ['salaryMin', 'salaryMax', 'salaryMinUsd', 'salaryMaxUsd'] as const) {
    if (out[f] != null) out[f] = Number(out[f]);
  }
  if (typeof out.countryCode === 'string') out.countryCode = out.countryCode.trim();
  if (typeof out.salaryCurrency === 'string') out.salaryCurrency = out.salaryCurrency.trim();
  return out as unknown as Omit<JobRecord, 'lastSeenAt'>;
}
