/**
 * Finds the golden set's raw rows in the shared data folder through the import's own
 * code: the dataset list and parsers (sources/datasets.ts), two copies of one id in one
 * file combined as the pipeline combines them (combine-copies.ts), then the real
 * normalization. What the report measures is therefore what an import would store.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { NormalizedJob } from '../../domain/job.ts';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { combineCopies } from '../combine-copies.ts';
import { externalIdKey, normalizePosting } from '../normalize/index.ts';
import { DATASETS, listDatasetFiles } from '../sources/datasets.ts';
import { refKey, type RowRef } from './golden-set.ts';

/** The clock the golden set is normalized with, so dates never decide a figure. */
export const GOLDEN_CLOCK = new Date('2026-11-23T00:00:00Z');

export interface GoldenRow {
  ref: RowRef;
  raw: RawPosting;
  /** Null when normalization refused the row; `reason` says why. */
  job: NormalizedJob | null;
  reason?: string;
}

/** Why the golden rows cannot be read at all (the data folder, a dataset folder). */
export class SharedDataMissingError extends Error {}

/**
 * Every referenced row, normalized, keyed by `refKey`. Throws SharedDataMissingError when
 * the folder or a referenced dataset folder is missing; a row that is not in its file
 * is listed in `missing`.
 */
export function loadGoldenRows(
  root: string,
  refs: readonly RowRef[],
): { rows: Map<string, GoldenRow>; missing: RowRef[] } {
  if (!existsSync(root)) {
    throw new SharedDataMissingError(
      `${root} is missing: the golden set reads its rows from the shared datasets (see ../shared/data/SOURCES.md)`,
    );
  }
  const wanted = new Map<string, RowRef[]>();
  for (const ref of refs) {
    const key = `${ref.dataset}/${ref.file}`;
    wanted.set(key, [...(wanted.get(key) ?? []), ref]);
  }
  const datasets = DATASETS.filter((d) => refs.some((r) => r.dataset === d.name));
  for (const name of new Set(refs.map((r) => r.dataset))) {
    if (!datasets.some((d) => d.name === name))
      throw new Error(`golden set names an unknown dataset: ${name}`);
    if (!existsSync(`${root}/${name}`)) throw new SharedDataMissingError(`${root}/${name} is missing`);
  }
  const rows = new Map<string, GoldenRow>();
  for (const entry of listDatasetFiles(root, datasets)) {
    const mine = wanted.get(`${entry.dataset.name}/${entry.relativePath}`);
    if (!mine) continue;
    const byId = copiesById(entry.parse(readFileSync(entry.file, 'utf8')).postings);
    for (const ref of mine) {
      const raw = byId.get(externalIdKey(ref.id));
      if (!raw) continue;
      const out = normalizePosting(raw, { now: GOLDEN_CLOCK });
      rows.set(
        refKey(ref),
        out.ok ? { ref, raw, job: out.job } : { ref, raw, job: null, reason: out.reason },
      );
    }
  }
  return { rows, missing: refs.filter((r) => !rows.has(refKey(r))) };
}

/** One posting per id, copies combined in feed order as the pipeline does. */
function copiesById(postings: readonly RawPosting[]): Map<string, RawPosting> {
  const byId = new Map<string, RawPosting>();
  for (const raw of postings) {
    if (typeof raw?.externalId !== 'string') continue;
    const id = externalIdKey(raw.externalId);
    const earlier = byId.get(id);
    byId.set(id, earlier ? combineCopies(earlier, raw, GOLDEN_CLOCK) : raw);
  }
  return byId;
}
