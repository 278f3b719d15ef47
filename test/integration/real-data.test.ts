import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accepted, datasetTable, datasetTotals, fileReportLines } from '../../src/ingest/dataset-report.ts';
import { ingestDatasets } from '../../src/ingest/import-datasets.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';
import { describeSharedData, SHARED_DATA } from '../helpers/shared-data.ts';

/**
 * Every real dataset in ../shared/data (SOURCES.md) through parse → normalize →
 * dedupe → store on a real database, as `jobs datasets` does. The data is read in
 * place, never copied. Without the shared folder the suite says so and skips.
 */
const DATA = SHARED_DATA;
const present = existsSync(DATA);
const REPORT = resolve(process.cwd(), `.data/real-data-report-${TEST_DB}.txt`);

let services: Services;

beforeAll(async () => {
  if (present) services = await createTestServices();
});
afterAll(() => services?.close());

describeSharedData(`real datasets from ../shared/data (${TEST_DB})`, () => {
  it('ingests every file and accepts at least 99% of ATS rows', async () => {
    const reports = await ingestDatasets(services, DATA);
    mkdirSync(dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, `${fileReportLines(reports).join('\n')}\n`);
    console.log(`Real data (${TEST_DB}); per-file report: ${REPORT}`);
    console.table(datasetTable(reports));

    const totals = datasetTotals(reports);
    expect([...totals.keys()]).toEqual(
      expect.arrayContaining(['greenhouse-techjobshub', 'ashby-stapply', 'greenhouse-feashliaa']),
    );
    for (const [name, { kind, summary }] of totals) {
      expect(summary.fetched, name).toBeGreaterThan(0);
      // Every row is accounted for: accepted (new, updated, unchanged, merged) or rejected with a reason.
      expect(accepted(summary) + summary.rejected, name).toBe(summary.fetched);
      if (kind === 'ats')
        expect(accepted(summary) / summary.fetched, `${name} acceptance`).toBeGreaterThanOrEqual(0.99);
    }
    const ashby = totals.get('ashby-stapply')!.summary;
    expect(ashby.salaries, 'Ashby compensation parsed to annual USD').toBeGreaterThan(450);
    const rows = [...totals.values()].reduce((s, t) => s + t.summary.fetched, 0);
    expect(rows).toBeGreaterThan(70_000);
  }, 900_000);
});
