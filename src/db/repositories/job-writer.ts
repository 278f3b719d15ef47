import { categoryBySlug } from '../../domain/categories.ts';
import { stableUuid } from '../../domain/ids.ts';
import type { NormalizedJob } from '../../domain/job.ts';
import {
  fold,
  searchVectorBinary,
  searchVectorText,
  tsvectorBinaryToText,
} from '../../domain/search-text.ts';
import { executeBound } from '../bound-statement.ts';
import { BinaryCopyWriter } from '../copy-binary.ts';
import { copyIn } from '../copy-in.ts';
import type { Em } from '../orm.ts';

/** One posting to store: the canonical job it belongs to (new or existing) and its boards. */
export interface JobWrite {
  jobId: string;
  job: NormalizedJob;
  /** searchVectorBinary of the job, when the caller built it already (off the main thread). */
  searchVector?: Uint8Array;
  /**
   * No job has this id yet: the planner decided so under the batch's locks. Such rows
   * may be appended with COPY instead of upserted (JobWriter's `copy` option).
   */
  isNew?: boolean;
  seenAt: Date;
  /** Organizations whose board the job joins (their own sources, or the demo board). */
  organizationIds?: string[];
  origin?: 'source' | 'manual' | 'demo';
}

/** A posting's own salary, in the job's column names; null when it names none. */
function salaryOf(j: NormalizedJob): Record<string, string | number | null> | null {
  if (j.salaryMin === null && j.salaryMax === null && j.salaryText === null) return null;
  return {
    salary_min: j.salaryMin,
    salary_max: j.salaryMax,
    salary_currency: j.salaryCurrency,
    salary_period: j.salaryPeriod,
    salary_text: j.salaryText,
    salary_min_usd: j.salaryMinUsd,
    salary_max_usd: j.salaryMaxUsd,
  };
}

/** A posting's places and the keys the any-of filters use (job and source posting alike). */
function placeColumns(j: NormalizedJob) {
  return {
    places: j.places,
    city_keys: [...new Set(j.places.map((p) => p.city && fold(p.city)).filter(Boolean))],
    country_codes: [...new Set(j.places.map((p) => p.countryCode).filter(Boolean))],
  };
}

function jobRow(w: JobWrite) {
  const j = w.job;
  return {
    id: w.jobId,
    title: j.title,
    normalized_title: j.normalizedTitle,
    company_key: j.companyNormalizedName,
    description_html: j.descriptionHtml,
    description_text: j.descriptionText,
    location_text: j.locationText,
    city: j.city,
    region: j.region,
    country_code: j.countryCode,
    ...placeColumns(j),
    remote_type: j.remoteType,
    job_type: j.jobType,
    seniority: j.seniority,
    category_id: j.categorySlug ? (categoryBySlug(j.categorySlug)?.id ?? null) : null,
    department: j.department,
    skills: j.skills,
    skill_keys: j.skills.map((s) => fold(s)),
    salary_min: j.salaryMin,
    salary_max: j.salaryMax,
    salary_currency: j.salaryCurrency,
    salary_period: j.salaryPeriod,
    salary_min_usd: j.salaryMinUsd,
    salary_max_usd: j.salaryMaxUsd,
    salary_text: j.salaryText,
    ats_platform: j.atsPlatform,
    source: j.source,
    listing_url: j.listingUrl,
    apply_url: j.applyUrl,
    visa_sponsorship: j.visaSponsorship,
    posted_at: (j.postedAt ?? w.seenAt).toISOString(),
    seen_at: w.seenAt.toISOString(),
    updated_at: (j.sourceUpdatedAt ?? w.seenAt).toISOString(),
    status: j.status,
    dedup_key: `${j.companyNormalizedName}|${j.normalizedTitle}`,
    search_vector: w.searchVector
      ? tsvectorBinaryToText(w.searchVector)
      : searchVectorText(j.title, j.companyName, j.descriptionText),
  };
}

