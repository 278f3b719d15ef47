import { CATEGORIES } from '../domain/categories.ts';
import {
  ATS_PLATFORMS,
  JOB_STATUSES,
  JOB_TYPES,
  POSTED_AT_SOURCES,
  REMOTE_TYPES,
  SALARY_PERIODS,
  SENIORITIES,
} from '../domain/enums.ts';
import type { JobRecord } from '../domain/job-record.ts';

const categorySlugs = new Map(CATEGORIES.map((c) => [c.id, c.slug]));

/** The REST item: the contract's fields first, then every other data point in snake_case. */
export function toJobItem(job: JobRecord) {
  return {
    id: job.id,
    title: job.title,
    company: job.companyName,
    location: job.locationText,
    remote_type: job.remoteType,
    salary: job.salaryText,
    company_id: job.companyId,
    company_domain: job.companyDomain,
    company_logo_url: job.companyLogoUrl,
    normalized_title: job.normalizedTitle,
    city: job.city,
    region: job.region,
    country_code: job.countryCode,
    // latitude/longitude: additions beside the contract's keys (the near filter's coordinates).
    places: job.places.map((p) => ({
      city: p.city,
      region: p.region,
      country_code: p.countryCode,
      latitude: p.latitude ?? null,
      longitude: p.longitude ?? null,
    })),
    job_type: job.jobType,
    seniority: job.seniority,
    category_id: job.categoryId,
    category: job.categoryId ? (categorySlugs.get(job.categoryId) ?? null) : null,
    department: job.department,
    skills: job.skills,
    salary_min: job.salaryMin,
    salary_max: job.salaryMax,
    salary_currency: job.salaryCurrency,
    salary_period: job.salaryPeriod,
    salary_min_usd: job.salaryMinUsd,
    salary_max_usd: job.salaryMaxUsd,
    description: job.descriptionText,
    description_html: job.descriptionHtml,
    ats_platform: job.atsPlatform,
    source: job.source,
    url: job.listingUrl,
    apply_url: job.applyUrl,
    visa_sponsorship: job.visaSponsorship,
    posted_at: job.postedAt.toISOString(),
    posted_at_source: job.postedAtSource,
    first_seen_at: job.firstSeenAt.toISOString(),
    last_seen_at: job.lastSeenAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    closed_at: job.closedAt ? job.closedAt.toISOString() : null,
    status: job.status,
  };
}

const nullable = (type: string) => ({ type: [type, 'null'] });
const str = { type: 'string' };

const jobItemProperties = {
  id: { type: 'string', format: 'uuid' },
  title: str,
  company: str,
  location: str,
  remote_type: { type: 'string', enum: [...REMOTE_TYPES] },
  salary: {
    ...nullable('string'),
    description: 'Annual USD range, e.g. "$120,000 – $150,000"; null without salary.',
  },
  company_id: str,
  company_domain: nullable('string'),
  company_logo_url: nullable('string'),
  normalized_title: str,
  city: nullable('string'),
  region: nullable('string'),
  country_code: nullable('string'),
  places: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        city: nullable('string'),
        region: nullable('string'),
        country_code: nullable('string'),
        latitude: {
          ...nullable('number'),
          description: "WGS84 degrees of the city (the gazetteer's), or null.",
        },
        longitude: {
          ...nullable('number'),
          description: "WGS84 degrees of the city (the gazetteer's), or null.",
        },
      },
      required: ['city', 'region', 'country_code'],
    },
  },
  job_type: { type: ['string', 'null'], enum: [...JOB_TYPES, null] },
  seniority: { type: ['string', 'null'], enum: [...SENIORITIES, null] },
  category_id: nullable('string'),
  category: nullable('string'),
  department: nullable('string'),
  skills: { type: 'array', items: str },
  salary_min: nullable('number'),
  salary_max: nullable('number'),
  salary_currency: nullable('string'),
  salary_period: { type: ['string', 'null'], enum: [...SALARY_PERIODS, null] },
  salary_min_usd: nullable('integer'),
  salary_max_usd: nullable('integer'),
  description: str,
  description_html: str,
  ats_platform: { type: 'string', enum: [...ATS_PLATFORMS] },
  source: str,
  url: nullable('string'),
  apply_url: nullable('string'),
  visa_sponsorship: nullable('boolean'),
  posted_at: str,
  posted_at_source: {
    type: 'string',
    enum: [...POSTED_AT_SOURCES],
    description:
      '`source`: posted_at is the source’s own date; `first_seen`: it gave none, and posted_at is first_seen_at.',
  },
  first_seen_at: str,
  last_seen_at: str,
  updated_at: str,
  closed_at: nullable('string'),
  status: { type: 'string', enum: [...JOB_STATUSES] },
} as const;

/**
 * JSON schema of one item, the OpenAPI component `Job`: serializes fast and documents
 * the shape. Every field is always sent (null when unknown), so all are required.
 */
export const jobItemSchema = {
  $id: 'Job',
  type: 'object',
  required: Object.keys(jobItemProperties),
  properties: jobItemProperties,
} as const;
