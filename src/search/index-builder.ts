import type {
  IndexCompanyRow,
  IndexJobRow,
  IndexMembershipRow,
} from '../db/repositories/search-index.repository.ts';
import { Bitmap, KeyedBitmapsBuilder } from './bitmap.ts';
import { VALUE_FIELDS, type IndexData, type ValueField } from './index-data.ts';
import { NumberBuckets } from './number-buckets.ts';
import { RankedOrder } from './ranked-order.ts';
import { TermIndex, TEXT_FIELDS, type TextField } from './term-index.ts';
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
    this.postedUs[doc] = row.postedUs;
    this.firstSeenUs[doc] = row.firstSeenUs;
    this.salaryHigh[doc] = row.salaryMaxUsd ?? row.salaryMinUsd ?? NaN;
    this.salaryLow[doc] = row.salaryMinUsd ?? row.salaryMaxUsd ?? NaN;
    if (row.salaryMinUsd !== null) this.hasSalaryMin.push(doc);
    for (const w of row.titleWords) this.words.title.add(w, doc);
    for (const w of row.companyWords) this.words.company.add(w, doc);
    for (const w of row.descriptionWords) this.words.description.add(w, doc);
  }

  finish(): IndexData {
    const n = this.ids.length;
    const ids = this.ids;
    const salaryHigh = new NumberBuckets(this.salaryHigh, SALARY_BUCKET);
    const high = this.salaryHigh;
    const firstSeen = this.firstSeenUs;
    const data: IndexData = {
      docCount: n,
      ids,
      postedUs: this.postedUs,
      firstSeenUs: this.firstSeenUs,
      all: Bitmap.fromRange(0, n),
      terms: new TermIndex({
        title: this.words.title.finish(),
        company: this.words.company.finish(),
        description: this.words.description.finish(),
      }),
      values: Object.fromEntries(
        VALUE_FIELDS.map((f) => [f, new ValueIndex(this.values[f].finish(), n)]),
      ) as Record<ValueField, ValueIndex>,
      hasSalaryMin: new Bitmap(this.hasSalaryMin),
      salaryHigh,
      salaryLow: new NumberBuckets(this.salaryLow, SALARY_BUCKET),
      salaryBands: SALARY_BANDS.map(({ value, from, to }) => ({ value, docs: salaryHigh.band(from, to) })),
      companiesByName: this.companiesByName,
      // coalesce(salary_max_usd, salary_min_usd) desc nulls last, posted_at desc, id desc.
      salaryOrder: new RankedOrder(n, (a, b) => {
        const x = high[a]!;
        const y = high[b]!;
        if (Number.isNaN(x) !== Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
        return (Number.isNaN(x) ? 0 : y - x) || b - a;
      }),
      // first_seen_at desc, id desc.
      firstSeenOrder: new RankedOrder(
        n,
        (a, b) => firstSeen[b]! - firstSeen[a]! || (ids[a]! < ids[b]! ? 1 : ids[a]! > ids[b]! ? -1 : 0),
      ),
    };
    this.docOf.clear();
    return data;
  }
}
