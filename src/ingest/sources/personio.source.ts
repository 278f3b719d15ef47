import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { escapeHtml } from './escape-html.ts';
import { fetchAllPages } from './fetch-board.ts';
import { idFromKey, mapRows } from './map-rows.ts';
import { ParseError } from './parse-error.ts';
import { idField, list, nonEmpty, text, titleField } from './row-fields.ts';
import type { SourceAdapter } from './source.ts';

/**
 * Personio XML feed (ats-formats.md §2.7): `<workzag-jobs>` with repeated `<position>`,
 * unpaged. An unknown subdomain answers with a 307 to Personio's own site, so redirects
 * mean "no such board". The feed has no job URL, salary or remote field.
 */

export interface PersonioSourceOptions {
  /** Board root; `{board}` is replaced by the company subdomain. @default 'https://{board}.jobs.personio.de' */
  baseUrl?: string;
  /** Feed language; the feed is German unless asked otherwise. @default 'en' */
  language?: string;
}

/** Elements that repeat; a single occurrence must still come out as an array. */
const REPEATED_PATHS = new Set([
  'workzag-jobs.position',
  'workzag-jobs.position.additionalOffices.office',
  'workzag-jobs.position.jobDescriptions.jobDescription',
]);

const xml = new XMLParser({
  // Ids and keywords must stay text ("007" is not 7).
  parseTagValue: false,
  trimValues: true,
  isArray: (_name, jpath) => REPEATED_PATHS.has(String(jpath)),
});

/** An empty element (`<additionalOffices/>`) parses as '' — read it as absent. */
const emptyAsNull = (v: unknown) => (v === '' ? null : v);
const section = z.object({ name: text, value: text });

/**
 * `<additionalOffices>` comes in two forms: `<office>` elements, or plain text naming
 * the offices ("Düsseldorf, Bonn"), which used to reject the whole row. Office names
 * are the company's own labels, so commas and semicolons separate them.
 */
function officesAsList(v: unknown): unknown {
  if (typeof v !== 'string') return emptyAsNull(v);
  const offices = v.split(/\s*[,;|]\s*/).filter((o) => o !== '');
  return offices.length > 0 ? { office: offices } : null;
}

const positionSchema = z.object({
  id: idField,
  name: titleField,
  subcompany: text,
  office: text,
  additionalOffices: z.preprocess(officesAsList, z.object({ office: list(text) }).nullish()),
  department: text,
  jobDescriptions: z.preprocess(emptyAsNull, z.object({ jobDescription: list(section) }).nullish()),
  employmentType: text,
  seniority: text,
  schedule: text,
  keywords: text,
  createdAt: text,
});
type PersonioPosition = z.infer<typeof positionSchema>;

const envelopeSchema = z.object({
  'workzag-jobs': z.preprocess(
    emptyAsNull,
    z.object({ position: z.array(z.unknown()).optional() }).nullable(),
  ),
});

export function createPersonioSource(options: PersonioSourceOptions = {}): SourceAdapter {
  const template = (options.baseUrl ?? 'https://{board}.jobs.personio.de').replace(/\/+$/, '');
  const language = options.language ?? 'en';
  const root = (board: string) => template.replace('{board}', encodeURIComponent(board));

  const adapter: SourceAdapter = {
    platform: 'personio',
    paged: false,
    boardUrls: (board) => `${root(board)}/xml?language=${encodeURIComponent(language)}`,
    fetchBoard: (http, board, opts) =>
      fetchAllPages(adapter, http, board, opts, {
        accept: 'application/xml, text/xml',
        redirectAsNotFound: true,
      }),
    parse(body, board) {
      const positions = readPositions(body, board);
      const rows = mapRows(positions, {
        schema: positionSchema,
        idOf: idFromKey('id'),
        map: (p, raw) => toPosting(p, raw, board, `${root(board)}/job/${encodeURIComponent(p.id)}`),
      });
      return { postings: rows.postings, rejected: rows.rejected };
    },
  };
  return adapter;
}

function readPositions(body: string, board: string): unknown[] {
  const where = { platform: 'personio', board };
  const valid = XMLValidator.validate(body);
  if (valid !== true) {
    throw new ParseError(`personio board "${board}": body is not XML (${valid.err.msg})`, where);
  }
  const parsed = envelopeSchema.safeParse(xml.parse(body));
  if (!parsed.success) throw new ParseError(`personio board "${board}": no <workzag-jobs> root`, where);
  return parsed.data['workzag-jobs']?.position ?? [];
}

function toPosting(p: PersonioPosition, raw: unknown, board: string, url: string): RawPosting {
  const office = blank(p.office);
  const sections = p.jobDescriptions?.jobDescription ?? [];
  const html = sections.map((s) => `<h3>${escapeHtml(s.name ?? '')}</h3>${s.value ?? ''}`).join('\n');
  // "permanent" says the contract, "full-time" the hours; both are needed to map a job type.
  const employment = nonEmpty([blank(p.employmentType), blank(p.schedule)]).join(', ');
  return {
    source: 'personio',
    board,
    externalId: p.id,
    title: p.name,
    companyName: blank(p.subcompany),
    descriptionHtml: html === '' ? null : html,
    locationText: office,
    extraLocations: [...new Set(nonEmpty(p.additionalOffices?.office ?? []))].filter((o) => o !== office),
    employmentType: employment === '' ? null : employment,
    department: blank(p.department),
    seniority: blank(p.seniority),
    listingUrl: url,
    postedAt: personioTime(blank(p.createdAt)),
    tags: nonEmpty((p.keywords ?? '').split(',').map((k) => k.trim())),
    payload: raw,
  };
}

function blank(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value;
}

/** "2026-02-18T10:20:30+0200" → "…+02:00" (ISO 8601 extended); other shapes pass through. */
export function personioTime(value: string | null): string | null {
  if (value === null) return null;
  return value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
}
