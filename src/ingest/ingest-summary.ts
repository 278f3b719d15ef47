/** A row refused by the parser or by normalization, with the reason. */
export interface RejectedRow {
  externalId?: string;
  reason: string;
}

/**
 * The report of an ingest run. Every fetched row is accounted for:
 * fetched = new + updated + unchanged + merged + rejected.
 */
export interface IngestSummary {
  fetched: number;
  new: number;
  updated: number;
  unchanged: number;
  /** Merged into an existing job (a cross-source copy, or an id repeated in the feed). */
  merged: number;
  closed: number;
  /**
   * Of `unchanged`: rows older than what is stored (by the source's update time), not
   * applied (issue 11).
   */
  stale: number;
  rejected: number;
  /** Accepted postings whose salary became annual USD. */
  salaries: number;
  /** Accepted postings by workplace type as classified. */
  remoteTypes: Record<string, number>;
  /** Pay figures refused (the row is kept without them), by reason (issue 11). */
  salaryRejects: Record<string, number>;
  /** Rejections by reason, for the run report. */
  rejectedReasons: Record<string, number>;
  /** The first rejected rows (at most MAX_REPORTED_ROWS), to act on. */
  rejectedRows: RejectedRow[];
}

export const MAX_REPORTED_ROWS = 100;

export function emptySummary(): IngestSummary {
  return {
    fetched: 0,
    new: 0,
    updated: 0,
    unchanged: 0,
    merged: 0,
    closed: 0,
    stale: 0,
    rejected: 0,
    salaries: 0,
    remoteTypes: {},
    salaryRejects: {},
    rejectedReasons: {},
    rejectedRows: [],
  };
}

function addCounts(target: Record<string, number>, source: Record<string, number>): void {
  for (const [k, v] of Object.entries(source)) target[k] = (target[k] ?? 0) + v;
}

/** Records one rejected row. */
export function addRejection(summary: IngestSummary, row: RejectedRow): void {
  summary.rejected++;
  summary.rejectedReasons[row.reason] = (summary.rejectedReasons[row.reason] ?? 0) + 1;
  if (summary.rejectedRows.length < MAX_REPORTED_ROWS) summary.rejectedRows.push(row);
}

/** Adds one run's counts to a running total (per file, per dataset). */
export function addSummary(total: IngestSummary, run: IngestSummary): IngestSummary {
  for (const key of [
    'fetched',
    'new',
    'updated',
    'unchanged',
    'merged',
    'closed',
    'stale',
    'rejected',
    'salaries',
  ] as const) {
    total[key] += run[key];
  }
  addCounts(total.remoteTypes, run.remoteTypes);
  addCounts(total.salaryRejects, run.salaryRejects);
  addCounts(total.rejectedReasons, run.rejectedReasons);
  total.rejectedRows.push(
    ...run.rejectedRows.slice(0, Math.max(0, MAX_REPORTED_ROWS - total.rejectedRows.length)),
  );
  return total;
}
