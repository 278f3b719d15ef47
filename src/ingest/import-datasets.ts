import { readFileSync } from 'node:fs';
import type { IngestDeps, IngestSummary } from './pipeline.ts';
import { ingestParsed } from './ingest-parsed.ts';
import { listDatasetFiles, type DatasetDescriptor } from './sources/datasets.ts';

export interface DatasetFileReport {
  dataset: DatasetDescriptor;
  file: string;
  summary: IngestSummary;
}

/**
 * Ingests every known dataset under `root` (the shared data folder), file by file.
 * Nothing closes: the snapshots overlap (one Greenhouse board in two datasets) and
 * none is a board's current full listing.
 */
export async function ingestDatasets(
  deps: IngestDeps,
  root: string,
  onFile?: (report: DatasetFileReport) => void,
): Promise<DatasetFileReport[]> {
  const reports: DatasetFileReport[] = [];
  for (const entry of listDatasetFiles(root)) {
    const parsed = entry.parse(readFileSync(entry.file, 'utf8'));
    const summary = await ingestParsed(deps, parsed, { complete: false });
    const report = { dataset: entry.dataset, file: entry.relativePath, summary };
    reports.push(report);
    onFile?.(report);
  }
  return reports;
}
