import type { DatasetFileReport } from './import-datasets.ts';
import { addSummary, emptySummary, type IngestSummary } from './ingest-summary.ts';

const WORKPLACES = ['remote', 'hybrid', 'onsite', 'unknown'];
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');

export const accepted = (s: IngestSummary) => s.new + s.updated + s.unchanged + s.merged;

/** One line per file: rows, accepted, rejected with reasons, merged, salaries, workplace types. */
export function fileReportLines(reports: DatasetFileReport[]): string[] {
  return [
    'dataset | file | rows | accepted | rejected (reasons) | merged as duplicate | salaries in USD | remote/hybrid/onsite/unknown',
    ...reports.map(({ dataset, file, summary: s }) =>
      [
        dataset.name,
        file,
        s.fetched,
        accepted(s),
        `${s.rejected} ${JSON.stringify(s.rejectedReasons)}`,
        s.merged,
        s.salaries,
        WORKPLACES.map((w) => s.remoteTypes[w] ?? 0).join('/'),
      ].join(' | '),
    ),
  ];
}

/** The same, added up per dataset. */
export function datasetTotals(
  reports: DatasetFileReport[],
): Map<string, { kind: string; summary: IngestSummary }> {
  const totals = new Map<string, { kind: string; summary: IngestSummary }>();
  for (const r of reports) {
    const t = totals.get(r.dataset.name) ?? { kind: r.dataset.kind, summary: emptySummary() };
    addSummary(t.summary, r.summary);
    totals.set(r.dataset.name, t);
  }
  return totals;
}

/** Rows for console.table: one per dataset. */
export function datasetTable(reports: DatasetFileReport[]) {
  return [...datasetTotals(reports)].map(([name, { summary: s }]) => ({
    dataset: name,
    rows: s.fetched,
    accepted: pct(accepted(s), s.fetched),
    rejected: s.rejected,
    top_reasons: Object.entries(s.rejectedReasons)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2)
      .map(([k, v]) => `${v}× ${k}`)
      .join('; '),
    merged: s.merged,
    salaries: s.salaries,
    'remote/hybrid/onsite/unknown': WORKPLACES.map((w) => s.remoteTypes[w] ?? 0).join('/'),
  }));
}

/**
 * The per-dataset table as text that fits 100 columns (console.table's did not: its
 * reasons column alone ran past 150), the top rejection reasons on a line of their own.
 */
export function formatDatasetTable(reports: DatasetFileReport[]): string {
  const head = [
    'dataset',
    'rows',
    'accepted',
    'rejected',
    'merged',
    'salaries',
    'remote/hybrid/onsite/unknown',
  ];
  const widths = [24, 8, 9, 9, 7, 9, 28];
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.slice(0, widths[0]).padEnd(widths[0]!) : c.padStart(widths[i]!)))
      .join(' ');
  const out = [line(head)];
  for (const row of datasetTable(reports)) {
    out.push(
      line([
        row.dataset,
        String(row.rows),
        row.accepted,
        String(row.rejected),
        String(row.merged),
        String(row.salaries),
        row['remote/hybrid/onsite/unknown'],
      ]),
    );
    if (row.top_reasons) out.push(`  rejected: ${row.top_reasons}`.slice(0, 100));
  }
  return out.join('\n');
}
