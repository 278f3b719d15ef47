import { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { lookupCity } from '../normalize/cities.ts';
import { countryCode } from '../normalize/countries.ts';
import { decodeEntities } from '../normalize/entities.ts';
import { lookupRegion } from '../normalize/regions.ts';
import { readEnvelope } from './feed-envelope.ts';
import { fetchAllPages } from './fetch-board.ts';
import { idFromKey, mapRows } from './map-rows.ts';
import { idField, num, text } from './row-fields.ts';
import type { ParseResult, SourceAdapter } from './source.ts';

/**
 * Hacker News "Who is hiring?" dumps (gantryops/hn-jobs-data `runs/<date>/raw.json`):
 * `{ ..., jobs: [{ id, source, by, time, text }] }`. Thread comments are free HTML whose
 * first line is, by the thread's convention, "Company | Role | Location | Remote | $pay"
 * in any order; "direct" items are a YC job-story title followed by scraped page text.
 *
 * Unlike the ATS adapters this one has to read the header line to get a title at all, so
 * it does a little light, field-level extraction (which segment is the role, which the
 * place). Deeper inference (remote type, salary figures, seniority) is still left to
 * normalization. A row never throws out of `parse`: unreadable items are rejected.
 */

export const HN_BOARD = 'hn-whoishiring';

const itemSchema = z.object({
  id: idField,
  source: text,
  by: text,
  time: num,
  text: text,
});
type HnItem = z.infer<typeof itemSchema>;

/** The dump's envelope, or a bare array of items. */
const envelopeSchema = z.union([
  z.object({ jobs: z.array(z.unknown()) }),
  z.array(z.unknown()).transform((jobs) => ({ jobs })),
]);

export function createHnWhoIsHiringSource(): SourceAdapter {
  const adapter: SourceAdapter = {
    platform: 'generic',
    paged: false,
    // Like the generic import, the "board" is where the file lives (a URL for fetches).
    boardUrls: (board) => board,
    fetchBoard: (http, board, opts) => fetchAllPages(adapter, http, board, opts),
    parse: (body, board) => parseHnWhoIsHiring(body, board),
  };
  return adapter;
}

/**
 * Pure: a raw.json body → postings. `board` defaults to 'hn-whoishiring' so the same HN
 * id read from two runs of the same thread is one posting. Throws ParseError only when
 * the body is not JSON or has no `jobs` array.
 */
export function parseHnWhoIsHiring(body: string, board: string = HN_BOARD): ParseResult {
  const envelope = readEnvelope(body, envelopeSchema, { platform: 'generic', board });
  const rows = mapRows(envelope.jobs, {
    schema: itemSchema,
    idOf: idFromKey('id'),
    map: (item, raw) => toPosting(item, raw, board),
  });
  return { postings: rows.postings, rejected: rows.rejected, skipped: rows.skipped };
}

function toPosting(item: HnItem, raw: unknown, board: string): RawPosting {
  const body = item.text;
  if (body === null) throw new Error('empty text');
  const base: RawPosting = {
    source: 'generic',
    board,
    externalId: item.id,
    title: '',
    // HN `time` is Unix seconds.
    postedAt: item.time === null ? null : item.time * 1000,
    payload: raw,
  };
  return item.source === 'direct' ? directPosting(base, body) : commentPosting(base, body);
}

// ---------------------------------------------------------------------------------------
// Thread comments

/** Longest header line we read as "A | B | C"; longer first paragraphs are prose. */
const MAX_HEADER_CHARS = 400;
/** Dash-separated headers ("Acme — Engineer — Remote") only count with short segments. */
const MAX_DASH_SEGMENT_CHARS = 80;
/** Longest header segment read as a field. */
const MAX_SEGMENT_CHARS = 150;

function commentPosting(base: RawPosting, html: string): RawPosting {
  const header = readHeader(html);
  if (header === null) throw new Error('no header line');
  const fields = classifySegments(header);
  const listingUrl = firstHref(html) ?? fields.url ?? firstBareUrl(htmlToPlain(html));
  return {
    ...base,
    title: fields.roles.length > 0 ? fields.roles.join(', ') : 'Multiple roles',
    companyName: fields.company,
    descriptionHtml: html,
    locationText: fields.locations.length > 0 ? fields.locations.join('; ') : null,
    workplaceType: fields.workplace,
    employmentType: fields.employment,
    salaryText: fields.salary,
    listingUrl: listingUrl ?? null,
  };
}

/**
 * Segments of the first line, or null when it is not a "Company | Role | ..." header.
 * Pipes are the convention; " — ", " – " and " - " are accepted when they cut the line
 * into at least three short pieces (a sentence with one dash is prose, not a header).
 */
export function readHeader(html: string): string[] | null {
  const firstBlock = html.split(/<p>|<br\s*\/?>|\n/i).find((block) => htmlToPlain(block) !== '');
  if (firstBlock === undefined) return null;
  const line = htmlToPlain(firstBlock);
  if (line.length > MAX_HEADER_CHARS) return null;
  const piped = splitSegments(line, /\s*\|\s*/);
  if (piped.length >= 2) return piped;
  const dashed = splitSegments(line, /\s+[—–-]\s+/);
  if (dashed.length >= 3 && dashed.every((s) => s.length <= MAX_DASH_SEGMENT_CHARS)) return dashed;
  return null;
}

function splitSegments(line: string, separator: RegExp): string[] {
  return line
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export interface HeaderFields {
  company: string | null;
  roles: string[];
  locations: string[];
  workplace: string | null;
  employment: string | null;
  salary: string | null;
  url: string | null;
}

/** Words that make a segment a job title ("Senior Backend Engineer", "Head of Design"). */
const ROLE_RE = wordsRe(
  'engineers?|engineering|developers?|programmers?|architects?|designers?|managers?' +
    '|scientists?|researchers?|analysts?|leads?|head of|directors?|vp|vice president|cto|ceo' +
    '|coo|cfo|sres?|swes?|sdets?|devops|devrel|interns?|internships?|co-?founders?' +
    '|consultants?|specialists?|administrators?|recruiters?|marketers?|writers?|editors?' +
    '|executives?|coordinators?|technicians?|strategists?|advocates?|officers?|mles?|mlops|qa' +
    '|testers?|product owners?|full[- ]?stack|front[- ]?end|back[- ]?end|ams?|pms?',
);
/** Words that only hint at a role; a segment that also names a place is read as a place. */
const WEAK_ROLE_RE = wordsRe(
  'founding|staff|principal|sales|associates?|partners?|operators?|roles?|positions?' +
    '|openings?|various|multiple|hiring',
);

/** `a|b|c` → a case-insensitive whole-word alternation. */
function wordsRe(alternatives: string): RegExp {
  return new RegExp(`\\b(?:${alternatives})\\b`, 'i');
}

const WORKPLACE_RE = /\b(remote|hybrid|on-?site|in[- ]office|in[- ]person)\b/gi;
const EMPLOYMENT_RE =
  /\b(full[- ]?time|part[- ]?time|contract(?:or)?|freelance|permanent|temporary|internship|fte|1099|w-?2)\b/i;
/** A currency sign or code next to a figure, or a "120k-150k" style range. */
const SALARY_RE =
  /(?:[$€£¥₹]\s?\d|\d\s?(?:[$€£¥₹]|usd|eur|gbp|cad|aud|chf|sek|inr)\b|\b(?:usd|eur|gbp|cad|aud|chf|sek|inr)\s?\d|\b\d{2,3}(?:[.,]\d+)?\s?k\s*(?:[-–—]|to)\s*\d{2,3}(?:[.,]\d+)?\s?k\b)/i;
const URL_RE =
  /^(?:https?:\/\/|www\.)\S+$|^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|io|ai|co|dev|org|net|app|tech|xyz|so|sh)(?:\/\S*)?$/i;
const PLACE_WORD_RE =
  /\b(remote|worldwide|anywhere|global(?:ly)?|europe|eu|emea|apac|latam|americas|north america|south america|asia|africa|bay area|silicon valley|timezones?|utc|gmt)\b/i;
/** Case-sensitive: "us" and "est" are words too. */
const PLACE_CODE_RE = /\b(?:U\.S\.(?:A\.)?|USA|US|UK|EST|PST|CET|ET|PT)\b/;
/** Two-letter tokens read as countries: the common ones only ("AI", "ML", "IT" are words here). */
const COUNTRY_CODES = new Set(
  'US UK GB EU CA DE FR NL IE ES PT CH SE DK NO FI PL AT BE IL AE IN SG AU NZ JP BR MX AR CO'.split(' '),
);

/** Sorts header segments into company, roles, places, pay and so on. */
export function classifySegments(segments: readonly string[]): HeaderFields {
  const out: HeaderFields = {
    company: segments[0] ?? null,
    roles: [],
    locations: [],
    workplace: null,
    employment: null,
    salary: null,
    url: null,
  };
  const workplaceHints: string[] = [];
  for (const segment of segments) {
    for (const match of segment.matchAll(WORKPLACE_RE)) {
      const hint = workplaceLabel(match[1] ?? '');
      if (!workplaceHints.includes(hint)) workplaceHints.push(hint);
    }
  }
  out.workplace = workplaceHints.length > 0 ? workplaceHints.join(', ') : null;

  for (const segment of segments.slice(1)) {
    // A long "segment" is prose that happened to contain a pipe.
    if (segment.length > MAX_SEGMENT_CHARS) continue;
    if (URL_RE.test(segment)) {
      out.url ??= segment.startsWith('http') ? segment : `https://${segment}`;
      continue;
    }
    if (SALARY_RE.test(segment)) {
      out.salary ??= segment;
      continue;
    }
    const employmentOnly = isOnlyWorkplaceOrEmployment(segment);
    if (ROLE_RE.test(segment) && !employmentOnly) {
      out.roles.push(segment);
      continue;
    }
    if (looksLikePlace(segment)) {
      out.locations.push(segment);
      continue;
    }
    if (WEAK_ROLE_RE.test(segment) && !employmentOnly) {
      out.roles.push(segment);
      continue;
    }
    const employment = EMPLOYMENT_RE.exec(segment);
    if (employment) out.employment ??= segment;
  }
  // "Spiich Labs (Stockholm) | Engineer": a place written beside the company is the
  // posting's place when no segment names one, and not part of the company's name.
  const beside = companyPlace(out.company);
  if (beside !== null) {
    out.company = beside.company;
    if (out.locations.length === 0) out.locations.push(beside.place);
  }
  // "Acme Robotics Engineer | Remote": nothing else named a role; the company line did.
  return out;
}

/**
 * "Burnin (London or NYC)" → Burnin and "London or NYC"; null unless every piece of the
 * parenthesis is a place or a remote word ("Acme (YC W22)", "Cloud Data Engine (CDE)",
 * "Happy Returns (UPS)" keep their parenthesis).
 */
export function companyPlace(company: string | null): { company: string; place: string } | null {
  const match = company === null ? null : /^(.+?)\s*\(([^()]{2,60})\)\s*$/.exec(company);
  if (!match) return null;
  const place = match[2]!.trim();
  const pieces = place
    .split(/[,;/&+]|\s[-–—]\s|\bor\b|\band\b/i)
    .map((p) => p.replace(WORKPLACE_RE, ' ').trim())
    .filter((p) => p !== '');
  const placeLike = (piece: string) => isPlace(piece) || /^(?:remote|worldwide|anywhere)$/i.test(piece);
  if (pieces.length === 0 || !pieces.every(placeLike) || !pieces.some(isPlace)) return null;
  return { company: match[1]!.trim(), place };
}

function workplaceLabel(word: string): string {
  const w = word.toLowerCase();
  if (w === 'remote') return 'Remote';
  if (w === 'hybrid') return 'Hybrid';
  return 'Onsite';
}

/** "Remote", "Full-time", "Onsite / Contract": no role even if ROLE_RE hit "support". */
function isOnlyWorkplaceOrEmployment(segment: string): boolean {
  const rest = segment.replace(WORKPLACE_RE, '').replace(new RegExp(EMPLOYMENT_RE.source, 'gi'), '');
  return !/[a-z]{3,}/i.test(rest.replace(/\b(?:only|and|or|ok|friendly|first|possible)\b/gi, ''));
}

/**
 * True when a piece names a known city, country or US/CA state ("Austin TX", "SF
 * In-Person", "stockholm ONSITE"), or says remote/worldwide. Words are tried alone and
 * as runs of up to three, so a place inside a longer phrase is still found.
 */
export function looksLikePlace(segment: string): boolean {
  if (PLACE_WORD_RE.test(segment) || PLACE_CODE_RE.test(segment)) return true;
  const tokens = segment
    .replace(WORKPLACE_RE, ' ')
    .split(/[,;/()&+|•:]|\s[-–—]\s|\bor\b|\band\b|\bin\b/i)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return tokens.some((token) => {
    if (isPlace(token)) return true;
    const words = token.split(/\s+/);
    for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
      for (let i = 0; i + n <= words.length; i++) {
        if (isPlace(words.slice(i, i + n).join(' '))) return true;
      }
    }
    return false;
  });
}

