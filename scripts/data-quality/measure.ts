/**
 * Data-quality shares on the real datasets in ../shared/data (issue 11): every file is
 * parsed and normalized as the import does, then counted per defect class. Used by the
 * `data-quality` npm script (prints the table for the README) and by the real-data
 * tests, which hold each figure to its floor.
 */
import { readFileSync } from 'node:fs';
import type { NormalizedJob } from '../../src/domain/job.ts';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { normalizePosting } from '../../src/ingest/normalize/index.ts';
import { MOJIBAKE } from '../../src/ingest/quality/field-scores.ts';
import { listDatasetFiles } from '../../src/ingest/sources/datasets.ts';

export interface Row {
  dataset: string;
  raw: RawPosting;
  job: NormalizedJob;
}

/** Every accepted row of every dataset, normalized with a fixed clock. */
export function normalizeAll(root: string, normalize = normalizePosting): Row[] {
  const rows: Row[] = [];
  const now = new Date('2026-11-23T00:00:00Z');
  for (const entry of listDatasetFiles(root)) {
    const result = entry.parse(readFileSync(entry.file, 'utf8'));
    for (const raw of result.postings) {
      const out = normalize(raw, { now });
      if (out.ok) rows.push({ dataset: entry.dataset.name, raw, job: out.job });
    }
  }
  return rows;
}

export interface Share {
  /** What is counted, in words. */
  name: string;
  hits: number;
  of: number;
}

// UTF-8 read as Windows-1252, or an entity reference left in plain text: one definition
// for these shares and the golden set's text field.
export { MOJIBAKE };

/** A place field that names a remote workplace ("Remote - US", "Home based - EMEA"). */
export const REMOTE_PLACE = /remote|anywhere|worldwide|home[- ]based/i;

/** The main location and every further one, as the remote rule reads them. */
export function allPlaces(r: Row): string {
  return [r.job.locationText, ...(r.raw.extraLocations ?? [])].join('; ');
}

const count = (rows: readonly Row[], pred: (r: Row) => boolean) => rows.filter(pred).length;

/** The figures the README's "Data quality" section reports, before and after. */
export function measure(rows: readonly Row[]): Share[] {
  const withType = rows.filter(
    (r) => typeof r.raw.employmentType === 'string' && r.raw.employmentType.trim(),
  );
  const distributed = rows.filter(
    (r) => /\bdistributed\b/i.test(r.job.title) && !REMOTE_PLACE.test(allPlaces(r)),
  );
  const salaryGiven = rows.filter(
    (r) => (r.raw.salaryText ?? '').trim() !== '' || (r.raw.salary && (r.raw.salary.min || r.raw.salary.max)),
  );
  const zeroBound = rows.filter(
    (r) =>
      (r.raw.salary?.min === 0 && (r.raw.salary.max ?? 0) > 0) ||
      /\$0\s*[-–]\s*\$?\d/.test(r.raw.salaryText ?? ''),
  );
  const withSalary = rows.filter((r) => r.job.salaryMinUsd !== null || r.job.salaryMaxUsd !== null);
  const mojibake = (r: Row) =>
    MOJIBAKE.test(r.job.title) || MOJIBAKE.test(r.job.companyName) || MOJIBAKE.test(r.job.descriptionText);
  const engineeringTrades = rows.filter((r) =>
    /\b(?:stationary|environmental|civil|mechanical|electrical|structural|chemical|process|manufacturing|facilities|hvac|geotechnical|traffic|transportation) engineer/i.test(
      r.job.title,
    ),
  );
  const compensationOrUxData = rows.filter((r) =>
    /\bcompensation (?:analyst|partner)|\bux data scien/i.test(r.job.title),
  );
  const clinical = rows.filter((r) =>
    /\b(?:clinical|hematolog|oncolog|pharmacovigilance|GxP)\b/i.test(r.job.descriptionText),
  );
  return [
    {
      name: 'employment type given but not understood',
      hits: count(withType, (r) => r.job.jobType === null),
      of: withType.length,
    },
    {
      name: '"Distributed…" titles (location not remote) marked remote',
      hits: count(distributed, (r) => r.job.remoteType === 'remote'),
      of: distributed.length,
    },
    {
      name: 'pay given (field or text) but no annual USD',
      hits: count(salaryGiven, (r) => r.job.salaryMinUsd === null && r.job.salaryMaxUsd === null),
      of: salaryGiven.length,
    },
    {
      name: 'pay with a 0 bound and no annual USD',
      hits: count(zeroBound, (r) => r.job.salaryMinUsd === null && r.job.salaryMaxUsd === null),
      of: zeroBound.length,
    },
    {
      name: 'salaries whose currency was inferred (country or source default)',
      hits: count(withSalary, (r) => r.job.salaryCurrencyInferred === true),
      of: withSalary.length,
    },
    {
      name: 'rows with a description amount refused as another role or funding',
      hits: count(rows, (r) =>
        (r.job.salaryRejects ?? []).some(
          (x) => x === 'about another role' || x === 'company funding or revenue',
        ),
      ),
      of: rows.length,
    },
    { name: 'rows with mojibake or double-escaped entities', hits: count(rows, mojibake), of: rows.length },
    {
      name: 'compensation / UX data-science titles in software-engineering or design',
      hits: count(
        compensationOrUxData,
        (r) => r.job.categorySlug === 'software-engineering' || r.job.categorySlug === 'design',
      ),
      of: compensationOrUxData.length,
    },
    {
      name: 'trades / civil engineering titles in software-engineering',
      hits: count(engineeringTrades, (r) => r.job.categorySlug === 'software-engineering'),
      of: engineeringTrades.length,
    },
    {
      name: 'clinical postings without a cloud stack given the skill "Google Cloud"',
      hits: count(
        clinical,
        (r) =>
          r.job.skills.includes('GCP') &&
          !r.job.skills.some((s) =>
            /^(?:AWS|Azure|Kubernetes|Docker|BigQuery|TypeScript|React|LLMs)$/.test(s),
          ),
      ),
      of: clinical.length,
    },
  ];
}

export function formatShares(shares: readonly Share[]): string {
  return shares
    .map((s) => `${s.name}: ${s.hits} / ${s.of} (${s.of ? ((100 * s.hits) / s.of).toFixed(1) : '0.0'} %)`)
    .join('\n');
}
