import { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { readEnvelope } from './feed-envelope.ts';
import { fetchAllPages } from './fetch-board.ts';
import { idFromKey, mapRows } from './map-rows.ts';
import { flag, idField, list, nonEmpty, num, obj, text, titleField } from './row-fields.ts';
import type { SourceAdapter } from './source.ts';

/**
 * Ashby public job posting API (ats-formats.md §2.3): one unpaged GET per board,
 * `{ apiVersion, jobs }`. Unlisted jobs are skipped, and pay is passed on only when the
 * employer chose to show it (`shouldDisplayCompensationOnJobPostings`).
 */

export interface AshbySourceOptions {
  /** @default 'https://api.ashbyhq.com' */
  baseUrl?: string;
}

const postalAddress = obj({
  postalAddress: obj({ addressLocality: text, addressRegion: text, addressCountry: text }),
});

const componentSchema = z.object({
  compensationType: text,
  interval: text,
  currencyCode: text,
  minValue: num,
  maxValue: num,
});

const jobSchema = z.object({
  id: idField,
  title: titleField,
  department: text,
  employmentType: text,
  location: text,
  secondaryLocations: list(z.object({ location: text })),
  address: postalAddress,
  isListed: flag,
  isRemote: flag,
  workplaceType: text,
  descriptionHtml: text,
  descriptionPlain: text,
  publishedAt: text,
  jobUrl: text,
  applyUrl: text,
  shouldDisplayCompensationOnJobPostings: flag,
  compensation: obj({
    scrapeableCompensationSalarySummary: text,
    summaryComponents: list(componentSchema),
  }),
});
type AshbyJob = z.infer<typeof jobSchema>;

const envelopeSchema = z.object({ apiVersion: z.unknown().optional(), jobs: z.array(z.unknown()) });

export function createAshbySource(options: AshbySourceOptions = {}): SourceAdapter {
  const baseUrl = (options.baseUrl ?? 'https://api.ashbyhq.com').replace(/\/+$/, '');

  const adapter: SourceAdapter = {
    platform: 'ashby',
    paged: false,
    boardUrls: (board) =>
      `${baseUrl}/posting-api/job-board/${encodeURIComponent(board)}?includeCompensation=true`,
    fetchBoard: (http, board, opts) => fetchAllPages(adapter, http, board, opts),
    parse(body, board) {
      const envelope = readEnvelope(body, envelopeSchema, { platform: 'ashby', board });
      const rows = mapRows(envelope.jobs, {
        schema: jobSchema,
        idOf: idFromKey('id'),
        // Unlisted jobs are hidden from the public board; treat them as absent, not broken.
        map: (job, raw) => (job.isListed === false ? null : toPosting(job, raw, board)),
      });
      return { postings: rows.postings, rejected: rows.rejected, skipped: rows.skipped };
    },
  };
  return adapter;
}

function toPosting(job: AshbyJob, raw: unknown, board: string): RawPosting {
  const address = job.address?.postalAddress ?? null;
  const pay = readPay(job);
  return {
    source: 'ashby',
    board,
    externalId: job.id,
    title: job.title,
    descriptionHtml: job.descriptionHtml,
    descriptionText: job.descriptionPlain,
    locationText: job.location,
    extraLocations: nonEmpty(job.secondaryLocations.map((s) => s.location)),
    city: address?.addressLocality ?? null,
    region: address?.addressRegion ?? null,
    country: address?.addressCountry ?? null,
    workplaceType: job.workplaceType,
    remoteFlag: job.isRemote,
    employmentType: job.employmentType,
    department: job.department,
    salary: pay.salary,
    salaryText: pay.salaryText,
    listingUrl: job.jobUrl,
    applyUrl: job.applyUrl,
    postedAt: job.publishedAt,
    payload: raw,
  };
}

/**
 * The Salary summary component is the structured pay; the scrapeable summary text is
 * the fallback when a board shows pay without one. Equity and bonus components are not
 * salary and are ignored.
 */
function readPay(job: AshbyJob): Pick<RawPosting, 'salary' | 'salaryText'> {
  if (job.shouldDisplayCompensationOnJobPostings !== true || job.compensation === null) {
    return { salary: null, salaryText: null };
  }
  const salary = job.compensation.summaryComponents.find((c) => c.compensationType === 'Salary');
  if (salary && (salary.minValue !== null || salary.maxValue !== null)) {
    return {
      salary: {
        min: salary.minValue,
        max: salary.maxValue,
        currency: salary.currencyCode,
        period: salary.interval,
      },
      salaryText: null,
    };
  }
  return { salary: null, salaryText: job.compensation.scrapeableCompensationSalarySummary };
}