function isPlace(token: string): boolean {
  if (/^[A-Za-z]{2}$/.test(token)) {
    if (!/^[A-Z]{2}$/.test(token)) return false;
    return COUNTRY_CODES.has(token) || lookupRegion(token) !== null || lookupCity(token) !== null;
  }
  if (token.length < 3) return false;
  return lookupCity(token) !== null || countryCode(token) !== null || lookupRegion(token) !== null;
}

// ---------------------------------------------------------------------------------------
// Direct job stories ("Acme (YC W23) Is Hiring a Founding Engineer\n\n<page text>")

function directPosting(base: RawPosting, body: string): RawPosting {
  const newline = body.indexOf('\n');
  const rawTitle = newline === -1 ? body : body.slice(0, newline);
  // A few stories carry HTML in place of the plain title.
  const title = htmlToPlain(rawTitle.split(/<p>/i)[0] ?? '').slice(0, 300);
  if (title === '') throw new Error('no title line');
  const rest = newline === -1 ? '' : body.slice(newline + 1).trim();
  const salary = SALARY_FIGURES.exec(title);
  const page = ycJobLine(rest);
  const list = page === null ? ycJobList(rest) : null;
  return {
    ...base,
    title,
    companyName: storyCompany(title),
    descriptionText: rest === '' ? null : rest,
    salaryText: salary ? salary[0] : (page?.salary ?? list?.salary ?? null),
    locationText: page?.location ?? titlePlace(title) ?? list?.location ?? null,
    employmentType: page?.jobType ?? null,
    listingUrl: firstBareUrl(rest) ?? null,
  };
}

