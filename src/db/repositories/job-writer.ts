import { dedupKeysOf } from '../../domain/dedup-keys.ts';
import { stableUuid } from '../../domain/ids.ts';
import type { NormalizedJob } from '../../domain/job.ts';
import { executeBound } from '../bound-statement.ts';
import { copyIn } from '../copy-in.ts';
import type { Em } from '../orm.ts';
import {
  binaryCopyRows,
  columnNames,
  JOB_COLUMNS,
  jsonRow,
  POSTING_COLUMNS,
  postingId,
  recordDefinition,
  type PostingRow,
} from './write-columns.ts';

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

/** A write with its company's row id, as the job columns read it. */
function jobInput(w: JobWrite, companyIds: Map<string, string>): PostingRow {
  const companyId = companyIds.get(w.job.companyNormalizedName);
  if (!companyId) throw new Error(`no company row for ${w.job.companyNormalizedName}`);
  return { ...w, companyId };
}

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
 * A job's status from its postings': open if any is, else expired if every posting is
 * expired, else closed (a job without postings stays closed).
 */
export function statusFromPostings(job: string): string {
  const any = (status: string) =>
    `exists (select 1 from source_posting sp where sp.job_id = ${job}.id and sp.status = '${status}')`;
  return `case when ${any('open')} then 'open'
              when ${any('expired')} and not ${any('closed')} then 'expired'
              else 'closed' end`;
}

