import { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { escapeHtml } from './escape-html.ts';
import { readEnvelope } from './feed-envelope.ts';
import { fetchAllPages } from './fetch-board.ts';
import { idFromKey, mapRows } from './map-rows.ts';
import { idField, list, nonEmpty, num, obj, text, titleField } from './row-fields.ts';
import type { SourceAdapter } from './source.ts';

/**
 * Lever Postings API (ats-formats.md §2.2): a bare JSON array paged with `skip`/`limit`.
 * Lever sends no total, so we keep asking while a page comes back full.
 * An unknown site answers `{"ok":false,"error":"Document not found"}` (sometimes with 200).
 */

export interface LeverSourceOptions {
  /** Use 'https://api.eu.lever.co' for EU-hosted sites. @default 'https://api.lever.co' */
  baseUrl?: string;
  /** Page size. @default 100 */
  pageSize?: number;
}

const postingSchema = z.object({
  id: idField,
  text: titleField,
  categories: obj({
    commitment: text,
    department: text,
    team: text,
    location: text,
    level: text,
    allLocations: list(text),
  }),
  country: text,
  workplaceType: text,
  createdAt: num,
  hostedUrl: text,
  applyUrl: text,
  description: text,
  descriptionPlain: text,
  lists: list(z.object({ text: text, content: text })),
  additional: text,
  additionalPlain: text,
  salaryRange: obj({ currency: text, interval: text, min: num, max: num }),
  salaryDescriptionPlain: text,
});
type LeverPosting = z.infer<typeof postingSchema>;

const envelopeSchema = z.array(z.unknown(), { error: 'expected a JSON array of postings' });

/** Lever's "no such site" body; exported for the fetch loop and tests. */
export function isLeverNotFoundBody(body: string): boolean {
  if (!body.trimStart().startsWith('{')) return false;
  try {
    const json = JSON.parse(body) as { ok?: unknown };
    return json.ok === false;
  } catch {
    return false;
  }
}

export function createLeverSource(options: LeverSourceOptions = {}): SourceAdapter {
  const baseUrl = (options.baseUrl ?? 'https://api.lever.co').replace(/\/+$/, '');
  const pageSize = options.pageSize ?? 100;
  const pageUrl = (board: string, skip: number) =>
    `${baseUrl}/v0/postings/${encodeURIComponent(board)}?mode=json&skip=${skip}&limit=${pageSize}`;

  const adapter: SourceAdapter = {
    platform: 'lever',
    paged: true,
    boardUrls: (board) => pageUrl(board, 0),
    fetchBoard: (http, board, opts) =>
      fetchAllPages(adapter, http, board, opts, { isNotFoundBody: isLeverNotFoundBody }),
    parse(body, board, ctx) {
      const rowsRaw = readEnvelope(body, envelopeSchema, { platform: 'lever', board });
      const rows = mapRows(rowsRaw, {
        schema: postingSchema,
        idOf: idFromKey('id'),
        map: (p, raw) => toPosting(p, raw, board),
      });
      const { skip, limit } = readPaging(ctx?.url, pageSize);
      // A full page may be followed by more; a short one is the last.
      const next =
        rowsRaw.length > 0 && rowsRaw.length >= limit ? pageUrl(board, skip + rowsRaw.length) : undefined;
      return { postings: rows.postings, rejected: rows.rejected, ...(next ? { next } : {}) };
    },
  };
  return adapter;
}

function readPaging(url: string | undefined, pageSize: number): { skip: number; limit: number } {
  if (url === undefined) return { skip: 0, limit: pageSize };
  const params = new URL(url).searchParams;
  const skip = Number(params.get('skip') ?? 0);
  const limit = Number(params.get('limit') ?? pageSize);
  return {
    skip: Number.isFinite(skip) ? skip : 0,
    limit: Number.isFinite(limit) && limit > 0 ? limit : pageSize,
  };
}

function toPosting(p: LeverPosting, raw: unknown, board: string): RawPosting {
  const cat = p.categories;
  const location = cat?.location ?? null;
  return {
    source: 'lever',
    board,
    externalId: p.id,
    title: p.text,
    descriptionHtml: joinDescription(p),
    descriptionText: joinPlainText(p),
    locationText: location,
    extraLocations: nonEmpty(cat?.allLocations ?? []).filter((l) => l !== location),
    country: p.country,
    workplaceType: p.workplaceType,
    employmentType: cat?.commitment ?? null,
    department: cat?.department ?? null,
    seniority: cat?.level ?? null,
    salary: p.salaryRange
      ? {
          min: p.salaryRange.min,
          max: p.salaryRange.max,
          currency: p.salaryRange.currency,
          period: p.salaryRange.interval,
        }
      : null,
    salaryText: p.salaryDescriptionPlain,
    listingUrl: p.hostedUrl,
    applyUrl: p.applyUrl,
    postedAt: p.createdAt,
    tags: nonEmpty([cat?.team]),
    payload: raw,
  };
}

/**
 * Lever splits the ad into the description (its opening included), titled `<li>` lists
 * (what the job needs: most of the skills) and a closing block; the ad is all three.
 */
function joinDescription(p: LeverPosting): string | null {
  const parts = [
    p.description,
    ...p.lists.map((l) => `<h3>${escapeHtml(l.text ?? '')}</h3><ul>${l.content ?? ''}</ul>`),
    p.additional,
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length > 0 ? parts.join('\n') : null;
}

/**
 * The plain text of the whole ad. Lever's `descriptionPlain` is the description alone:
 * taken as the text, it left the lists and the closing block out of search and skills.
 * Lever sends no plain form of a list, so when the ad has lists, or a closing block
 * without its plain form, the text is left to be read from the joined HTML (normalize).
 */
function joinPlainText(p: LeverPosting): string | null {
  const hasLists = p.lists.some((l) => (l.content ?? '').trim() !== '' || (l.text ?? '').trim() !== '');
  if (hasLists || (p.additional && !p.additionalPlain)) return null;
  const parts = nonEmpty([p.descriptionPlain, p.additionalPlain]);
  return parts.length > 0 ? parts.join('\n\n') : null;
}
