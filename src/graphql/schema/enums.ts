import {
  ATS_PLATFORMS,
  JOB_STATUSES,
  JOB_TYPES,
  REMOTE_TYPES,
  SALARY_PERIODS,
  SENIORITIES,
  SORT_ORDERS,
} from '../../domain/enums.ts';
import { builder } from '../builder.ts';

/** GraphQL names for domain values: `full-time` → `FULL_TIME`; the value stays the domain string. */
function enumValues<T extends string>(values: readonly T[]) {
  return Object.fromEntries(values.map((v) => [v.toUpperCase().replace(/-/g, '_'), { value: v }])) as Record<
    string,
    { value: T }
  >;
}

export const JobTypeEnum = builder.enumType('JobType', {
  description: 'Employment type.',
  values: enumValues(JOB_TYPES),
});

export const RemoteTypeEnum = builder.enumType('RemoteType', {
  description: 'Workplace type. UNKNOWN when the source says nothing (never guessed from a city).',
  values: enumValues(REMOTE_TYPES),
});

export const SeniorityEnum = builder.enumType('Seniority', {
  description: 'Seniority, from the title and the source’s own level field.',
  values: enumValues(SENIORITIES),
});

export const JobStatusEnum = builder.enumType('JobStatus', {
  description: 'OPEN while the source lists the posting; CLOSED after it vanished from a complete fetch.',
  values: enumValues(JOB_STATUSES),
});

export const JobStatusFilterEnum = builder.enumType('JobStatusFilter', {
  description: 'Which jobs to include by status.',
  values: enumValues(['open', 'closed', 'any'] as const),
});

export const AtsPlatformEnum = builder.enumType('AtsPlatform', {
  description: 'The platform a job was collected from.',
  values: enumValues(ATS_PLATFORMS),
});

export const SalaryPeriodEnum = builder.enumType('SalaryPeriod', {
  description: 'Pay period of the salary as posted.',
  values: enumValues(SALARY_PERIODS),
});

export const JobSortEnum = builder.enumType('JobSort', {
  description:
    'Result order. RELEVANCE (the default with a query) ranks title over company over description, newest first among equals.',
  values: enumValues(SORT_ORDERS),
});

export const FilterRemoteTypeEnum = builder.enumType('FilterRemoteType', {
  description: 'Workplace types a filter can ask for.',
  values: enumValues(['remote', 'hybrid', 'onsite'] as const),
});