// Arrays arrive as JSON arrays and jsonb_to_recordset turns them into text[] itself.
const JOB_RECORD_COLUMNS = `id uuid, title text, normalized_title text, company_key text, description_html text,
  description_text text, location_text text, city text, region text, country_code text, places jsonb,
  city_keys text[], country_codes text[], remote_type text, job_type text, seniority text, category_id uuid,
  department text, skills text[], skill_keys text[], salary_min float8, salary_max float8, salary_currency text,
  salary_period text, salary_min_usd int, salary_max_usd int, salary_text text, ats_platform text, source text,
  listing_url text, apply_url text, visa_sponsorship bool, posted_at timestamptz, seen_at timestamptz,
  updated_at timestamptz, status text, dedup_key text, search_vector tsvector`;

/** The columns copyJobs writes, in its order (the upsert's, with company_id resolved). */
const COPY_JOB_COLUMNS = [
  'id',
  'title',
  'normalized_title',
  'company_id',
  'description_html',
  'description_text',
  'location_text',
  'city',
  'region',
  'country_code',
  'places',
  'city_keys',
  'country_codes',
  'remote_type',
  'job_type',
  'seniority',
  'category_id',
  'department',
  'skills',
  'skill_keys',
  'salary_min',
  'salary_max',
  'salary_currency',
  'salary_period',
  'salary_min_usd',
  'salary_max_usd',
  'salary_text',
  'ats_platform',
  'source',
  'listing_url',
  'apply_url',
  'visa_sponsorship',
  'posted_at',
  'first_seen_at',
  'last_seen_at',
  'updated_at',
  'closed_at',
  'status',
  'dedup_key',
  'search_vector',
] as const;

/** The columns copySourcePostings writes, in its order. */
const COPY_POSTING_COLUMNS = [
  'id',
  'platform',
  'board',
  'external_id',
  'job_id',
  'url',
  'payload_hash',
  'first_seen_at',
  'last_seen_at',
  'closed_at',
  'status',
  'places',
  'city_keys',
  'country_codes',
  'salary',
] as const;

const postingId = (w: JobWrite) => stableUuid('posting', w.job.source, w.job.board, w.job.externalId);

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

/**
 * A map's values in key order. Batches of other boards write at the same time; rows
 * they share (a company, a job with copies) are then locked in the same order by
 * every writer, which keeps two batches from deadlocking on each other.
 */
function byKey<V>(map: Map<string, V>): V[] {
  return [...map.keys()].sort().map((k) => map.get(k)!);
}

/**
 * Bulk writes of normalized postings: companies, jobs, provenance and board
 * membership, each as one set-based statement over a JSON batch (one parameter,
 * any row count), inside the caller's transaction. Re-writing the same batch is a
 * no-op in effect: every statement is an upsert keyed by stable ids.
 */
export class JobWriter {
  /**
   * @param options.copy new jobs (JobWrite.isNew) go in with a binary COPY instead of
   *   the JSON upsert: about a third of PostgreSQL's cost of storing a job (README,
   *   Benchmarks). PostgreSQL only; a COPY that meets an existing id fails the batch
   *   (unique_violation), which the pipeline writes again without COPY.
   */
  private readonly options: { copy?: boolean };

  constructor(options: { copy?: boolean } = {}) {
    this.options = options;
  }

  async write(em: Em, batch: JobWrite[], options: { copy?: boolean } = {}): Promise<void> {
    if (batch.length === 0) return;
    const companyIds = await this.upsertCompanies(em, batch);
    const copy = (this.options.copy ?? false) && (options.copy ?? true);
    const [fresh, other] = copy ? partition(batch, (w) => w.isNew === true) : [[], batch];
    await this.copyJobs(em, fresh, companyIds);
    await this.upsertJobs(em, other);
    // A new job's posting is new too (the planner found none stored).
    await this.copySourcePostings(em, fresh);
    await this.upsertSourcePostings(em, other);
    await this.addToBoards(em, batch);
  }