/**
 * Bulk writes of normalized postings: companies, jobs, provenance and board
 * membership, each as one set-based statement (a JSON batch in one parameter, any row
 * count, or one binary COPY of new rows), inside the caller's transaction. Rows are
 * keyed by stable ids: writing the same batch again upserts the same rows (a COPY of
 * rows that exist fails instead, and the pipeline writes that batch as upserts).
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
    await this.upsertJobs(em, other, companyIds);
    // A new job's posting is new too (the planner found none stored).
    await this.copySourcePostings(em, fresh);
    await this.upsertSourcePostings(em, other);
    await this.addToBoards(em, batch);
  }

  /**
   * Cross-source copies of existing jobs: keep the job's own fields, record the copy
   * as provenance, fill its description when it has none, and add the copy's dedup keys
   * to the job's, so that a third copy meeting only this one (the ATS job id it carries,
   * its board token) finds the job. The copy's places and salary join the job's in
   * refreshMerged, which the caller runs after.
   */
  async attachCopies(em: Em, copies: JobWrite[]): Promise<void> {
    if (copies.length === 0) return;
    await this.upsertSourcePostings(em, copies);
    const keys = new Map<string, { id: string; keys: Set<string> }>();
    for (const w of copies) {
      const entry = keys.get(w.jobId) ?? { id: w.jobId, keys: new Set<string>() };
      for (const k of dedupKeysOf(w.job)) entry.keys.add(k);
      keys.set(w.jobId, entry);
    }
    // Only jobs missing a key are written (a re-sighted copy changes nothing).
    await executeBound(
      em,
      `update job j set dedup_keys = array(select distinct k from unnest(j.dedup_keys || t.keys) k order by k)
         from jsonb_to_recordset($1::jsonb) as t(id uuid, keys text[])
        where j.id = t.id and not (t.keys <@ j.dedup_keys)`,
      [JSON.stringify(byKey(keys).map((e) => ({ id: e.id, keys: [...e.keys] })))],
    );
    // The first copy with a description, per job that has none.
    const byJob = new Map<string, { id: string; description_html: string; description_text: string }>();
    for (const w of copies)
      if (!byJob.has(w.jobId) && w.job.descriptionText !== '')
        byJob.set(w.jobId, {
          id: w.jobId,
          description_html: w.job.descriptionHtml,
          description_text: w.job.descriptionText,
        });
    if (byJob.size > 0)
      await executeBound(
        em,
        `update job j set description_html = t.description_html, description_text = t.description_text
           from jsonb_to_recordset($1::jsonb) as t(id uuid, description_html text, description_text text)
          where j.id = t.id and j.description_text = ''`,
        [JSON.stringify(byKey(byJob))],
      );
    // A job dated only by our first sighting takes the earliest date a copy's source gives.
    const dated = new Map<string, { id: string; posted_at: string }>();
    for (const w of copies) {
      const at = w.job.postedAt?.toISOString();
      const seen = dated.get(w.jobId);
      if (at && (!seen || at < seen.posted_at)) dated.set(w.jobId, { id: w.jobId, posted_at: at });
    }
    if (dated.size > 0)
      await executeBound(
        em,
        `update job j set posted_at = t.posted_at, posted_at_source = 'source'
           from jsonb_to_recordset($1::jsonb) as t(id uuid, posted_at timestamptz)
          where j.id = t.id and j.posted_at_source = 'first_seen'`,
        [JSON.stringify(byKey(dated))],
      );
    await this.addToBoards(em, copies);
  }

  /**
   * A job is open while any of its postings is: a copy that arrives open reopens a
   * closed job, one that arrives closed (a dataset's inactive row) leaves it as it was,
   * and a primary posting the source marks closed does not close a job a copy still
   * lists. Of a job none of whose postings is open, closed (a source said so) beats
   * expired (none has been seen lately). Run after a batch's postings are written, for
   * the jobs it gave a copy or a posting that is not open.
   */
  async settleStatus(em: Em, jobIds: string[], now: Date): Promise<void> {
    if (jobIds.length === 0) return;
    await executeBound(
      em,
      `update job j set status = s.status, closed_at = case when s.status = 'open' then null else coalesce(j.closed_at, $2) end
         from (select j2.id,
                 ${statusFromPostings('j2')} as status
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
          salary_currency_inferred = (u.salary->>'salary_currency_inferred')::boolean,
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
    const rows = byKey(new Map(batch.map((w) => [w.jobId, jobInput(w, companyIds)])));
    await copyIn(
      em,
      `copy job (${columnNames(JOB_COLUMNS)}) from stdin (format binary)`,
      binaryCopyRows(JOB_COLUMNS, rows, rows.length * 8192),
    );
  }

  private async upsertJobs(em: Em, batch: JobWrite[], companyIds: Map<string, string>): Promise<void> {
    if (batch.length === 0) return;
    // Later writes of the same job in one batch win (a merged copy updates the job).
    const rows = new Map(batch.map((w) => [w.jobId, jsonRow(JOB_COLUMNS, jobInput(w, companyIds))]));
    const columns = columnNames(JOB_COLUMNS);
    await executeBound(
      em,
      `insert into job (${columns})
       select ${JOB_COLUMNS.map((c) => `t.${c.name}`).join(', ')}
         from jsonb_to_recordset($1::jsonb) as t(${recordDefinition(JOB_COLUMNS)})
       on conflict (id) do update set
          title = excluded.title, normalized_title = excluded.normalized_title, company_id = excluded.company_id,
          description_html = excluded.description_html, description_text = excluded.description_text,
          location_text = excluded.location_text, city = excluded.city, region = excluded.region,
          country_code = excluded.country_code, places = excluded.places, geo_box = excluded.geo_box,
          city_keys = excluded.city_keys,
          country_codes = excluded.country_codes, remote_type = excluded.remote_type, job_type = excluded.job_type,
          seniority = excluded.seniority, category_id = excluded.category_id, department = excluded.department,
          skills = excluded.skills, skill_keys = excluded.skill_keys, salary_min = excluded.salary_min,
          salary_max = excluded.salary_max, salary_currency = excluded.salary_currency,
          salary_currency_inferred = excluded.salary_currency_inferred,
          salary_period = excluded.salary_period, salary_min_usd = excluded.salary_min_usd,
          salary_max_usd = excluded.salary_max_usd, salary_text = excluded.salary_text,
          listing_url = excluded.listing_url, apply_url = excluded.apply_url,
          visa_sponsorship = excluded.visa_sponsorship,
          -- The earliest date of the same kind; a source's date beats a first sighting.
          posted_at = case when job.posted_at_source = excluded.posted_at_source
                           then least(job.posted_at, excluded.posted_at)
                           when excluded.posted_at_source = 'source' then excluded.posted_at
                           else job.posted_at end,
          posted_at_source = case when 'source' in (job.posted_at_source, excluded.posted_at_source)
                                  then 'source' else 'first_seen' end,
          -- Never backwards: an older snapshot's time is not the job's latest change (issue 11).
          updated_at = greatest(job.updated_at, excluded.updated_at),
          closed_at = excluded.closed_at, status = excluded.status,
          -- The posting's own keys: a retitled job must not keep matching its old title (a
          -- copy's keys, which attachCopies adds, come back when that copy is written again).
          dedup_keys = excluded.dedup_keys,
          search_vector = excluded.search_vector`,
      [JSON.stringify(byKey(rows))],
    );
  }

  /** New postings of new jobs, appended with one binary COPY (the upsert's values). */
  private async copySourcePostings(em: Em, batch: JobWrite[]): Promise<void> {
    if (batch.length === 0) return;
    const rows = new Map(batch.map((w) => [postingId(w), w]));
    await copyIn(
      em,
      `copy source_posting (${columnNames(POSTING_COLUMNS)}) from stdin (format binary)`,
      binaryCopyRows(POSTING_COLUMNS, rows.values(), rows.size * 512),
    );
  }

  private async upsertSourcePostings(em: Em, batch: JobWrite[]): Promise<void> {
    if (batch.length === 0) return;
    await executeBound(
      em,
      `insert into source_posting (${columnNames(POSTING_COLUMNS)})
       select ${POSTING_COLUMNS.map((c) => `t.${c.name}`).join(', ')}
         from jsonb_to_recordset($1::jsonb) as t(${recordDefinition(POSTING_COLUMNS)})
       on conflict (platform, board, external_id) do update set
          job_id = excluded.job_id, url = excluded.url, payload_hash = excluded.payload_hash,
          places = excluded.places, city_keys = excluded.city_keys, country_codes = excluded.country_codes,
          salary = excluded.salary,
          last_seen_at = greatest(source_posting.last_seen_at, excluded.last_seen_at),
          source_updated_at = greatest(source_posting.source_updated_at, excluded.source_updated_at),
          expires_at = excluded.expires_at, closed_at = excluded.closed_at, status = excluded.status`,
      [JSON.stringify(batch.map((w) => jsonRow(POSTING_COLUMNS, w)))],
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
