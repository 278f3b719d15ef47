import type { JobRecord } from '../../domain/job-record.ts';
import type { PlaceParts } from '../../domain/job.ts';
import { builder } from '../builder.ts';
import { CategoryRef } from './category.ts';
import { CompanyRef } from './company.ts';
import {
  AtsPlatformEnum,
  JobStatusEnum,
  JobTypeEnum,
  PostedAtSourceEnum,
  RemoteTypeEnum,
  SalaryPeriodEnum,
  SeniorityEnum,
} from './enums.ts';
import { DateTimeScalar } from './scalars.ts';

const PlaceRef = builder.objectRef<PlaceParts>('Place').implement({
  description: 'One place of a posting.',
  fields: (t) => ({
    city: t.exposeString('city', { nullable: true, description: 'City name.' }),
    region: t.exposeString('region', { nullable: true, description: 'State, province or region.' }),
    countryCode: t.exposeString('countryCode', { nullable: true, description: 'ISO 3166-1 alpha-2.' }),
    latitude: t.float({
      nullable: true,
      resolve: (p) => p.latitude ?? null,
      description:
        "WGS84 degrees of the city (the gazetteer's); null when the city is unknown to it or absent.",
    }),
    longitude: t.float({
      nullable: true,
      resolve: (p) => p.longitude ?? null,
      description:
        "WGS84 degrees of the city (the gazetteer's); null when the city is unknown to it or absent.",
    }),
  }),
});

const SalaryRef = builder.objectRef<JobRecord>('Salary').implement({
  description: 'Pay as posted, and annualized in USD with the dated FX table.',
  fields: (t) => ({
    min: t.exposeFloat('salaryMin', { nullable: true, description: 'Lower bound as posted.' }),
    max: t.exposeFloat('salaryMax', { nullable: true, description: 'Upper bound as posted.' }),
    currency: t.exposeString('salaryCurrency', { nullable: true, description: 'ISO 4217 code as posted.' }),
    period: t.expose('salaryPeriod', {
      type: SalaryPeriodEnum,
      nullable: true,
      description: 'Pay period as posted.',
    }),
    annualMinUsd: t.exposeInt('salaryMinUsd', { nullable: true, description: 'Lower bound, annual USD.' }),
    annualMaxUsd: t.exposeInt('salaryMaxUsd', { nullable: true, description: 'Upper bound, annual USD.' }),
    text: t.exposeString('salaryText', {
      nullable: true,
      description: 'Annual USD range as text: "$120,000 – $150,000".',
    }),
  }),
});

/**
 * A Relay Node: `node(id:)`/`nodes(ids:)` load jobs through this per-request dataloader,
 * so N ids cost one lookup (JobRepository.findByIds). Its Node id is the UUID (node-id.ts).
 */
export const JobRef = builder.loadableNode('Job', {
  description: 'One real-world job posting, deduplicated across sources.',
  id: {
    resolve: (job: JobRecord) => job.id,
    description: 'Stable job id (UUID), the same as in the REST API; also its Node id.',
  },
  load: (ids: string[], ctx) => ctx.services.jobs.findByIds(ctx.em, ids),
  sort: (job: JobRecord) => job.id,
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Title as posted (text repaired, whitespace tidied).' }),
    normalizedTitle: t.exposeString('normalizedTitle', {
      description: 'Lower case, noise removed: the dedup key part.',
    }),
    company: t.field({
      type: CompanyRef,
      resolve: (job) => job.companyId,
      description: 'The hiring company.',
    }),
    companyName: t.exposeString('companyName', { description: 'The company’s display name.' }),
    descriptionHtml: t.exposeString('descriptionHtml', { description: 'Sanitized HTML.' }),
    descriptionText: t.exposeString('descriptionText', { description: 'Plain text.' }),
    location: t.exposeString('locationText', { description: 'Location as posted.' }),
    city: t.exposeString('city', { nullable: true, description: 'City of the first place.' }),
    region: t.exposeString('region', { nullable: true, description: 'Region of the first place.' }),
    countryCode: t.exposeString('countryCode', {
      nullable: true,
      description: 'ISO 3166-1 alpha-2 of the first place.',
    }),
    places: t.field({
      type: [PlaceRef],
      resolve: (job) => job.places,
      description: 'Every place of the posting.',
    }),
    remoteType: t.expose('remoteType', { type: RemoteTypeEnum, description: 'Workplace type.' }),
    jobType: t.expose('jobType', {
      type: JobTypeEnum,
      nullable: true,
      description: 'Employment type; null when not stated.',
    }),
    seniority: t.expose('seniority', {
      type: SeniorityEnum,
      nullable: true,
      description: 'Seniority; null when not stated.',
    }),
    category: t.field({
      type: CategoryRef,
      nullable: true,
      resolve: (job) => job.categoryId,
      description: 'Category from the taxonomy (categories query).',
    }),
    department: t.exposeString('department', { nullable: true, description: 'Department as posted.' }),
    skills: t.exposeStringList('skills', { description: 'Skills named in the posting, canonical names.' }),
    salary: t.field({
      type: SalaryRef,
      nullable: true,
      resolve: (job) => (job.salaryMin == null && job.salaryMax == null ? null : job),
      description: 'Pay as posted and annualized in USD; null without salary.',
    }),
    salaryText: t.exposeString('salaryText', { nullable: true, description: 'Annual USD range as text.' }),
    atsPlatform: t.expose('atsPlatform', {
      type: AtsPlatformEnum,
      description: 'Platform the job was collected from.',
    }),
    source: t.exposeString('source', { description: 'Source of the primary posting: platform and board.' }),
    listingUrl: t.exposeString('listingUrl', { nullable: true, description: 'The posting’s page.' }),
    applyUrl: t.exposeString('applyUrl', {
      nullable: true,
      description: 'Where to apply, when the source gives it.',
    }),
    visaSponsorship: t.exposeBoolean('visaSponsorship', {
      nullable: true,
      description: 'Whether the posting offers visa sponsorship; null when it does not say.',
    }),
    postedAt: t.expose('postedAt', {
      type: DateTimeScalar,
      description: 'Posted date from the source, else first seen: `postedAtSource` says which.',
    }),
    postedAtSource: t.expose('postedAtSource', {
      type: PostedAtSourceEnum,
      description: 'SOURCE: `postedAt` is the source’s own date; FIRST_SEEN: the source gave none.',
    }),
    firstSeenAt: t.expose('firstSeenAt', {
      type: DateTimeScalar,
      description: 'When this service first collected it.',
    }),
    lastSeenAt: t.expose('lastSeenAt', {
      type: DateTimeScalar,
      description: 'When a source last listed it.',
    }),
    updatedAt: t.expose('updatedAt', {
      type: DateTimeScalar,
      description: 'When its stored data last changed.',
    }),
    closedAt: t.expose('closedAt', {
      type: DateTimeScalar,
      nullable: true,
      description: 'When it left every source; null while open.',
    }),
    status: t.expose('status', { type: JobStatusEnum, description: 'OPEN or CLOSED.' }),
  }),
});
