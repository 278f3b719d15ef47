import type {
  IndexCompanyRow,
  IndexJobRow,
  IndexMembershipRow,
} from '../db/repositories/search-index.repository.ts';
import { Bitmap, KeyedBitmapsBuilder, type Postings } from './bitmap.ts';
import { docIdsOf } from './doc-ids.ts';
import { FacetCodes } from './facet-codes.ts';
import { geoCellKey, isOnGlobe, packGeoPoints, type GeoPoints } from './geo-index.ts';
import {
  FACET_VALUE_FIELDS,
  VALUE_FIELDS,
  type IndexData,
  type MatchData,
  type ValueField,
} from './index-data.ts';
import { NumberBuckets } from './number-buckets.ts';
import { RankedOrder } from './ranked-order.ts';
import { docsById, firstSeenOrderDocs, salaryOrderDocs } from './doc-order.ts';
import { TermIndex, TEXT_FIELDS, type TextField } from './term-index.ts';
import { TimeSlices } from './time-slices.ts';
import { ValueIndex } from './value-index.ts';

/** Salary buckets: 10k USD wide, so the facet bands (multiples of 50k) are whole buckets. */
const SALARY_BUCKET = 10_000;
/** The salary facet's bands (facets-spec.md), over coalesce(max, min). */
export const SALARY_BANDS = [
  { value: '0-50000', from: 0, to: 50_000 },
  { value: '50000-100000', from: 50_000, to: 100_000 },
  { value: '100000-150000', from: 100_000, to: 150_000 },
  { value: '150000-200000', from: 150_000, to: 200_000 },
  { value: '200000+', from: 200_000, to: 1e15 },
] as const;

/**
 * Collects the rows of a snapshot into an index: first the doc order (every job id in
 * (posted_at, id) order), then companies, jobs and memberships in any order.
 */
export class JobIndexBuilder {
  private readonly docOf = new Map<string, number>();
  private readonly ids: string[];
  private readonly postedUs: Float64Array;
  private readonly firstSeenUs: Float64Array;
  private readonly salaryHigh: Float64Array;
  private readonly salaryLow: Float64Array;
  private readonly hasSalaryMin: number[] = [];
  /** doc → its coordinates as flat (lat, lon) pairs. */
  private readonly points: (number[] | undefined)[];
  private readonly values = Object.fromEntries(
    VALUE_FIELDS.map((f) => [f, new KeyedBitmapsBuilder()]),
  ) as Record<ValueField, KeyedBitmapsBuilder>;
  private readonly words = Object.fromEntries(
    TEXT_FIELDS.map((f) => [f, new KeyedBitmapsBuilder()]),
  ) as Record<TextField, KeyedBitmapsBuilder>;
  private readonly companiesByName = new Map<string, string[]>();

  /** @param orderedIds every job id, in (posted_at, id) order. */
  constructor(orderedIds: string[]) {
    this.ids = orderedIds;
    orderedIds.forEach((id, doc) => this.docOf.set(id, doc));
    const n = orderedIds.length;
    this.postedUs = new Float64Array(n);
    this.firstSeenUs = new Float64Array(n);
    this.salaryHigh = new Float64Array(n).fill(NaN);
    this.salaryLow = new Float64Array(n).fill(NaN);
    this.points = new Array<number[] | undefined>(n);
  }

  addCompanies(rows: IndexCompanyRow[]): void {
    for (const c of rows)
      for (const key of new Set([c.nameKey, c.normalizedName])) {
        const list = this.companiesByName.get(key);
        if (list) list.push(c.id);
        else this.companiesByName.set(key, [c.id]);
      }
  }

  addJobs(rows: IndexJobRow[]): void {
    for (const row of rows) {
      const doc = this.docOf.get(row.id);
      // A job stored after the order was read (not in this snapshot): the next change adds it.
      if (doc === undefined) continue;
      this.addJob(doc, row);
    }
  }

  addMemberships(rows: IndexMembershipRow[]): void {
    for (const m of rows) {
      const doc = this.docOf.get(m.jobId);
      if (doc !== undefined) this.values.organization.add(m.organizationId, doc);
    }
  }

