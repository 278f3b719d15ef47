import { readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { join, posix } from 'node:path';
import { createAshbySource } from './ashby.source.ts';
import { parseFeashliaaGreenhouse, parseLinkedinCa2018 } from './dataset-mappings.ts';
import { createGenericSource } from './generic.source.ts';
import { glassdoorCsvMapping, simplifyJsonMapping } from './generic-mappings.ts';
import { createGreenhouseSource } from './greenhouse.source.ts';
import { HN_BOARD, parseHnWhoIsHiring } from './hn-whoishiring.source.ts';
import type { ParseResult } from './source.ts';

/**
 * The public job datasets kept in ../shared/data (one folder each, see SOURCES.md there)
 * and how to import every file of them. Parsing is pure (body in, ParseResult out);
 * `listDatasetFiles` only lists directories — reading the files is the caller's job.
 */

/** Parses one file's text; `fileName` is the path relative to the dataset folder. */
export type DatasetParse = (body: string, fileName: string) => ParseResult;

export interface DatasetDescriptor {
  /** Stable name, also the folder name under the data root. */
  name: string;
  /** Folder relative to the data root. */
  folder: string;
  /** Files relative to `folder`, as `dir/*.ext` patterns (one `*`, in the file name only). */
  files: readonly string[];
  /** Kind of data, for reports: raw ATS responses, curated lists, scrapes, free text. */
  kind: 'ats' | 'curated' | 'scrape' | 'free-text';
  parse: DatasetParse;
}

export interface DatasetFile {
  dataset: DatasetDescriptor;
  /** Absolute (or root-relative, as given) path of the file. */
  file: string;
  /** Path relative to the dataset folder, e.g. "data/airbnb.json". */
  relativePath: string;
  /** `dataset.parse` bound to this file's name. */
  parse: (body: string) => ParseResult;
}

/** "data_full/twilio.json" → "twilio"; "companies/cytora.com.json" → "cytora.com". */
export function boardFromFileName(fileName: string): string {
  return posix.basename(fileName.replace(/\\/g, '/')).replace(/\.json$/i, '');
}

const greenhouse = createGreenhouseSource();
const ashby = createAshbySource();
// Inactive listings are kept, as closed postings: the dataset report counts every row.
const simplify = createGenericSource({ mapping: simplifyJsonMapping, format: 'json' });
const glassdoor = createGenericSource({ mapping: glassdoorCsvMapping, format: 'csv' });

export const DATASETS: readonly DatasetDescriptor[] = [
  {
    name: 'greenhouse-techjobshub',
    folder: 'greenhouse-techjobshub',
    files: ['data/*.json', 'data_full/*.json'],
    kind: 'ats',
    parse: (body, fileName) => greenhouse.parse(body, boardFromFileName(fileName)),
  },
  {
    name: 'ashby-stapply',
    folder: 'ashby-stapply',
    files: ['companies/*.json'],
    kind: 'ats',
    parse: (body, fileName) => ashby.parse(body, boardFromFileName(fileName)),
  },
  {
    name: 'greenhouse-feashliaa',
    folder: 'greenhouse-feashliaa',
    files: ['*.json'],
    kind: 'ats',
    // Board per row (company_slug), source 'greenhouse'.
    parse: (body, fileName) => parseFeashliaaGreenhouse(body, fileName),
  },
  {
    name: 'simplify-summer2025',
    folder: 'simplify-summer2025',
    files: ['listings.json'],
    kind: 'curated',
    parse: (body) => simplify.parse(body, 'simplify-summer2025'),
  },
  {
    name: 'simplify-newgrad',
    folder: 'simplify-newgrad',
    files: ['listings.json'],
    kind: 'curated',
    parse: (body) => simplify.parse(body, 'simplify-newgrad'),
  },
  {
    name: 'glassdoor-ds-salary',
    folder: 'glassdoor-ds-salary',
    files: ['*.csv'],
    kind: 'scrape',
    parse: (body, fileName) => glassdoor.parse(body, posix.basename(fileName)),
  },
  {
    name: 'linkedin-ca-2018',
    folder: 'linkedin-ca-2018',
    files: ['*.csv'],
    kind: 'scrape',
    parse: (body, fileName) => parseLinkedinCa2018(body, posix.basename(fileName)),
  },
  {
    name: 'hn-whoishiring',
    folder: 'hn-whoishiring',
    files: ['runs/*/raw.json'],
    kind: 'free-text',
    // One board for all runs: re-fetched threads repeat HN ids, which must dedupe.
    parse: (body) => parseHnWhoIsHiring(body, HN_BOARD),
  },
];

export function findDataset(name: string): DatasetDescriptor | undefined {
  return DATASETS.find((d) => d.name === name);
}

/**
 * Every importable file under `root` (the shared data folder), dataset by dataset, in
 * sorted order. Missing folders are skipped, so a partial copy of the data still lists.
 */
export function listDatasetFiles(
  root: string,
  datasets: readonly DatasetDescriptor[] = DATASETS,
): DatasetFile[] {
  const out: DatasetFile[] = [];
  for (const dataset of datasets) {
    const seen = new Set<string>();
    for (const pattern of dataset.files) {
      for (const relativePath of expandPattern(join(root, dataset.folder), pattern)) {
        if (seen.has(relativePath)) continue;
        seen.add(relativePath);
        const file = join(root, dataset.folder, relativePath);
        out.push({ dataset, file, relativePath, parse: (body) => dataset.parse(body, relativePath) });
      }
    }
  }
  return out;
}

/** Matches `a/*\/b.json`-style patterns segment by segment; `*` matches within one name. */
function expandPattern(base: string, pattern: string): string[] {
  let matches = [''];
  const parts = pattern.split('/');
  parts.forEach((part, i) => {
    const wantDir = i < parts.length - 1;
    const re = new RegExp(`^${part.split('*').map(escapeRegExp).join('[^/]*')}$`);
    const next: string[] = [];
    for (const prefix of matches) {
      for (const entry of readDir(join(base, prefix))) {
        if (!re.test(entry.name) || entry.isDirectory() !== wantDir) continue;
        next.push(prefix === '' ? entry.name : `${prefix}/${entry.name}`);
      }
    }
    matches = next;
  });
  return matches.sort();
}

function readDir(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
