import { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { readEnvelope } from './feed-envelope.ts';
import { fetchAllPages } from './fetch-board.ts';
import { idFromKey, mapRows } from './map-rows.ts';
import { flag, idField, list, nonEmpty, num, obj, text, titleField } from './row-fields.ts';
import type { SourceAdapter } from './source.ts';

/**
 * Recruitee careers API (ats-formats.md §2.6): `GET https://{company}.recruitee.com/api/offers/`
 * → `{ offers }`, unpaged. Salary figures arrive as strings and timestamps as
 * "YYYY-MM-DD HH:MM:SS UTC", which Date.parse does not read reliably, so both are
 * converted here.
 */

export interface RecruiteeSourceOptions {
  /** Board root; `{board}` is replaced by the company subdomain. @default 'https://{board}.recruitee.com' */
  baseUrl?: string;
}

/** Entries of `locations[]`: objects on current boards; plain strings tolerated. */
const placeSchema = z.union([z.string(), z.object({ name: text, city: text, state: text, country: text })]);

const offerSchema = z.object({
  id: idField,
  title: titleField,
  description: text,
  requirements: text,
  location: text,
  city: text,
  country: text,
  country_code: text,
  state_code: text,
  locations: list(placeSchema),
  remote: flag,
  hybrid: flag,
  on_site: flag,
  careers_url: text,
  careers_apply_url: text,
  company_name: text,
  department: text,
  updated_at: text,
  published_at: text,
  created_at: text,
  close_at: text,
  employment_type_code: text,
  experience_code: text,
  tags: list(text),
  salary: obj({ min: num, max: num, currency: text, period: text }),
  lang_code: text,
  primary_lang_code: text,
  translations: z
    .record(z.string(), z.object({ title: text, description: text, requirements: text }).partial().nullish())
    .nullish()
    .catch(null),
});
type RecruiteeOffer = z.infer<typeof offerSchema>;

const envelopeSchema = z.object({ offers: z.array(z.unknown()) });

export function createRecruiteeSource(options: RecruiteeSourceOptions = {}): SourceAdapter {
  const template = (options.baseUrl ?? 'https://{board}.recruitee.com').replace(/\/+$/, '');

  const adapter: SourceAdapter = {
    platform: 'recruitee',
    paged: false,
    boardUrls: (board) => `${template.replace('{board}', encodeURIComponent(board))}/api/offers/`,
    fetchBoard: (http, board, opts) => fetchAllPages(adapter, http, board, opts),
    parse(body, board) {
      const envelope = readEnvelope(body, envelopeSchema, { platform: 'recruitee', board });
      const rows = mapRows(envelope.offers, {
        schema: offerSchema,
        idOf: idFromKey('id'),
        map: (offer, raw) => toPosting(offer, raw, board),
      });
      return { postings: rows.postings, rejected: rows.rejected };
    },
  };
  return adapter;
}

function toPosting(o: RecruiteeOffer, raw: unknown, board: string): RawPosting {
  const places = o.locations.map((p) =>
    typeof p === 'string' ? p : (p.name ?? nonEmpty([p.city, p.state, p.country]).join(', ')),
  );
  const description = nonEmpty([o.description, o.requirements]);
  if (description.length === 0) description.push(...translatedText(o));
  const salary = o.salary;
  return {
    source: 'recruitee',
    board,
    externalId: o.id,
    title: o.title,
    companyName: o.company_name,
    descriptionHtml: description.length > 0 ? description.join('\n') : null,
    locationText: o.location,
    extraLocations: [...new Set(nonEmpty(places))].filter((p) => p !== o.location),
    city: o.city,
    region: o.state_code,
    country: o.country_code ?? o.country,
    workplaceType: workplaceOf(o),
    remoteFlag: o.remote,
    employmentType: o.employment_type_code,
    department: o.department,
    seniority: o.experience_code,
    salary:
      salary && (salary.min !== null || salary.max !== null)
        ? { min: salary.min, max: salary.max, currency: salary.currency, period: salary.period }
        : null,
    listingUrl: o.careers_url,
    applyUrl: o.careers_apply_url,
    postedAt: recruiteeTime(o.published_at ?? o.created_at),
    updatedAt: recruiteeTime(o.updated_at),
    expiresAt: recruiteeTime(o.close_at),
    tags: nonEmpty(o.tags),
    payload: raw,
  };
}

/**
 * Some offers carry their text only per language, under `translations` (`{ "nl":
 * { description, requirements } }`), with empty top-level fields: the offer's own
 * language first, then English, then any language that has text.
 */
function translatedText(o: RecruiteeOffer): string[] {
  const byLang = o.translations ?? {};
  const order = [o.lang_code, o.primary_lang_code, 'en', ...Object.keys(byLang)];
  for (const lang of order) {
    const t = lang ? byLang[lang] : undefined;
    const text = t ? nonEmpty([t.description, t.requirements]) : [];
    if (text.length > 0) return text;
  }
  return [];
}

/** The three exclusive flags, reported under Recruitee's own names. */
function workplaceOf(o: RecruiteeOffer): string | null {
  if (o.remote === true) return 'remote';
  if (o.hybrid === true) return 'hybrid';
  if (o.on_site === true) return 'on_site';
  return null;
}

/** "2026-02-12 08:00:00 UTC" → "2026-02-12T08:00:00Z"; other shapes pass through unchanged. */
export function recruiteeTime(value: string | null): string | null {
  if (value === null) return null;
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?) UTC$/.exec(value.trim());
  return m ? `${m[1]}T${m[2]}Z` : value;
}