/**
 * The place a story's title names: "Flexport Is Hiring Engineers in Amsterdam", "Padlet
 * (YC W13) Is Hiring in San Francisco and Singapore", "Converge (YC S23) Is Hiring a
 * Founding Platform Engineer (NYC, Onsite)". Null when the words are no place ("in AI").
 */
export function titlePlace(title: string): string | null {
  const candidates = [
    ...[...title.matchAll(/\(([^()]{2,60})\)/g)].map((m) => m[1]!).filter((c) => !/^YC\b/i.test(c)),
    /^.*\bin\s+((?:the\s+)?\p{Lu}[^()]{1,60}?)\s*$/u.exec(title)?.[1],
  ];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const place = candidate.replace(WORKPLACE_RE, ' ').replace(/^[\s,]+|[\s,]+$/g, '');
    if (place !== '' && looksLikePlace(place) && !/\b(?:summer|winter|spring|fall)\b/i.test(place))
      return candidate;
  }
  return null;
}

/** One row of a YC company's job list: "<role> <place> $120K - $190K 0.10% - 0.50%". */
const LIST_ROW = /([^$•\n]{3,160}?)\s(\$\d[\d.]*K\s-\s\$\d[\d.]*K)\s\d+(?:\.\d+)?%\s-\s\d+(?:\.\d+)?%/g;

