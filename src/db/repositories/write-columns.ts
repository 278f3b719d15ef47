import { categoryBySlug } from '../../domain/categories.ts';
import { dedupKeysOf } from '../../domain/dedup-keys.ts';
import { pointsBox, type PointsBox } from '../../domain/geo.ts';
import { stableUuid } from '../../domain/ids.ts';
import type { NormalizedJob } from '../../domain/job.ts';
import { fold, searchVectorBinary, tsvectorBinaryToText } from '../../domain/search-text.ts';
import { BinaryCopyWriter } from '../copy-binary.ts';

/**
 * The columns JobWriter stores of a job and of a source posting, each once: its
 * PostgreSQL type and how its value comes from a posting. Both ways of sending rows
 * are made from these lists, so they cannot drift apart:
 * - a JSON batch for `jsonb_to_recordset` (upserts; PGlite), and
 * - binary COPY rows (new rows on PostgreSQL).
 */

export type ColumnType =
  'uuid' | 'text' | 'jsonb' | 'text[]' | 'float8' | 'int4' | 'bool' | 'timestamptz' | 'tsvector' | 'box';

export interface Column<Row> {
  name: string;
  type: ColumnType;
  /**
   * The value: a Date for timestamps, the binary form (Uint8Array) for a tsvector, the
   * corners [x1, y1, x2, y2] for a box.
   */
  value: (row: Row) => unknown;
}

/** What a job or posting row is made from. */
export interface PostingRow {
  jobId: string;
  job: NormalizedJob;
  seenAt: Date;
  /** searchVectorBinary of the job when built already (in a worker thread). */
  searchVector?: Uint8Array;
  /** The job's company row (job rows only). */
  companyId?: string;
}

/** Folded city names of the posting's places, for the any-of city filter. */
const cityKeys = (j: NormalizedJob) => [
  ...new Set(j.places.map((p) => p.city && fold(p.city)).filter((c): c is string => !!c)),
];

/** ISO codes of the posting's places, for the any-of country filter. */
const countryCodes = (j: NormalizedJob) => [
  ...new Set(j.places.map((p) => p.countryCode).filter((c): c is string => !!c)),
];

/** The posting's own salary, in the job's column names; null when it names none. */
function salaryOf(j: NormalizedJob): Record<string, string | number | boolean | null> | null {
  if (j.salaryMin === null && j.salaryMax === null && j.salaryText === null) return null;
  return {
    salary_min: j.salaryMin,
    salary_max: j.salaryMax,
    salary_currency: j.salaryCurrency,
    salary_currency_inferred: j.salaryCurrencyInferred ?? null,
    salary_period: j.salaryPeriod,
    salary_text: j.salaryText,
    salary_min_usd: j.salaryMinUsd,
    salary_max_usd: j.salaryMaxUsd,
  };
}

const round = (n: number | null) => (n === null ? null : Math.round(n));

export const postingId = (r: PostingRow) =>
  stableUuid('posting', r.job.source, r.job.board, r.job.externalId);

export const JOB_COLUMNS: Column<PostingRow>[] = [
  { name: 'id', type: 'uuid', value: (r) => r.jobId },
  { name: 'title', type: 'text', value: (r) => r.job.title },
  { name: 'normalized_title', type: 'text', value: (r) => r.job.normalizedTitle },
  { name: 'company_id', type: 'uuid', value: (r) => r.companyId },
  { name: 'description_html', type: 'text', value: (r) => r.job.descriptionHtml },
  { name: 'description_text', type: 'text', value: (r) => r.job.descriptionText },
  { name: 'location_text', type: 'text', value: (r) => r.job.locationText },
  { name: 'city', type: 'text', value: (r) => r.job.city },
  { name: 'region', type: 'text', value: (r) => r.job.region },
  { name: 'country_code', type: 'text', value: (r) => r.job.countryCode },
  { name: 'places', type: 'jsonb', value: (r) => r.job.places },
  // The near filter's indexed pre-check (Migration20261126200000): made here, not by a
  // function of the places in SQL for every row written.
  { name: 'geo_box', type: 'box', value: (r) => pointsBox(r.job.places) },
  { name: 'city_keys', type: 'text[]', value: (r) => cityKeys(r.job) },
  { name: 'country_codes', type: 'text[]', value: (r) => countryCodes(r.job) },
  { name: 'remote_type', type: 'text', value: (r) => r.job.remoteType },
  { name: 'job_type', type: 'text', value: (r) => r.job.jobType },
  { name: 'seniority', type: 'text', value: (r) => r.job.seniority },
  {
    name: 'category_id',
    type: 'uuid',
    value: (r) => (r.job.categorySlug ? (categoryBySlug(r.job.categorySlug)?.id ?? null) : null),
  },
  { name: 'department', type: 'text', value: (r) => r.job.department },
  { name: 'skills', type: 'text[]', value: (r) => r.job.skills },
  // Distinct, as cities and countries: a facet counts jobs, and "React" and "react" are one key.
  { name: 'skill_keys', type: 'text[]', value: (r) => [...new Set(r.job.skills.map((s) => fold(s)))] },
  { name: 'salary_min', type: 'float8', value: (r) => r.job.salaryMin },
  { name: 'salary_max', type: 'float8', value: (r) => r.job.salaryMax },
  { name: 'salary_currency', type: 'text', value: (r) => r.job.salaryCurrency },
  {
    name: 'salary_currency_inferred',
    type: 'bool',
    value: (r) => r.job.salaryCurrencyInferred ?? null,
  },
  { name: 'salary_period', type: 'text', value: (r) => r.job.salaryPeriod },
  { name: 'salary_min_usd', type: 'int4', value: (r) => round(r.job.salaryMinUsd) },
  { name: 'salary_max_usd', type: 'int4', value: (r) => round(r.job.salaryMaxUsd) },
  { name: 'salary_text', type: 'text', value: (r) => r.job.salaryText },
  { name: 'ats_platform', type: 'text', value: (r) => r.job.atsPlatform },
  { name: 'source', type: 'text', value: (r) => r.job.source },
  { name: 'listing_url', type: 'text', value: (r) => r.job.listingUrl },
  { name: 'apply_url', type: 'text', value: (r) => r.job.applyUrl },
  { name: 'visa_sponsorship', type: 'bool', value: (r) => r.job.visaSponsorship },
  { name: 'posted_at', type: 'timestamptz', value: (r) => r.job.postedAt ?? r.seenAt },
  { name: 'posted_at_source', type: 'text', value: (r) => (r.job.postedAt ? 'source' : 'first_seen') },
  { name: 'first_seen_at', type: 'timestamptz', value: (r) => r.seenAt },
  { name: 'updated_at', type: 'timestamptz', value: (r) => r.job.sourceUpdatedAt ?? r.seenAt },
  { name: 'closed_at', type: 'timestamptz', value: (r) => (r.job.status === 'open' ? null : r.seenAt) },
  { name: 'status', type: 'text', value: (r) => r.job.status },
  { name: 'dedup_keys', type: 'text[]', value: (r) => dedupKeysOf(r.job) },
  {
    name: 'search_vector',
    type: 'tsvector',
    value: (r) => r.searchVector ?? searchVectorBinary(r.job.title, r.job.companyName, r.job.descriptionText),
  },
];

