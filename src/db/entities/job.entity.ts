import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { JOB_STATUSES, JOB_TYPES, REMOTE_TYPES, SALARY_PERIODS, SENIORITIES } from '../../domain/enums.ts';
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
  properties: {
    id: p.uuid().primary(),
    title: p.string(),
    normalizedTitle: p.string(),
    company: () => p.manyToOne(CompanySchema).ref(),
    descriptionHtml: p.text(),
    descriptionText: p.text(),
    locationText: p.string(),
    city: p.string().nullable(),
    region: p.string().nullable(),
    countryCode: p.string().length(2).nullable(),
    places: p.json<{ city: string | null; region: string | null; countryCode: string | null }[]>(),
    /** Folded city names of every place, for the any-of city filter. */
    cityKeys: p.array(),
    /** ISO codes of every place, for the any-of country filter. */
    countryCodes: p.array(),
    remoteType: p.enum([...REMOTE_TYPES]),
    jobType: p.enum([...JOB_TYPES]).nullable(),
    seniority: p.enum([...SENIORITIES]).nullable(),
    category: () => p.manyToOne(CategorySchema).ref().nullable(),
    department: p.string().nullable(),
    skills: p.array(),
    /** Folded skill names, for the case-insensitive all-of skills filter. */
    skillKeys: p.array(),
    salaryMin: p.double().nullable(),
    salaryMax: p.double().nullable(),
    salaryCurrency: p.string().length(3).nullable(),
    salaryPeriod: p.enum([...SALARY_PERIODS]).nullable(),
    salaryMinUsd: p.integer().nullable(),
    salaryMaxUsd: p.integer().nullable(),
    salaryText: p.string().nullable(),
    atsPlatform: p.string(),
    source: p.string(),
    listingUrl: p.text().nullable(),
    applyUrl: p.text().nullable(),
    visaSponsorship: p.boolean().nullable(),
    postedAt: p.datetime(),
    firstSeenAt: p.datetime(),
    lastSeenAt: p.datetime(),
    updatedAt: p.datetime(),
    closedAt: p.datetime().nullable(),
    status: p.enum([...JOB_STATUSES]),
    dedupKey: p.string(),
  },
});
export type Job = InferEntity<typeof JobSchema>;