/**
 * The places of a YC company's job list page ("Jobs at Zep AI … Lead Forward Deployed
 * Engineer San Francisco, United States / Remote (US) $175K - $250K 0.50% - 1.50% 6+ years
 * Apply Now ›"): each row's role and place run together, so the place is the longest run
 * of words before its comma that the gazetteer knows as a city. The rows' places, joined,
 * and the first row's pay.
 */
export function ycJobList(text: string): { location: string | null; salary: string | null } | null {
  const start = text.indexOf('Jobs at ');
  if (start === -1) return null;
  const places: string[] = [];
  let salary: string | null = null;
  for (const row of text.slice(start).matchAll(LIST_ROW)) {
    salary ??= row[2]!;
    const place = rowPlace(row[1]!.replace(/.*›\s*/, ''));
    if (place !== null && !places.includes(place)) places.push(place);
  }
  return salary === null ? null : { location: places.length > 0 ? places.join('; ') : null, salary };
}

function rowPlace(row: string): string | null {
  const comma = row.indexOf(',');
  if (comma === -1) return null;
  const words = row.slice(0, comma).trim().split(/\s+/);
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const city = words.slice(words.length - n).join(' ');
    if (/^\p{Lu}/u.test(city) && lookupCity(city) !== null) return `${city}${row.slice(comma)}`.trim();
  }
  return null;
}