export const POSTING_COLUMNS: Column<PostingRow>[] = [
  { name: 'id', type: 'uuid', value: postingId },
  { name: 'platform', type: 'text', value: (r) => r.job.source },
  { name: 'board', type: 'text', value: (r) => r.job.board },
  { name: 'external_id', type: 'text', value: (r) => r.job.externalId },
  { name: 'job_id', type: 'uuid', value: (r) => r.jobId },
  { name: 'url', type: 'text', value: (r) => r.job.listingUrl },
  { name: 'payload_hash', type: 'text', value: (r) => r.job.payloadHash },
  { name: 'first_seen_at', type: 'timestamptz', value: (r) => r.seenAt },
  { name: 'last_seen_at', type: 'timestamptz', value: (r) => r.seenAt },
  { name: 'closed_at', type: 'timestamptz', value: (r) => (r.job.status === 'open' ? null : r.seenAt) },
  { name: 'status', type: 'text', value: (r) => r.job.status },
  { name: 'expires_at', type: 'timestamptz', value: (r) => r.job.expiresAt },
  { name: 'places', type: 'jsonb', value: (r) => r.job.places },
  { name: 'city_keys', type: 'text[]', value: (r) => cityKeys(r.job) },
  { name: 'country_codes', type: 'text[]', value: (r) => countryCodes(r.job) },
  { name: 'salary', type: 'jsonb', value: (r) => salaryOf(r.job) },
  { name: 'source_updated_at', type: 'timestamptz', value: (r) => r.job.sourceUpdatedAt },
];

/**
 * A box in its text form, "(x1,y1),(x2,y2)"; JSON numbers print the shortest form that
 * reads back as the same double, as the binary form sends it.
 */
const boxText = ([x1, y1, x2, y2]: PointsBox) => `(${x1},${y1}),(${x2},${y2})`;

/** "a, b, c": the column list of an insert or a COPY. */
export function columnNames<Row>(columns: Column<Row>[]): string {
  return columns.map((c) => c.name).join(', ');
}

/** "a uuid, b text, …": the record definition `jsonb_to_recordset` reads a JSON batch with. */
export function recordDefinition<Row>(columns: Column<Row>[]): string {
  return columns.map((c) => `${c.name} ${c.type}`).join(', ');
}

/** One row of a JSON batch: timestamps as ISO text, the tsvector in its text form. */
export function jsonRow<Row>(columns: Column<Row>[], row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    const v = c.value(row);
    out[c.name] =
      v instanceof Date
        ? v.toISOString()
        : c.type === 'tsvector'
          ? tsvectorBinaryToText(v as Uint8Array)
          : c.type === 'box' && v
            ? boxText(v as PointsBox)
            : v;
  }
  return out;
}

/** The rows in binary COPY format (`COPY … (columnNames) FROM STDIN (FORMAT binary)`). */
export function binaryCopyRows<Row>(columns: Column<Row>[], rows: Iterable<Row>, sizeHint: number): Buffer {
  const out = new BinaryCopyWriter(sizeHint);
  for (const row of rows) {
    out.row(columns.length);
    for (const c of columns) {
      const v = c.value(row) as never;
      switch (c.type) {
        case 'uuid':
          out.uuid(v);
          break;
        case 'text':
          out.text(v);
          break;
        case 'jsonb':
          out.jsonb(v);
          break;
        case 'text[]':
          out.textArray(v);
          break;
        case 'float8':
          out.float8(v);
          break;
        case 'int4':
          out.int4(v);
          break;
        case 'bool':
          out.bool(v);
          break;
        case 'timestamptz':
          out.timestamptz(v);
          break;
        case 'tsvector':
          out.binary(v);
          break;
        case 'box':
          out.box(v);
          break;
      }
    }
  }
  return out.finish();
}