  /**
   * Cross-source copies of existing jobs: keep the job's own fields, record the copy
   * as provenance, and fill its description when it has none. The copy's places and
   * salary join the job's in refreshMerged, which the caller runs after.
   */
  async attachCopies(em: Em, copies: JobWrite[]): Promise<void> {
    if (copies.length === 0) return;
    await this.upsertSourcePostings(em, copies);
    const byJob = new Map<string, ReturnType<typeof jobRow>>();
    for (const w of copies) if (!byJob.has(w.jobId)) byJob.set(w.jobId, jobRow(w));
    await executeBound(
      em,
      `update job j set
          description_html = case when j.description_text = '' then t.description_html else j.description_html end,
          description_text = case when j.description_text = '' then t.description_text else j.description_text end,
          last_seen_at = greatest(j.last_seen_at, t.seen_at)
         from jsonb_to_recordset($1::jsonb) as t(${JOB_RECORD_COLUMNS})
        where j.id = t.id`,
      [JSON.stringify(byKey(byJob))],
    );
    await this.addToBoards(em, copies);
  }

  /**
   * A job is open while any of its postings is: a copy that arrives open reopens a
   * closed job, one that arrives closed (a dataset's inactive row) leaves it as it was,
   * and a primary posting the source marks closed does not close a job a copy still
   * lists. Run after a batch's postings are written, for the jobs it gave a copy or a
   * closed posting.
   */
  async settleStatus(em: Em, jobIds: string[], now: Date): Promise<void> {
    if (jobIds.length === 0) return;
    await executeBound(
      em,
      `update job j set status = s.status, closed_at = case when s.status = 'open' then null else coalesce(j.closed_at, $2) end
         from (select j2.id,
                 case when exists (select 1 from source_posting sp where sp.job_id = j2.id and sp.status = 'open')
                      then 'open' else 'closed' end as status
                 from job j2 where j2.id in (select id::uuid from jsonb_array_elements_text($1::jsonb) as id)) s
        where j.id = s.id and j.status is distinct from s.status`,
      [JSON.stringify([...new Set(jobIds)].sort()), now.toISOString()],
    );
  }

  /**
   * What a job stored from several postings takes from all of them, made again from
   * its open postings:
   * - places: the first-seen posting's first (the job's own), then each copy's new ones;
   * - salary: the first-seen posting's with a USD figure (the job's own when it has
   *   one), else the first-seen posting's as it is (none, or a currency we cannot convert).
   * A job with one posting keeps what its write stored. Run after the postings of a
   * batch are written, and after postings close.
   */
  async refreshMerged(em: Em, jobIds: string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await executeBound(
      em,
      `update job j set
          places = coalesce(u.places, '[]'::jsonb),
          salary_min = (u.salary->>'salary_min')::float8,
          salary_max = (u.salary->>'salary_max')::float8,
          salary_currency = u.salary->>'salary_currency',
          salary_period = u.salary->>'salary_period',
          salary_text = u.salary->>'salary_text',
          salary_min_usd = (u.salary->>'salary_min_usd')::int,
          salary_max_usd = (u.salary->>'salary_max_usd')::int,
          city_keys = array(select distinct k from source_posting sp cross join unnest(sp.city_keys) k
                             where sp.job_id = j.id and sp.status = 'open' order by k),
          country_codes = array(select distinct c from source_posting sp cross join unnest(sp.country_codes) c
                                 where sp.job_id = j.id and sp.status = 'open' order by c)
         from (select ids.id, (
                 select jsonb_agg(d.x order by d.rank) from (
                   select distinct on (e.x) e.x, row_number() over (order by sp.first_seen_at, sp.id, e.n) as rank
                     from source_posting sp cross join jsonb_array_elements(sp.places) with ordinality as e(x, n)
                    where sp.job_id = ids.id and sp.status = 'open'
                    order by e.x, rank) d) as places, (
                 select sp.salary from source_posting sp where sp.job_id = ids.id and sp.status = 'open'
                  order by (sp.salary->>'salary_min_usd' is not null or sp.salary->>'salary_max_usd' is not null) desc,
                        sp.first_seen_at, sp.id
                  limit 1) as salary
                 from (select distinct id::uuid as id from jsonb_array_elements_text($1::jsonb) as id) ids) u
        where j.id = u.id
          and (select count(*) from source_posting sp where sp.job_id = j.id) > 1
          and exists (select 1 from source_posting sp where sp.job_id = j.id and sp.status = 'open')`,
      [JSON.stringify([...new Set(jobIds)].sort())],
    );
  }

