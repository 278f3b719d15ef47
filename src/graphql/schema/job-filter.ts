import { checkFilterRanges, checkFilterSizes, type JobFilter } from '../../domain/job-filter.ts';
import { resolveNear, type PlaceLocator } from '../../domain/near-filter.ts';
import { builder } from '../builder.ts';
import {
  AtsPlatformEnum,
  FilterRemoteTypeEnum,
  JobStatusFilterEnum,
  JobTypeEnum,
  SeniorityEnum,
} from './enums.ts';
import { NearInput } from './near.ts';
import { DateTimeScalar } from './scalars.ts';

export const JobFilterInput = builder.inputType('JobFilter', {
  description: 'Filters; lists mean "any of" except skills ("all of"). All are optional.',
  fields: (t) => ({
    query: t.string({ description: 'Title, company and description; prefix words, all must match.' }),
    remoteTypes: t.field({ type: [FilterRemoteTypeEnum], description: 'Workplace types, any of.' }),
    isRemote: t.boolean({ description: 'true: remote only; false: all but remote.' }),
    cities: t.stringList({ description: 'City names (case- and accent-insensitive).' }),
    countries: t.stringList({ description: 'ISO 3166-1 alpha-2 codes.' }),
    locations: t.stringList({ description: 'Free location text: location, city or country code.' }),
    minSalaryUsd: t.int({
      description: 'Annual USD; the job range reaches at least this. Excludes jobs without salary.',
    }),
    maxSalaryUsd: t.int({
      description: 'Annual USD; the job range starts at or below this. Excludes jobs without salary.',
    }),
    hasSalary: t.boolean({ description: 'true: only jobs with a salary; false: only jobs without.' }),
    skills: t.stringList({ description: 'All of these skills.' }),
    jobTypes: t.field({ type: [JobTypeEnum], description: 'Employment types, any of.' }),
    seniorities: t.field({ type: [SeniorityEnum], description: 'Seniority levels, any of.' }),
    categories: t.stringList({ description: 'Category ids or slugs.' }),
    companies: t.stringList({ description: 'Company names or ids.' }),
    excludeCompanies: t.stringList({ description: 'Company names or ids to leave out.' }),
    atsPlatforms: t.field({ type: [AtsPlatformEnum], description: 'Source platforms, any of.' }),
    sources: t.stringList({ description: 'Sources (platform:board), any of.' }),
    departments: t.stringList({ description: 'Departments, any of (case-insensitive).' }),
    postedAfter: t.field({ type: DateTimeScalar, description: 'Posted at or after this instant.' }),
    postedBefore: t.field({ type: DateTimeScalar, description: 'Posted before this instant.' }),
    postedWithinDays: t.int({ description: 'Posted within this many days (1–3650).' }),
    visaSponsorship: t.boolean({
      description: 'Offers visa sponsorship (true) or says it does not (false).',
    }),
    near: t.field({
      type: NearInput,
      description: 'Jobs with a place within a radius of a city or a point (NearInput).',
    }),
    status: t.field({ type: JobStatusFilterEnum, description: 'Default OPEN.' }),
  }),
});

type FilterInput = typeof JobFilterInput.$inferInput;

/**
 * GraphQL input → domain filter (drops nulls: GraphQL's "not given"). Int only bounds
 * numbers to 32 bits; out of FILTER_BOUNDS is invalid_parameter, as on REST (a day
 * count of -2147483648 made a date JavaScript cannot represent: an internal error).
 * `locate` resolves a near place name (services.ts passes the gazetteer's).
 */
export function toJobFilter(input: FilterInput | null | undefined, locate: PlaceLocator): JobFilter {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input ?? {})) if (v !== null && v !== undefined) out[k] = v;
  if (input?.near) out.near = resolveNear(input.near, locate, (name) => `filter.near.${name}`);
  const filter = out as JobFilter;
  checkFilterSizes(filter, (name) => `filter.${name}`);
  checkFilterRanges(filter, (name) => `filter.${name}`);
  return filter;
}
