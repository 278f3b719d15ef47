import { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { readEnvelope } from './feed-envelope.ts';
import { fetchAllPages } from './fetch-board.ts';
import { idFromKey, mapRows } from './map-rows.ts';
import { flag, idField, list, nonEmpty, obj, text, titleField } from './row-fields.ts';
import type { SourceAdapter } from './source.ts';

/**
 * Workable public widget API (ats-formats.md §2.4): `{ name, jobs }` with every published
 * job in one unpaged response. The v3 POST endpoint pages with a token but needs a body
 * per request; the widget gives the same board in one GET, so it is the one we use.
 */

export interface WorkableSourceOptions {
  /** @default 'https://www.workable.com' */
  baseUrl?: string;
}

const placeSchema = z.object({ country: text, countryCode: text, city: text, region: text });

const jobSchema = z.object({
  shortcode: idField,
  title: titleField,
  employment_type: text,
  telecommuting: flag,
  department: text,
  url: text,
  shortlink: text,
  application_url: text,
  published_on: text,
  created_at: text,
  country: text,
  city: text,
  state: text,
  description: text,
  locations: list(placeSchema),
  salary: obj({ salary_from: z.unknown(), salary_to: z.unknown(), salary_currency: text }),
});
type WorkableJob = z.infer<typeof jobSchema>;

const envelopeSchema = z.object({ name: text, jobs: z.array(z.unknown()) });

export function createWorkableSource(options: WorkableSourceOptions = {}): SourceAdapter {
  const baseUrl = (options.baseUrl ?? 'https://www.workable.com').replace(/\/+$/, '');

  const adapter: SourceAdapter = {
    platform: 'workable',
    paged: false,
    boardUrls: (board) => `${baseUrl}/api/accounts/${encodeURIComponent(board)}?details=true`,
    fetchBoard: (http, board, opts) => fetchAllPages(adapter, http, board, opts),
    parse(body, board) {
      const envelope = readEnvelope(body, envelopeSchema, { platform: 'workable', board });
      const rows = mapRows(envelope.jobs, {
        schema: jobSchema,
        idOf: idFromKey('shortcode'),
        map: (job, raw) => toPosting(job, raw, board, envelope.name),
      });
      return { postings: rows.postings, rejected: rows.rejected };
    },
  };
  return adapter;
}

function toPosting(job: WorkableJob, raw: unknown, board: string, companyName: string | null): RawPosting {
  const locationText = placeText(job.city, job.state, job.country);
  const places = job.locations.map((l) => placeText(l.city, l.region, l.country));
  return {
    source: 'workable',
    board,
    externalId: job.shortcode,
    title: job.title,
    companyName,
    descriptionHtml: job.description,
    locationText,
    extraLocations: [...new Set(nonEmpty(places))].filter((p) => p !== locationText),
    city: job.city,
    region: job.state,
    country: job.country,
    remoteFlag: job.telecommuting,
    employmentType: job.employment_type,
    department: job.department,
    // The widget rarely carries pay; when it does it uses the SPI names (salary_from/to).
    salary: job.salary
      ? {
          min: toNumber(job.salary.salary_from),
          max: toNumber(job.salary.salary_to),
          currency: job.salary.salary_currency,
          period: null,
        }
      : null,
    listingUrl: job.url ?? job.shortlink,
    applyUrl: job.application_url,
    postedAt: job.published_on ?? job.created_at,
    payload: raw,
  };
}

/** "City, Region, Country" from the parts the widget sends, skipping blanks. */
function placeText(...parts: Array<string | null>): string | null {
  const present = nonEmpty(parts);
  return present.length > 0 ? present.join(', ') : null;
}

function toNumber(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
