import {
  ATS_PLATFORMS,
  JOB_STATUS_FILTERS,
  JOB_STATUSES,
  JOB_TYPES,
  POSTED_AT_SOURCES,
  REMOTE_TYPES,
  SALARY_PERIODS,
  SENIORITIES,
  SORT_ORDERS,
} from '../../domain/enums.ts';
import { builder } from '../builder.ts';

/**
 * GraphQL names for domain values: `full-time` → `FULL_TIME`; the value stays the domain
 * string. Every value is described (what a client reads in GraphiQL or generated code).
 */
function enumValues<T extends string>(values: readonly T[], describe: Record<T, string>) {
  return Object.fromEntries(
    values.map((v) => [v.toUpperCase().replace(/-/g, '_'), { value: v, description: describe[v] }]),
  ) as Record<string, { value: T; description: string }>;
}

const WORKPLACES = {
  remote: 'Work from anywhere the posting allows, no office required.',
  hybrid: 'Part of the time at an office.',
  onsite: 'At the workplace.',
} as const;

const PLATFORM = (name: string) => `Collected from ${name}.`;

const SENIORITY_DESCRIPTIONS = {
  intern: 'Intern or working student.',
  entry: 'Entry level, junior or graduate.',
  mid: 'Mid level.',
  senior: 'Senior.',
  lead: 'Lead, staff or principal.',
  manager: 'People manager.',
  director: 'Director or head of.',
  executive: 'Executive: VP, C-level.',
} as const;

export const JobTypeEnum = builder.enumType('JobType', {
  description: 'Employment type.',
  values: enumValues(JOB_TYPES, {
    'full-time': 'Full-time employment.',
    'part-time': 'Part-time employment.',
    contract: 'Contract or freelance work.',
    internship: 'Internship or working student.',
    temporary: 'Temporary or seasonal work.',
  }),
});

export const RemoteTypeEnum = builder.enumType('RemoteType', {
  description: 'Workplace type. UNKNOWN when the source says nothing (never guessed from a city).',
  values: enumValues(REMOTE_TYPES, {
    ...WORKPLACES,
    unknown: 'The posting does not say.',
  }),
});

export const SeniorityEnum = builder.enumType('Seniority', {
  description: 'Seniority, from the title and the source’s own level field.',
  values: enumValues(SENIORITIES, SENIORITY_DESCRIPTIONS),
});

export const JobStatusEnum = builder.enumType('JobStatus', {
  description:
    'OPEN while a source lists the posting; CLOSED after it vanished from a complete fetch; EXPIRED when not seen for the expiry period (JOB_EXPIRY_DAYS, default 60) or past the expiry date its source gave.',
  values: enumValues(JOB_STATUSES, {
    open: 'Listed by at least one source.',
    closed: 'Gone from every source’s complete fetch (or marked closed by its source).',
    expired:
      'Not seen for the expiry period, or past its source’s expiry date: probably gone, not confirmed.',
  }),
});

export const JobStatusFilterEnum = builder.enumType('JobStatusFilter', {
  description: 'Which jobs to include by status.',
  values: enumValues(JOB_STATUS_FILTERS, {
    open: 'Open jobs only (the default).',
    closed: 'Closed jobs only.',
    expired: 'Expired jobs only.',
    any: 'Jobs of every status.',
  }),
});

export const PostedAtSourceEnum = builder.enumType('PostedAtSource', {
  description: 'Where a job’s `postedAt` came from.',
  values: enumValues(POSTED_AT_SOURCES, {
    source: 'The source’s own posting date.',
    first_seen: 'The source gave none: the time this service first saw the posting.',
  }),
});

export const AtsPlatformEnum = builder.enumType('AtsPlatform', {
  description: 'The platform a job was collected from.',
  values: enumValues(
    ATS_PLATFORMS,
    Object.fromEntries(
      ATS_PLATFORMS.map((p) => [
        p,
        p === 'generic'
          ? 'Imported from a JSON or CSV file.'
          : p === 'demo'
            ? 'The demo data set.'
            : PLATFORM(p),
      ]),
    ) as Record<(typeof ATS_PLATFORMS)[number], string>,
  ),
});

export const SalaryPeriodEnum = builder.enumType('SalaryPeriod', {
  description: 'Pay period of the salary as posted.',
  values: enumValues(SALARY_PERIODS, {
    hour: 'Per hour.',
    day: 'Per day.',
    week: 'Per week.',
    month: 'Per month.',
    year: 'Per year.',
  }),
});

export const JobSortEnum = builder.enumType('JobSort', {
  description:
    'Result order. RELEVANCE (the default with a query) ranks title over company over description, newest first among equals.',
  values: enumValues(SORT_ORDERS, {
    relevance: 'Best match first (whole word over prefix, title over company over description), then newest.',
    newest: 'Newest posting date first.',
    salary: 'Highest annual USD salary first; jobs without salary last.',
    first_seen: 'Most recently collected first (the live view).',
  }),
});

export const FilterRemoteTypeEnum = builder.enumType('FilterRemoteType', {
  description: 'Workplace types a filter can ask for.',
  values: enumValues(['remote', 'hybrid', 'onsite'] as const, WORKPLACES),
});
