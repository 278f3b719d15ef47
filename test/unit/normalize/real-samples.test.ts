/**
 * Rates on real feed data kept outside the repository (/work/shared/data, see its
 * SOURCES.md). The data is read in place and never copied; when the folder is absent
 * the suite is skipped, except under CI=true, where it fails (test/helpers/shared-data.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import type { RawPosting } from '../../../src/domain/raw-posting.ts';
import { cleanCompanyName } from '../../../src/ingest/normalize/company.ts';
import { sanitizedDescription } from '../../../src/ingest/normalize/html.ts';
import { normalizePosting } from '../../../src/ingest/normalize/index.ts';
import { parseLocations } from '../../../src/ingest/normalize/location.ts';
import { normalizeSalary } from '../../../src/ingest/normalize/salary.ts';
import { describeSharedData, SHARED_DATA } from '../../helpers/shared-data.ts';

const htmlToText = (input: unknown) => sanitizedDescription(input).text;

const DATA = SHARED_DATA;
const now = new Date('2026-11-01T00:00:00Z');

type Json = Record<string, any>;

function readJson(rel: string): Json {
  return JSON.parse(readFileSync(path.join(DATA, rel), 'utf8')) as Json;
}

/** A minimal Ashby mapping, enough to exercise normalization (the real adapter lives in sources/). */
function fromAshby(board: string, job: Json): RawPosting {
  const salary = job.shouldDisplayCompensationOnJobPostings
    ? (job.compensation?.summaryComponents ?? []).find((c: Json) => c.compensationType === 'Salary')
    : undefined;
  const address = job.address?.postalAddress ?? {};
  return {
    source: 'ashby',
    board,
    externalId: job.id,
    title: job.title,
    companyName: board,
    descriptionHtml: job.descriptionHtml,
    descriptionText: job.descriptionPlain,
    locationText: job.location,
    extraLocations: (job.secondaryLocations ?? []).map((l: Json) => l.location),
    city: address.addressLocality,
    region: address.addressRegion,
    country: address.addressCountry,
    workplaceType: job.workplaceType,
    employmentType: job.employmentType,
    department: job.department,
    salary: salary
      ? { min: salary.minValue, max: salary.maxValue, currency: salary.currencyCode, period: salary.interval }
      : null,
    salaryText: job.compensation?.scrapeableCompensationSalarySummary,
    listingUrl: job.jobUrl,
    applyUrl: job.applyUrl,
    postedAt: job.publishedAt,
    payload: job,
  };
}

describeSharedData(`real samples in ${DATA}`, () => {
  it('Ashby: every listed job normalizes; ≥90% of jobs showing a salary get annual USD', () => {
    const dir = path.join(DATA, 'ashby-stapply/companies');
    let total = 0;
    let okCount = 0;
    let withPay = 0;
    let withUsd = 0;
    let withJobType = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const board = file.replace(/\.json$/, '');
      for (const job of (readJson(`ashby-stapply/companies/${file}`).jobs ?? []) as Json[]) {
        if (job.isListed === false) continue;
        total++;
        const raw = fromAshby(board, job);
        const result = normalizePosting(raw, { now });
        if (!result.ok) continue;
        okCount++;
        if (result.job.jobType) withJobType++;
        if (raw.salary) {
          withPay++;
          if (result.job.salaryMinUsd !== null && result.job.salaryText) withUsd++;
        }
        expect(result.job.descriptionHtml).not.toMatch(/<script|onclick=|style=/i);
      }
    }
    expect(total).toBeGreaterThan(500);
    expect(okCount / total).toBeGreaterThanOrEqual(0.99);
    expect(withPay).toBeGreaterThan(100);
    expect(withUsd / withPay).toBeGreaterThanOrEqual(0.9);
    expect(withJobType / okCount).toBeGreaterThanOrEqual(0.95);
  });

  it('Ashby decagon: in-office company, San Francisco, USD salary', () => {
    const jobs = readJson('ashby-stapply/companies/decagon.json').jobs as Json[];
    const first = normalizePosting(fromAshby('decagon', jobs[0] as Json), { now });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.job.city).toBe('San Francisco');
    expect(first.job.countryCode).toBe('US');
    expect(first.job.remoteType).toBe('onsite'); // "We're an in-office company"
    expect(first.job.categorySlug).toBe('security');
    expect(first.job.salaryMinUsd).toBe(200_000);
  });

  it('Greenhouse catawiki: escaped content decodes to clean text and safe HTML', () => {
    const data = readJson('greenhouse-techjobshub/data_full/catawiki.json');
    const jobs = data.jobs as Json[];
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      const result = normalizePosting(
        {
          source: 'greenhouse',
          board: 'catawiki',
          externalId: String(job.id),
          title: job.title,
          companyName: job.company_name,
          descriptionHtml: job.content,
          locationText: job.location?.name,
          department: job.departments?.[0]?.name,
          postedAt: job.first_published,
          updatedAt: job.updated_at,
          listingUrl: job.absolute_url,
          payload: job,
        },
        { now },
      );
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(result.job.descriptionText).not.toMatch(/&lt;|&gt;|&quot;|<\/?[a-z]/i);
      expect(result.job.descriptionText.length).toBeGreaterThan(200);
      expect(result.job.descriptionHtml).toMatch(/^<|<p>/);
      expect(result.job.descriptionHtml).not.toMatch(/&lt;p&gt;/);
      expect(result.job.postedAt).toBeInstanceOf(Date);
    }
  });

  it('Glassdoor: ≥95% of salary estimates parse to annual USD; hourly ones are hourly', () => {
    const rows = parse(readFileSync(path.join(DATA, 'glassdoor-ds-salary/glassdoor_jobs.csv')), {
      columns: true,
    }) as Json[];
    const estimates = rows.map((r) => String(r['Salary Estimate'])).filter((s) => s !== '-1');
    expect(estimates.length).toBeGreaterThan(500);
    let parsed = 0;
    for (const text of estimates) {
      const salary = normalizeSalary({ text });
      if (salary.minUsd !== null && salary.maxUsd !== null && salary.minUsd <= salary.maxUsd) parsed++;
      if (/per hour/i.test(text)) expect(salary.period).toBe('hour');
    }
    expect(parsed / estimates.length).toBeGreaterThanOrEqual(0.95);
    // Company names carry the rating on a second line.
    const names = rows.map((r) => cleanCompanyName(r['Company Name']));
    expect(names.filter((n) => /\n|\d\.\d$/.test(n))).toEqual([]);
  });

  it('Greenhouse locations: ≥85% of location strings yield a country', () => {
    const rows = readJson('greenhouse-feashliaa/all_jobs.subset.json') as unknown as Json[];
    const locations = rows
      .map((r) => r.location)
      .filter((l): l is string => typeof l === 'string' && l.trim() !== '');
    const withCountry = locations.filter((l) => parseLocations(l).some((p) => p.countryCode !== null)).length;
    expect(withCountry / locations.length).toBeGreaterThanOrEqual(0.85);
  });

  it('HN comments decode to text without entities', () => {
    const runs = path.join(DATA, 'hn-whoishiring/runs');
    const run = readdirSync(runs).sort()[0] as string;
    const jobs = (readJson(`hn-whoishiring/runs/${run}/raw.json`).jobs ?? []) as Json[];
    const texts = jobs
      .map((j) => j.text)
      .filter((t): t is string => typeof t === 'string')
      .slice(0, 200);
    expect(texts.length).toBeGreaterThan(10);
    for (const t of texts) expect(htmlToText(t)).not.toMatch(/&#x2F;|&#x27;|&quot;|<p>/);
  });
});
