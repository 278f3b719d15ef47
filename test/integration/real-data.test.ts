import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOneOf, ATS_PLATFORMS } from '../../src/domain/enums.ts';
import { runIngest, type IngestSummary } from '../../src/ingest/pipeline.ts';
import { DATASETS, listDatasetFiles } from '../../src/ingest/sources/datasets.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Every real dataset in ../shared/data (SOURCES.md) through parse → normalize →
 * dedupe → store on a real database. The data is read in place, never copied. It
 * is absent on machines without the shared folder; the suite says so and skips.
 */
const DATA = resolve(process.cwd(), '../shared/data');
const present = existsSync(DATA);
const REPORT = resolve(process.cwd(), `.data/real-data-report-${TEST_DB}.txt`);

interface FileReport {
  dataset: string;
  file: string;
  rows: number;
  accepted: number;
  rejected: number;
  reasons: Record<string, number>;
  merged: number;
  salaries: number;
  remote: Record<string, number>;
}

let services: Services;
const reports: FileReport[] = [];

beforeAll(async () => {
  if (present) services = await createTestServices();
});
afterAll(() => services?.close());

function add(target: Record<string, number>, source: Record<string, number>) {
  for (const [k, v] of Object.entries(source)) target[k] = (target[k] ?? 0) + v;
}

describe.skipIf(!present)(`real datasets from ../shared/data (${TEST_DB})`, () => {
  it('ingests every file and accepts at least 99% of ATS rows', async () => {
    for (const entry of listDatasetFiles(DATA)) {
      const parsed = entry.parse(readFileSync(entry.file, 'utf8'));
      const report: FileReport = {
        dataset: entry.dataset.name,
        file: entry.relativePath,
        rows: parsed.postings.length + parsed.rejected.length,
        accepted: 0,
        rejected: parsed.rejected.length,
        reasons: {},
        merged: 0,
        salaries: 0,
        remote: {},
      };
      for (const r of parsed.rejected) report.reasons[r.reason] = (report.reasons[r.reason] ?? 0) + 1;
      // One pipeline run per board: a flattened file holds many boards.
      for (const postings of Map.groupBy(parsed.postings, (p) => `${p.source}:${p.board}`).values()) {
        const { source, board } = postings[0]!;
        if (!isOneOf(ATS_PLATFORMS, source)) throw new Error(`unknown source ${source}`);
        // Not complete: dataset snapshots overlap (one board in two datasets) and must not close each other's jobs.
        const s: IngestSummary = await runIngest(services, {
          platform: source,
          board,
          postings,
          complete: false,
        });
        report.accepted += s.new + s.updated + s.unchanged + s.merged;
        report.rejected += s.rejected;
        report.merged += s.merged;
        report.salaries += s.salaries;
        add(report.reasons, s.rejectedReasons);
        add(report.remote, s.remoteTypes);
      }
      reports.push(report);
    }
    printReport();
    for (const dataset of DATASETS.filter((d) => d.kind === 'ats')) {
      const files = reports.filter((r) => r.dataset === dataset.name);
      const rows = files.reduce((s, r) => s + r.rows, 0);
      const accepted = files.reduce((s, r) => s + r.accepted, 0);
      expect(rows, dataset.name).toBeGreaterThan(0);
      expect(accepted / rows, `${dataset.name} acceptance`).toBeGreaterThanOrEqual(0.99);
    }
    const total = reports.reduce((s, r) => s + r.rows, 0);
    expect(total).toBeGreaterThan(70_000);
  }, 900_000);
});

function printReport() {
  const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
  const lines = [
    'dataset | file | rows | accepted | rejected (reasons) | merged | salaries | remote/hybrid/onsite/unknown',
  ];
  const perDataset = new Map<string, FileReport>();
  for (const r of reports) {
    lines.push(
      `${r.dataset} | ${r.file} | ${r.rows} | ${r.accepted} | ${r.rejected} ${JSON.stringify(r.reasons)} | ${r.merged} | ${r.salaries} | ${['remote', 'hybrid', 'onsite', 'unknown'].map((k) => r.remote[k] ?? 0).join('/')}`,
    );
    const d = perDataset.get(r.dataset) ?? {
      ...r,
      file: '*',
      rows: 0,
      accepted: 0,
      rejected: 0,
      reasons: {},
      merged: 0,
      salaries: 0,
      remote: {},
    };
    d.rows += r.rows;
    d.accepted += r.accepted;
    d.rejected += r.rejected;
    d.merged += r.merged;
    d.salaries += r.salaries;
    add(d.reasons, r.reasons);
    add(d.remote, r.remote);
    perDataset.set(r.dataset, d);
  }
  mkdirSync(dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${lines.join('\n')}\n`);
  const table = [...perDataset.values()].map((d) => ({
    dataset: d.dataset,
    rows: d.rows,
    accepted: pct(d.accepted, d.rows),
    rejected: d.rejected,
    top_reasons: Object.entries(d.reasons)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2)
      .map(([k, v]) => `${v}× ${k}`)
      .join('; '),
    merged: d.merged,
    salaries: d.salaries,
    'remote/hybrid/onsite/unknown': ['remote', 'hybrid', 'onsite', 'unknown']
      .map((k) => d.remote[k] ?? 0)
      .join('/'),
  }));
  console.log(`Real data (${TEST_DB}); per-file report: ${REPORT}`);
  console.table(table);
}