  /** Board membership for jobs already stored (an organization's source seen again). */
  async addMemberships(
    em: Em,
    jobIds: string[],
    organizationId: string,
    origin: JobWrite['origin'] = 'source',
  ): Promise<void> {
    await executeBound(
      em,
      `insert into organization_job (organization_id, job_id, origin)
       select $1::uuid, id::uuid, $2::text from jsonb_array_elements_text($3::jsonb) as id
       on conflict do nothing`,
      [organizationId, origin ?? 'source', JSON.stringify(jobIds)],
    );
  }

  /** Company ids by normalized name, for the batch's companies (inserted or found). */
  private async upsertCompanies(em: Em, batch: JobWrite[]): Promise<Map<string, string>> {
    const companies = new Map<string, object>();
    for (const { job } of batch) {
      if (companies.has(job.companyNormalizedName)) continue;
      companies.set(job.companyNormalizedName, {
        id: stableUuid('company', job.companyNormalizedName),
        name: job.companyName,
        normalized_name: job.companyNormalizedName,
        domain: job.companyDomain,
        logo_url: job.companyLogoUrl,
      });
    }
    const rows = await executeBound<{ id: string; normalized_name: string }>(
      em,
      `insert into company (id, name, normalized_name, domain, logo_url)
       select t.id, t.name, t.normalized_name, t.domain, t.logo_url
         from jsonb_to_recordset($1::jsonb) as t(id uuid, name text, normalized_name text, domain text, logo_url text)
       on conflict (normalized_name) do update
         set domain = coalesce(company.domain, excluded.domain),
             logo_url = coalesce(company.logo_url, excluded.logo_url)
       returning id, normalized_name`,
      [JSON.stringify(byKey(companies))],
    );
    return new Map(rows.map((r) => [r.normalized_name, String(r.id)]));
  }

  /** New jobs, appended with one binary COPY (the same columns the upsert writes). */
  private async copyJobs(em: Em, batch: JobWrite[], companyIds: Map<string, string>): Promise<void> {
    if (batch.length === 0) return;
    // Later writes of the same job in one batch win, as in upsertJobs.
    const writes = byKey(new Map(batch.map((w) => [w.jobId, w])));
    const out = new BinaryCopyWriter(writes.length * 8192);
    for (const w of writes) {
      const j = w.job;
      const places = placeColumns(j);
      const seen = w.seenAt;
      out
        .row(COPY_JOB_COLUMNS.length)
        .uuid(w.jobId)
        .text(j.title)
        .text(j.normalizedTitle)
        .uuid(companyIds.get(j.companyNormalizedName))
        .text(j.descriptionHtml)
        .text(j.descriptionText)
        .text(j.locationText)
        .text(j.city)
        .text(j.region)
        .text(j.countryCode)
        .jsonb(places.places)
        .textArray(places.city_keys as string[])
        .textArray(places.country_codes as string[])
        .text(j.remoteType)
        .text(j.jobType)
        .text(j.seniority)
        .uuid(j.categorySlug ? (categoryBySlug(j.categorySlug)?.id ?? null) : null)
        .text(j.department)
        .textArray(j.skills)
        .textArray(j.skills.map((s) => fold(s)))
        .float8(j.salaryMin)
        .float8(j.salaryMax)
        .text(j.salaryCurrency)
        .text(j.salaryPeriod)
        .int4(j.salaryMinUsd == null ? null : Math.round(j.salaryMinUsd))
        .int4(j.salaryMaxUsd == null ? null : Math.round(j.salaryMaxUsd))
        .text(j.salaryText)
        .text(j.atsPlatform)
        .text(j.source)
        .text(j.listingUrl)
        .text(j.applyUrl)
        .bool(j.visaSponsorship)
        .timestamptz(j.postedAt ?? seen)
        .timestamptz(seen)
        .timestamptz(seen)
        .timestamptz(j.sourceUpdatedAt ?? seen)
        .timestamptz(j.status === 'closed' ? seen : null)
        .text(j.status)
        .text(`${j.companyNormalizedName}|${j.normalizedTitle}`)
        .binary(w.searchVector ?? searchVectorBinary(j.title, j.companyName, j.descriptionText));
    }
    await copyIn(em, `copy job (${COPY_JOB_COLUMNS.join(', ')}) from stdin (format binary)`, out.finish());
  }