const SALARY_FIGURES = /[$€£]\s?\d[\d.,]*\s?[kK]?(?:\s*[-–—]\s*[$€£]?\s?\d[\d.,]*\s?[kK]?)?/;

/**
 * The role line of a YC "Work at a Startup" job page, as these stories carry it scraped:
 * "Founding Engineer $200K - $350K • 0.50% - 2.00% • San Francisco, CA, US Job type
 * Full-time Role …". Pay, equity and place are "•"-separated before "Job type"; the
 * place is the piece that is neither pay nor equity.
 */
export function ycJobLine(
  text: string,
): { salary: string | null; location: string | null; jobType: string | null } | null {
  const line =
    /((?:[^•\n]{0,120}•){1,3}[^•\n]{1,120}?)\s+Job type\s+([A-Za-z-]+(?:\s[A-Za-z-]+)?)\s+Role\b/.exec(text);
  if (!line) return null;
  const pieces = line[1]!.split('•').map((p) => p.trim());
  const salaryPiece = pieces.find((p) => SALARY_FIGURES.test(p));
  const location = pieces
    .slice(1)
    .find((p) => !SALARY_FIGURES.test(p) && !/\d%/.test(p) && looksLikePlace(p));
  return {
    salary: salaryPiece ? (SALARY_FIGURES.exec(salaryPiece)?.[0] ?? null) : null,
    location: location ?? null,
    jobType: line[2] ?? null,
  };
}

/** "Kyber (YC W23) Is Hiring…" → "Kyber"; "Ubicloud (YC W24): Engineer" → "Ubicloud". */
export function storyCompany(title: string): string | null {
  const match =
    /^(.+?)\s*\((?:YC\b[^)]*)\)/i.exec(title) ??
    /^(.+?)\s+(?:is|are)\s+hiring\b/i.exec(title) ??
    /^(.+?)\s+hiring\b/i.exec(title) ??
    /^(.{1,60}?)\s*[:–—|]\s/.exec(title);
  const name = match?.[1]?.trim();
  return name !== undefined && name !== '' && name.length <= 80 ? name : null;
}

// ---------------------------------------------------------------------------------------
// Small HTML helpers (HN comments use only <p>, <a>, <i>, <pre>, <code>)

function htmlToPlain(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

function firstHref(html: string): string | undefined {
  const match = /<a\s[^>]*href="([^"]+)"/i.exec(html);
  if (!match?.[1]) return undefined;
  const href = decodeEntities(match[1]);
  return /^https?:\/\//i.test(href) ? href : undefined;
}

function firstBareUrl(plain: string): string | undefined {
  const match = /https?:\/\/[^\s<>"')\]]+/i.exec(plain);
  return match ? match[0].replace(/[.,;:!?]+$/, '') : undefined;
}