  private addJob(doc: number, row: IndexJobRow): void {
    const v = this.values;
    v.status.add(row.status, doc);
    v.remoteType.add(row.remoteType, doc);
    if (row.jobType !== null) v.jobType.add(row.jobType, doc);
    if (row.seniority !== null) v.seniority.add(row.seniority, doc);
    if (row.categoryId !== null) v.category.add(row.categoryId, doc);
    v.company.add(row.companyId, doc);
    for (const c of new Set(row.countryCodes)) v.country.add(c, doc);
    for (const c of new Set(row.cityKeys)) v.city.add(c, doc);
    for (const s of new Set(row.skillKeys)) v.skill.add(s, doc);
    v.atsPlatform.add(row.atsPlatform, doc);
    v.source.add(row.source, doc);
    if (row.departmentKey !== null) v.department.add(row.departmentKey, doc);
    if (row.visaSponsorship !== null) v.visaSponsorship.add(String(row.visaSponsorship), doc);
    // Points off the globe (no gazetteer city has one) are left out, as the SQL path's box leaves them.
    const points: number[] = [];
    for (let i = 0; i < row.points.length; i += 2)
      if (isOnGlobe(row.points[i]!, row.points[i + 1]!)) points.push(row.points[i]!, row.points[i + 1]!);
    if (points.length) {
      this.points[doc] = points;
      const cells = new Set<string>();
      for (let i = 0; i < points.length; i += 2) cells.add(geoCellKey(points[i]!, points[i + 1]!));
      for (const c of cells) v.geoCell.add(c, doc);
    }
    this.postedUs[doc] = row.postedUs;
    this.firstSeenUs[doc] = row.firstSeenUs;
    this.salaryHigh[doc] = row.salaryMaxUsd ?? row.salaryMinUsd ?? NaN;
    this.salaryLow[doc] = row.salaryMinUsd ?? row.salaryMaxUsd ?? NaN;
    if (row.salaryMinUsd !== null) this.hasSalaryMin.push(doc);
    for (const w of row.titleWords) this.words.title.add(w, doc);
    for (const w of row.companyWords) this.words.company.add(w, doc);
    for (const w of row.descriptionWords) this.words.description.add(w, doc);
  }

  /**
   * As finish, giving the event loop a turn between slices (a live gateway serves
   * meanwhile): every build of a serving gateway but the catch-up's fresh segment.
   */
  async finishGradually(slices = new TimeSlices()): Promise<IndexParts> {
    const words = {} as Record<TextField, Map<string, Postings>>;
    for (const f of TEXT_FIELDS) words[f] = await this.words[f].finishGradually(slices, true);
    const values = {} as Record<ValueField, Map<string, Bitmap>>;
    for (const f of VALUE_FIELDS) values[f] = await this.values[f].finishGradually(slices);
    return this.parts(words, values);
  }

  /**
   * The collected parts, plain (what a snapshot stores); `assembleIndexData` makes the
   * index. A word of few jobs is a doc array, not a native bitmap (bitmap.ts Postings);
   * values stay bitmaps (few per field, and facet counts read them).
   */
  finish(): IndexParts {
    return this.parts(
      Object.fromEntries(TEXT_FIELDS.map((f) => [f, this.words[f].finishPostings()])) as Record<
        TextField,
        Map<string, Postings>
      >,
      Object.fromEntries(VALUE_FIELDS.map((f) => [f, this.values[f].finish()])) as Record<
        ValueField,
        Map<string, Bitmap>
      >,
    );
  }

  private parts(
    words: Record<TextField, Map<string, Postings>>,
    values: Record<ValueField, Map<string, Bitmap>>,
  ): IndexParts {
    const parts: IndexParts = {
      ids: this.ids,
      postedUs: this.postedUs,
      firstSeenUs: this.firstSeenUs,
      salaryHigh: this.salaryHigh,
      salaryLow: this.salaryLow,
      hasSalaryMin: new Bitmap(this.hasSalaryMin),
      geo: packGeoPoints(this.points),
      words,
      values,
      companiesByName: this.companiesByName,
    };
    this.docOf.clear();
    return parts;
  }
}

/**
 * What the index is made of before its derived structures (sorted words, salary buckets,
 * orders): what `JobIndexBuilder` collects from the database and a snapshot file holds.
 * Jobs are doc numbers in (posted_at, id) order, as in `IndexData`.
 */