  private async upsertJobs(em: Em, batch: JobWrite[]): Promise<void> {
    if (batch.length === 0) return;
    // Later writes of the same job in one batch win (a merged copy updates the job).
    const rows = new Map(batch.map((w) => [w.jobId, jobRow(w)]));
    await executeBound(
      em,
      `insert into job (id, title, normalized_title, company_id, description_html, description_text, location_text,
          city, region, country_code, places, city_keys, country_codes, remote_type, job_type, seniority, category_id,
          department, skills, skill_keys, salary_min, salary_max, salary_currency, salary_period, salary_min_usd,
          salary_max_usd, salary_text, ats_platform, source, listing_url, apply_url, visa_sponsorship, posted_at,
          first_seen_at, last_seen_at, updated_at, closed_at, status, dedup_key, search_vector)
       select t.id, t.title, t.normalized_title, c.id, t.description_html, t.description_text, t.location_text,
          t.city, t.region, t.country_code, t.places, t.city_keys, t.country_codes,
          t.remote_type, t.job_type, t.seniority, t.category_id, t.department, t.skills,
          t.skill_keys, t.salary_min, t.salary_max, t.salary_currency, t.salary_period,
          t.salary_min_usd, t.salary_max_usd, t.salary_text, t.ats_platform, t.source, t.listing_url, t.apply_url,
          t.visa_sponsorship, t.posted_at, t.seen_at, t.seen_at, t.updated_at,
          case when t.status = 'closed' then t.seen_at end, t.status, t.dedup_key,
          t.search_vector
         from jsonb_to_recordset($1::jsonb) as t(${JOB_RECORD_COLUMNS})
         join company c on c.normalized_name = t.company_key
       on conflict (id) do update set
          title = excluded.title, normalized_title = excluded.normalized_title, company_id = excluded.company_id,
          description_html = excluded.description_html, description_text = excluded.description_text,
          location_text = excluded.location_text, city = excluded.city, region = excluded.region,
          country_code = excluded.country_code, places = excluded.places, city_keys = excluded.city_keys,
          country_codes = excluded.country_codes, remote_type = excluded.remote_type, job_type = excluded.job_type,
          seniority = excluded.seniority, category_id = excluded.category_id, department = excluded.department,
          skills = excluded.skills, skill_keys = excluded.skill_keys, salary_min = excluded.salary_min,
          salary_max = excluded.salary_max, salary_currency = excluded.salary_currency,
          salary_period = excluded.salary_period, salary_min_usd = excluded.salary_min_usd,
          salary_max_usd = excluded.salary_max_usd, salary_text = excluded.salary_text,
          listing_url = excluded.listing_url, apply_url = excluded.apply_url,
          visa_sponsorship = excluded.visa_sponsorship, posted_at = least(job.posted_at, excluded.posted_at),
          last_seen_at = greatest(job.last_seen_at, excluded.last_seen_at), updated_at = excluded.updated_at,
          closed_at = excluded.closed_at, status = excluded.status, dedup_key = excluded.dedup_key,
          search_vector = excluded.search_vector`,
      [JSON.stringify(byKey(rows))],
    );
  }

