import { describe, expect, it } from 'vitest';
import { formatDatasetTable } from '../../../src/ingest/dataset-report.ts';
import type { DatasetFileReport } from '../../../src/ingest/import-datasets.ts';
import { emptySummary } from '../../../src/ingest/ingest-summary.ts';

describe('the datasets table', () => {
  it('fits 100 columns, whatever the names, numbers and reasons', () => {
    const summary = {
      ...emptySummary(),
      fetched: 1_234_567,
      new: 1_000_000,
      rejected: 234_567,
      merged: 12_345,
      salaries: 999_999,
      remoteTypes: { remote: 123_456, hybrid: 234_567, onsite: 345_678, unknown: 456_789 },
      rejectedReasons: {
        ['a very long reason that goes on and on '.repeat(4)]: 200_000,
        'missing title': 34_567,
      },
    };
    const report = (name: string): DatasetFileReport =>
      ({ dataset: { name, kind: 'generic' }, file: 'f.csv', summary }) as unknown as DatasetFileReport;
    const text = formatDatasetTable([report('a-dataset-with-a-really-long-name-indeed'), report('short')]);
    const lines = text.split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
    expect(lines[0]).toMatch(/^dataset\s+rows\s+accepted/);
    expect(lines.some((l) => l.startsWith('short') && l.includes('1234567') && l.includes('82.0%'))).toBe(
      true,
    );
    expect(lines.filter((l) => l.startsWith('  rejected: '))).toHaveLength(2);
  });
});
