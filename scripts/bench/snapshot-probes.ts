import type { JobFilter } from '../../src/domain/job-filter.ts';

/** Searches whose totals the bench compares between the built index and one started from its snapshot. */
export const SNAPSHOT_PROBES: JobFilter[] = [
  { query: 'engineer' },
  { query: 'senior data' },
  { query: 'kamolinde' },
  { remoteTypes: ['remote'], countries: ['US'], minSalaryUsd: 120_000 },
  { organizationId: '00000000-0000-4000-8000-000000000001' },
];