  /** New postings of new jobs, appended with one binary COPY (the upsert's values). */
  private async copySourcePostings(em: Em, batch: JobWrite[]): Promise<void> {
    if (batch.length === 0) return;
    const writes = new Map(batch.map((w) => [postingId(w), w]));
    const out = new BinaryCopyWriter(writes.size * 512);
    for (const [id, w] of writes) {
      const j = w.job;
      const places = placeColumns(j);
      out
        .row(COPY_POSTING_COLUMNS.length)
        .uuid(id)
        .text(j.source)
        .text(j.board)
        .text(j.externalId)
        .uuid(w.jobId)
        .text(j.listingUrl)
        .text(j.payloadHash)
        .timestamptz(w.seenAt)
        .timestamptz(w.seenAt)
        .timestamptz(j.status === 'closed' ? w.seenAt : null)
        .text(j.status)
        .jsonb(places.places)
        .textArray(places.city_keys as string[])
        .textArray(places.country_codes as string[])
        .jsonb(salaryOf(j));
    }
    await copyIn(
      em,
      `copy source_posting (${COPY_POSTING_COLUMNS.join(', ')}) from stdin (format binary)`,
      out.finish(),
    );
  }

  private async upsertSourcePostings(em: Em, batch: JobWrite[]): Promise<void> {
    if (batch.length === 0) return;
    const rows = batch.map((w) => ({
      id: postingId(w),
      platform: w.job.source,
      board: w.job.board,
      external_id: w.job.externalId,
      job_id: w.jobId,
      url: w.job.listingUrl,
      payload_hash: w.job.payloadHash,
      seen_at: w.seenAt.toISOString(),
      status: w.job.status,
      ...placeColumns(w.job),
      salary: salaryOf(w.job),
    }));
    await executeBound(
      em,
      `insert into source_posting (id, platform, board, external_id, job_id, url, payload_hash, first_seen_at,
          last_seen_at, closed_at, status, places, city_keys, country_codes, salary)
       select t.id, t.platform, t.board, t.external_id, t.job_id, t.url, t.payload_hash, t.seen_at, t.seen_at,
          case when t.status = 'closed' then t.seen_at end, t.status, t.places, t.city_keys, t.country_codes, t.salary
         from jsonb_to_recordset($1::jsonb) as t(id uuid, platform text, board text, external_id text, job_id uuid,
          url text, payload_hash text, seen_at timestamptz, status text, places jsonb, city_keys text[],
          country_codes text[], salary jsonb)
       on conflict (platform, board, external_id) do update set
          job_id = excluded.job_id, url = excluded.url, payload_hash = excluded.payload_hash,
          places = excluded.places, city_keys = excluded.city_keys, country_codes = excluded.country_codes,
          salary = excluded.salary,
          last_seen_at = greatest(source_posting.last_seen_at, excluded.last_seen_at),
          closed_at = excluded.closed_at, status = excluded.status`,
      [JSON.stringify(rows)],
    );
  }

  private async addToBoards(em: Em, batch: JobWrite[]): Promise<void> {
    const rows = batch.flatMap((w) =>
      (w.organizationIds ?? []).map((org) => ({
        organization_id: org,
        job_id: w.jobId,
        origin: w.origin ?? 'source',
      })),
    );
    if (rows.length === 0) return;
    await executeBound(
      em,
      `insert into organization_job (organization_id, job_id, origin)
       select t.organization_id, t.job_id, t.origin
         from jsonb_to_recordset($1::jsonb) as t(organization_id uuid, job_id uuid, origin text)
       on conflict do nothing`,
      [JSON.stringify(rows)],
    );
  }
}
