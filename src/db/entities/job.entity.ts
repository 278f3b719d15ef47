import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import {
  JOB_STATUSES,
  JOB_TYPES,
  POSTED_AT_SOURCES,
  REMOTE_TYPES,
  SALARY_PERIODS,
  SENIORITIES,
} from '../../domain/enums.ts';
import { CategorySchema } from './category.entity.ts';
import { CompanySchema } from './company.entity.ts';

/**
 * One real-world posting after deduplication. Reads go through JobRepository's SQL
 * (search needs ranking the ORM cannot express); the entity keeps the schema typed
 * and serves single-row loads. `search_vector` is written by the repository only.
 */
export const JobSchema = defineEntity({
  name: 'Job',
  tableName: 'job',
  // The same indexes as the migrations create (a test compares them), so the ORM's
  // schema diff stays empty and `migration:create` would start from the truth.
  indexes: [
    {
      name: 'job_search_vector_idx',
      expression: 'create index job_search_vector_idx on job using gin (search_vector)',
    },
    {
      name: 'job_status_posted_idx',
      expression: 'create index job_status_posted_idx on job (status, posted_at desc, id desc)',
    },
    {
      name: 'job_status_first_seen_idx',
      expression: 'create index job_status_first_seen_idx on job (status, first_seen_at desc, id desc)',
    },
    { name: 'job_company_idx', expression: 'create index job_company_idx on job (company_id)' },
    { name: 'job_category_idx', expression: 'create index job_category_idx on job (category_id)' },
    { name: 'job_remote_type_idx', expression: 'create index job_remote_type_idx on job (remote_type)' },
    { name: 'job_job_type_idx', expression: 'create index job_job_type_idx on job (job_type)' },
    { name: 'job_seniority_idx', expression: 'create index job_seniority_idx on job (seniority)' },
    // The salary filters' expressions (Migration20261122000007).
    {
      name: 'job_salary_reach_idx',
      expression: 'create index job_salary_reach_idx on job ((coalesce(salary_max_usd, salary_min_usd)))',
    },
    {
      name: 'job_salary_start_idx',
      expression: 'create index job_salary_start_idx on job ((coalesce(salary_min_usd, salary_max_usd)))',
    },
    { name: 'job_ats_platform_idx', expression: 'create index job_ats_platform_idx on job (ats_platform)' },
    { name: 'job_source_idx', expression: 'create index job_source_idx on job (source)' },
    { name: 'job_department_idx', expression: 'create index job_department_idx on job (lower(department))' },
    { name: 'job_visa_idx', expression: 'create index job_visa_idx on job (visa_sponsorship)' },
    // The ingest's candidate lookup (dedup_keys && …; Migration20261125210000).
    {
      name: 'job_dedup_keys_idx',
      expression: 'create index job_dedup_keys_idx on job using gin (dedup_keys)',
    },
    { name: 'job_city_keys_idx', expression: 'create index job_city_keys_idx on job using gin (city_keys)' },
    {
      name: 'job_country_codes_idx',
      expression: 'create index job_country_codes_idx on job using gin (country_codes)',
    },
    {
      name: 'job_skill_keys_idx',
      expression: 'create index job_skill_keys_idx on job using gin (skill_keys)',
    },
    {
      name: 'job_location_trgm_idx',
      expression: 'create index job_location_trgm_idx on job using gin (lower(location_text) gin_trgm_ops)',
    },
    // The near filter's SQL path: the box around the places' points (Migration20261126200000).
    {
      name: 'job_geo_box_idx',
      expression: 'create index job_geo_box_idx on job using gist (geo_box)',
    },
  ],
  properties: {
    id: p.uuid().primary(),
    title: p.text(),
    normalizedTitle: p.text(),
    company: () =>
      p
        .manyToOne(CompanySchema)
        .ref()
        .foreignKeyName('job_company_id_fkey')
        .deleteRule('no action')
        .updateRule('no action'),
    descriptionHtml: p.text(),
    descriptionText: p.text(),
    locationText: p.text(),
    city: p.text().nullable(),
    region: p.text().nullable(),
    countryCode: p.string().columnType('char(2)').nullable(),
    places: p
      .json<{ city: string | null; region: string | null; countryCode: string | null }[]>()
      .defaultRaw(`'[]'`),
    /** The box around the places' points, for the near filter's index (domain/geo.ts pointsBox); never loaded. */
    geoBox: p.text().columnType('box').nullable().lazy().hidden(),
    /** Folded city names of every place, for the any-of city filter. */
    cityKeys: p.array().defaultRaw(`'{}'`),
    /** ISO codes of every place, for the any-of country filter. */
    countryCodes: p.array().defaultRaw(`'{}'`),
    remoteType: p.enum([...REMOTE_TYPES]),
    jobType: p.enum([...JOB_TYPES]).nullable(),
    seniority: p.enum([...SENIORITIES]).nullable(),
    category: () =>
      p
        .manyToOne(CategorySchema)
        .ref()
        .nullable()
        .foreignKeyName('job_category_id_fkey')
        .deleteRule('no action')
        .updateRule('no action'),
    department: p.text().nullable(),
    skills: p.array().defaultRaw(`'{}'`),
    /** Folded skill names, for the case-insensitive all-of skills filter. */
    skillKeys: p.array().defaultRaw(`'{}'`),
    salaryMin: p.double().nullable(),
    salaryMax: p.double().nullable(),
    salaryCurrency: p.string().columnType('char(3)').nullable(),
    /** The posting stated no currency: it came from the job's country or the source's default. */
    salaryCurrencyInferred: p.boolean().nullable(),
    salaryPeriod: p.enum([...SALARY_PERIODS]).nullable(),
    salaryMinUsd: p.integer().nullable(),
    salaryMaxUsd: p.integer().nullable(),
    salaryText: p.text().nullable(),
    atsPlatform: p.text(),
    source: p.text(),
    listingUrl: p.text().nullable(),
    applyUrl: p.text().nullable(),
    visaSponsorship: p.boolean().nullable(),
    postedAt: p.datetime(),
    postedAtSource: p.enum([...POSTED_AT_SOURCES]).default('source'),
    firstSeenAt: p.datetime(),
    updatedAt: p.datetime(),
    closedAt: p.datetime().nullable(),
    status: p.enum([...JOB_STATUSES]),
    /** Identity keys for cross-source dedup (domain/dedup-keys.ts); written by JobWriter. */
    dedupKeys: p.array().defaultRaw(`'{}'`),
    /** Weighted title (A), company (B) and description (C) words; written by JobWriter, never loaded. */
    searchVector: p.text().columnType('tsvector').lazy().hidden(),
    /** The vector's title and company words, for relevance tiers (Migration20261122000006); never loaded. */
    headVector: p
      .text()
      .columnType('tsvector')
      .generated(`(ts_filter(search_vector, '{a,b}'::"char"[])) stored`)
      .lazy()
      .hidden(),
  },
});
export type Job = InferEntity<typeof JobSchema>;
