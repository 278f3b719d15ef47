import { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { readEnvelope } from './feed-envelope.ts';
import { fetchAllPages } from './fetch-board.ts';
import { idFromKey, mapRows } from './map-rows.ts';
import { flag, idField, nonEmpty, obj, text, titleField } from './row-fields.ts';
import type { SourceAdapter } from './source.ts';

/**
 * SmartRecruiters Posting API (ats-formats.md §2.5): `{ offset, limit, totalFound,
 * content }`, paged by offset until `totalFound` rows were read. The list has no
 * description or salary; those live on the per-posting detail call, which we do not
 * make (one request per job would multiply load on big boards).
 */

export interface SmartRecruitersSourceOptions {
  /** @default 'https://api.smartrecruiters.com' */
  baseUrl?: string;
  /** Public job page host for listing URLs. @default 'https://jobs.smartrecruiters.com' */
  jobsUrl?: string;
  /** Page size; the API allows up to 100. @default 100 */
  pageSize?: number;
}

const labelled = obj({ label: text });
/** A label with the platform's own code for it. */
const coded = obj({ id: text, label: text });

const postingSchema = z.object({
  id: idField,
  name: titleField,
  company: obj({ identifier: text, name: text }),
  releasedDate: text,
  location: obj({
    city: text,
    region: text,
    country: text,
    remote: flag,
    hybrid: flag,
    fullLocation: text,
  }),
  department: labelled,
  typeOfEmployment: coded,
  experienceLevel: coded,
});
type SmartRecruitersPosting = z.infer<typeof postingSchema>;

const envelopeSchema = z.object({
  offset: z.number(),
  limit: z.number(),
  totalFound: z.number(),
  content: z.array(z.unknown()),
});

export function createSmartRecruitersSource(options: SmartRecruitersSourceOptions = {}): SourceAdapter {
  const baseUrl = (options.baseUrl ?? 'https://api.smartrecruiters.com').replace(/\/+$/, '');
  const jobsUrl = (options.jobsUrl ?? 'https://jobs.smartrecruiters.com').replace(/\/+$/, '');
  const pageSize = options.pageSize ?? 100;
  const pageUrl = (board: string, offset: number) =>
    `${baseUrl}/v1/companies/${encodeURIComponent(board)}/postings?offset=${offset}&limit=${pageSize}`;

  const adapter: SourceAdapter = {
    platform: 'smartrecruiters',
    paged: true,
    boardUrls: (board) => pageUrl(board, 0),
    fetchBoard: (http, board, opts) => fetchAllPages(adapter, http, board, opts),
    parse(body, board) {
      const envelope = readEnvelope(body, envelopeSchema, { platform: 'smartrecruiters', board });
      const rows = mapRows(envelope.content, {
        schema: postingSchema,
        idOf: idFromKey('id'),
        map: (p, raw) => toPosting(p, raw, board, jobsUrl),
      });
      const reached = envelope.offset + envelope.content.length;
      // An empty page ends the loop even if totalFound says more: the loop then reports it partial.
      const next =
        envelope.content.length > 0 && reached < envelope.totalFound ? pageUrl(board, reached) : undefined;
      return {
        postings: rows.postings,
        rejected: rows.rejected,
        total: envelope.totalFound,
        ...(next ? { next } : {}),
      };
    },
  };
  return adapter;
}

function toPosting(p: SmartRecruitersPosting, raw: unknown, board: string, jobsUrl: string): RawPosting {
  const company = p.company?.identifier ?? board;
  return {
    source: 'smartrecruiters',
    board,
    externalId: p.id,
    title: p.name,
    companyName: p.company?.name ?? null,
    locationText: p.location?.fullLocation ?? null,
    city: p.location?.city ?? null,
    region: p.location?.region ?? null,
    country: p.location?.country ?? null,
    workplaceType: workplaceOf(p.location),
    remoteFlag: p.location?.remote ?? null,
    employmentType: labelAndId(p.typeOfEmployment),
    department: p.department?.label ?? null,
    seniority: labelAndId(p.experienceLevel),
    listingUrl: `${jobsUrl}/${encodeURIComponent(company)}/${encodeURIComponent(p.id)}`,
    postedAt: p.releasedDate,
    payload: raw,
  };
}

/**
 * SmartRecruiters states the workplace as two flags. Newer postings carry `hybrid`, and
 * then both false is an explicit on-site; older ones carry only `remote`, where false
 * says nothing, so it stays null ("unknown").
 */
function workplaceOf(location: SmartRecruitersPosting['location']): string | null {
  if (location === null) return null;
  if (location.hybrid === true) return 'hybrid';
  if (location.remote === true) return 'remote';
  if (location.hybrid === false && location.remote === false) return 'onsite';
  return null;
}

/**
 * A label in the board's language ("Vollzeit", "Temps plein", "正社員") beside its
 * stable id ("permanent", "part_time", "mid_senior_level"): both go to the classifier,
 * label first, so a label it cannot read still has the id to go by (before, only the
 * label was read).
 */
function labelAndId(v: { id: string | null; label: string | null } | null | undefined): string | null {
  if (!v) return null;
  const parts = nonEmpty([v.label, v.id]);
  if (parts.length === 2 && parts[0]!.toLowerCase() === parts[1]!.toLowerCase()) parts.pop();
  return parts.length > 0 ? parts.join(', ') : null;
}
