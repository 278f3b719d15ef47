import { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { readEnvelope } from './feed-envelope.ts';
import { fetchAllPages } from './fetch-board.ts';
import { idFromKey, mapRows } from './map-rows.ts';
import { flag, idField, list, nonEmpty, num, obj, text, titleField } from './row-fields.ts';
import type { SourceAdapter } from './source.ts';

/**
 * Greenhouse Job Board API (ats-formats.md §2.1): one unpaged GET per board,
 * `{ jobs, meta: { total } }`. `content` stays entity-escaped (`&lt;p&gt;`); the
 * normalizer unescapes and sanitizes it.
 */

export interface GreenhouseSourceOptions {
  /** @default 'https://boards-api.greenhouse.io' */
  baseUrl?: string;
  /** Ask for `pay_input_ranges` (`&pay_transparency=true`). @default true */
  payTransparency?: boolean;
}

const metadataItem = z.object({ name: text, value: z.unknown(), value_type: text });

const jobSchema = z.object({
  id: idField,
  title: titleField,
  updated_at: text,
  first_published: text,
  location: obj({ name: text }),
  absolute_url: text,
  company_name: text,
  content: text,
  metadata: list(metadataItem),
  departments: list(z.object({ name: text })),
  offices: list(z.object({ name: text, location: text })),
  pay_input_ranges: list(z.object({ min_cents: num, max_cents: num, currency_type: text })),
});
type GreenhouseJob = z.infer<typeof jobSchema>;

/** The API envelope, or the techjobshub collector's wrapper around the same jobs. */
const envelopeSchema = z.union([
  // Wrapper first: the API shape would also match it and drop job_count.
  z.object({
    company: z.string(),
    fetched_at: z.string(),
    job_count: z.number(),
    jobs: z.array(z.unknown()),
  }),
  z.object({ jobs: z.array(z.unknown()), meta: z.object({ total: z.number() }).nullish() }),
]);

/** Custom-field names seen on real boards for the fields Greenhouse lacks (case-insensitive). */
const EMPLOYMENT_FIELDS = ['employment type', 'time type'];
const WORKPLACE_FIELDS = ['workplace type', 'remote type', 'location type'];
const REMOTE_FLAG_FIELDS = ['remote', 'is remote?', 'remote worker'];

export function createGreenhouseSource(options: GreenhouseSourceOptions = {}): SourceAdapter {
  const baseUrl = (options.baseUrl ?? 'https://boards-api.greenhouse.io').replace(/\/+$/, '');
  const pay = options.payTransparency ?? true;

  const adapter: SourceAdapter = {
    platform: 'greenhouse',
    paged: false,
    boardUrls: (board) =>
      `${baseUrl}/v1/boards/${encodeURIComponent(board)}/jobs?content=true${pay ? '&pay_transparency=true' : ''}`,
    fetchBoard: (http, board, opts) => fetchAllPages(adapter, http, board, opts),
    parse(body, board) {
      const envelope = readEnvelope(body, envelopeSchema, { platform: 'greenhouse', board });
      const rows = mapRows(envelope.jobs, {
        schema: jobSchema,
        idOf: idFromKey('id'),
        map: (job, raw) => toPosting(job, raw, board),
      });
      const total = 'job_count' in envelope ? envelope.job_count : envelope.meta?.total;
      return { postings: rows.postings, rejected: rows.rejected, ...(total == null ? {} : { total }) };
    },
  };
  return adapter;
}

function toPosting(job: GreenhouseJob, raw: unknown, board: string): RawPosting {
  const meta = readMetadata(job.metadata);
  const range = job.pay_input_ranges[0];
  const locationText = job.location?.name ?? null;
  // Offices repeat the places of a multi-location job in structured form; keep the ones
  // the location text does not already say verbatim.
  const officePlaces = nonEmpty(job.offices.map((o) => o.location ?? o.name));
  return {
    source: 'greenhouse',
    board,
    externalId: job.id,
    title: job.title,
    companyName: job.company_name,
    descriptionHtml: job.content,
    locationText,
    extraLocations: [...new Set(officePlaces)].filter((place) => place !== locationText),
    workplaceType: meta.workplaceType,
    remoteFlag: meta.remoteFlag,
    employmentType: meta.employmentType,
    department: job.departments[0]?.name ?? null,
    salary: range
      ? {
          min: range.min_cents === null ? null : range.min_cents / 100,
          max: range.max_cents === null ? null : range.max_cents / 100,
          currency: range.currency_type,
          period: null,
        }
      : null,
    listingUrl: job.absolute_url,
    postedAt: job.first_published,
    updatedAt: job.updated_at,
    payload: raw,
  };
}

interface MetadataFields {
  employmentType: string | null;
  workplaceType: string | null;
  remoteFlag: boolean | null;
}

/** Reads the custom fields by name; values pass through as posted. */
function readMetadata(items: Array<z.infer<typeof metadataItem>>): MetadataFields {
  const out: MetadataFields = { employmentType: null, workplaceType: null, remoteFlag: null };
  for (const item of items) {
    const name = item.name?.trim().toLowerCase() ?? '';
    const value = item.value;
    if (typeof value === 'string' && value.trim() !== '') {
      if (out.employmentType === null && EMPLOYMENT_FIELDS.includes(name)) out.employmentType = value;
      // A "Remote" select holding text ("Hybrid") is a workplace value, not a yes/no.
      if (
        out.workplaceType === null &&
        (WORKPLACE_FIELDS.includes(name) || REMOTE_FLAG_FIELDS.includes(name))
      ) {
        out.workplaceType = value;
      }
    }
    const bool = flag.parse(value);
    if (out.remoteFlag === null && bool !== null && REMOTE_FLAG_FIELDS.includes(name)) out.remoteFlag = bool;
  }
  return out;
}