export interface IndexParts {
  /** doc → job id. */
  ids: string[];
  /** doc → posted_at in µs since the epoch (ascending). */
  postedUs: Float64Array;
  /** doc → first_seen_at in µs since the epoch. */
  firstSeenUs: Float64Array;
  /** doc → coalesce(salary_max_usd, salary_min_usd), NaN when null. */
  salaryHigh: Float64Array;
  /** doc → coalesce(salary_min_usd, salary_max_usd), NaN when null. */
  salaryLow: Float64Array;
  /** Jobs with salary_min_usd. */
  hasSalaryMin: Bitmap;
  /** Each job's coordinates (its places with both), in compressed-row form. */
  geo: GeoPoints;
  /** Per text field: word → jobs. */
  words: Record<TextField, Map<string, Postings>>;
  /** Per value field: value → jobs. */
  values: Record<ValueField, Map<string, Bitmap>>;
  /** lower(unaccent(name)) and normalized name → company ids. */
  companiesByName: Map<string, string[]>;
}

/**
 * As assembleIndexData, with a turn of the event loop between its steps: each of the
 * orders is one sort of every job (about a second at 1M), the longest piece left.
 */
export async function assembleIndexDataGradually(parts: IndexParts): Promise<IndexData> {
  const slices = new TimeSlices(0);
  const steps = assemblySteps(parts);
  const built: Partial<Record<keyof IndexData, unknown>> = {};
  for (const [name, make] of steps) {
    await slices.turn();
    built[name] = make();
  }
  return built as IndexData;
}

/** The index over its parts (the bitmaps are taken over, not copied). */
export function assembleIndexData(parts: IndexParts): IndexData {
  return Object.fromEntries(
    assemblySteps(parts).map(([name, make]) => [name, make()]),
  ) as unknown as IndexData;
}

/**
 * Only what a filter's plan reads (MatchData): the shared event reader's small page indexes,
 * built several times a second while jobs are ingested. Value fields are not inverted for
 * counting (nothing counts facets on a page).
 */
export function assembleMatchData(parts: IndexParts): MatchData {
  const n = parts.ids.length;
  return {
    docCount: n,
    postedUs: parts.postedUs,
    all: Bitmap.fromRange(0, n),
    terms: new TermIndex(parts.words),
    values: Object.fromEntries(
      VALUE_FIELDS.map((f) => [f, new ValueIndex(parts.values[f], n, false)]),
    ) as Record<ValueField, ValueIndex>,
    geo: parts.geo,
    hasSalaryMin: parts.hasSalaryMin,
    salaryHigh: new NumberBuckets(parts.salaryHigh, SALARY_BUCKET),
    salaryLow: new NumberBuckets(parts.salaryLow, SALARY_BUCKET),
    companiesByName: parts.companiesByName,
  };
}

/** The index's fields and how to make each, in an order where each needs only earlier ones. */
function assemblySteps(parts: IndexParts): Array<[keyof IndexData, () => unknown]> {
  const n = parts.ids.length;
  const ids = parts.ids;
  const salaryHigh = new NumberBuckets(parts.salaryHigh, SALARY_BUCKET);
  const high = parts.salaryHigh;
  const firstSeen = parts.firstSeenUs;
  let values!: Record<ValueField, ValueIndex>;
  let bands!: IndexData['salaryBands'];
  let byId!: Uint32Array;
  return [
    ['docCount', () => n],
    ['ids', () => docIdsOf(ids)],
    ['postedUs', () => parts.postedUs],
    ['firstSeenUs', () => parts.firstSeenUs],
    ['all', () => Bitmap.fromRange(0, n)],
    [
      'terms',
      () =>
        new TermIndex({
          title: parts.words.title,
          company: parts.words.company,
          description: parts.words.description,
        }),
    ],
    [
      'values',
      () =>
        (values = Object.fromEntries(
          VALUE_FIELDS.map((f) => [
            f,
            new ValueIndex(parts.values[f], n, (FACET_VALUE_FIELDS as readonly ValueField[]).includes(f)),
          ]),
        ) as Record<ValueField, ValueIndex>),
    ],
    ['hasSalaryMin', () => parts.hasSalaryMin],
    ['geo', () => parts.geo],
    ['salaryHigh', () => salaryHigh],
    ['salaryLow', () => new NumberBuckets(parts.salaryLow, SALARY_BUCKET)],
    [
      'salaryBands',
      () => (bands = SALARY_BANDS.map(({ value, from, to }) => ({ value, docs: salaryHigh.band(from, to) }))),
    ],
    ['facetCodes', () => FacetCodes.ofIndex(n, values, bands)],
    ['companiesByName', () => parts.companiesByName],
    ['byId', () => (byId = docsById(ids))],
    ['salaryOrder', () => new RankedOrder(salaryOrderDocs(high))],
    ['firstSeenOrder', () => new RankedOrder(firstSeenOrderDocs(firstSeen, byId))],
  ];
}
