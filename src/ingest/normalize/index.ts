/**
 * normalizePosting: one RawPosting from a source adapter → one NormalizedJob, or a
 * reason why the row is unusable. It composes the single-purpose modules of this
 * folder and never throws, whatever shape arrives (adapters parse third-party JSON, so
 * a number where a string belongs must cost one row, not the whole fetch).
 */
import { ATS_PLATFORMS, isOneOf } from '../../domain/enums.ts';
import type { NormalizedJob } from '../../domain/job.ts';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { classifyCategory } from './category.ts';
import { cleanCompanyName, normalizeCompanyName, normalizeDomain } from './company.ts';
import { currencyForCountry } from './countries.ts';
import { parseDate } from './dates.ts';
import { sanitizedDescription, textToSafeHtml, tidyText } from './html.ts';
import { classifyJobType } from './job-type.ts';
import { repairHtmlEscapes, repairMojibake, repairText } from './mojibake.ts';
import { parseLocations } from './location.ts';
import { payloadHash } from './payload-hash.ts';
import { classifyRemoteType } from './remote-type.ts';
import { normalizeSalary } from './salary.ts';
import { classifySeniority } from './seniority.ts';
import { extractSkills } from './skills.ts';
import { cleanTitle, normalizeTitle } from './title.ts';
import { storableText } from '../../domain/text.ts';

export type NormalizeResult = { ok: true; job: NormalizedJob } | { ok: false; reason: string };

export interface NormalizeOptions {
  /** Reference time for date plausibility checks (tests pin it). */
  now?: Date;
}

export const MAX_TITLE_LENGTH = 300;
export const MAX_DESCRIPTION_LENGTH = 200_000;
const MAX_EXTERNAL_ID_LENGTH = 255;

/** A trimmed non-empty string, or null for anything else. */
function str(value: unknown, max = 10_000): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' ? null : t.slice(0, max);
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim())
    : [];
}

function httpUrl(value: unknown): string | null {
  const s = str(value, 4_000);
  if (s === null) return null;
  try {
    const url = new URL(s);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function truncate(s: string, max: number): string {
  return s.length > max ? s.slice(0, max) : s;
}

/**
 * The external id as stored: storable text, trimmed. Ids that differ only in what this
 * removes are one posting (the pipeline keeps the last copy of each).
 */
export function externalIdKey(externalId: string): string {
  return storableText(externalId).trim();
}

function validate(
  raw: unknown,
): { ok: true; raw: RawPosting; title: string; externalId: string } | { ok: false; reason: string } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, reason: 'invalid posting' };
  const r = raw as Record<string, unknown>;
  if (!isOneOf(ATS_PLATFORMS, r.source)) return { ok: false, reason: 'invalid source' };
  if (typeof r.board !== 'string' || r.board.trim() === '') return { ok: false, reason: 'missing board' };
  if (r.externalId === undefined || r.externalId === null || r.externalId === '')
    return { ok: false, reason: 'missing external id' };
  if (typeof r.externalId !== 'string') return { ok: false, reason: 'invalid external id' };
  const externalId = externalIdKey(r.externalId);
  if (externalId === '' || externalId.length > MAX_EXTERNAL_ID_LENGTH || /[\u0000-\u001f]/.test(externalId)) {
    return { ok: false, reason: 'invalid external id' };
  }
  if (r.title === undefined || r.title === null) return { ok: false, reason: 'missing title' };
  if (typeof r.title !== 'string') return { ok: false, reason: 'invalid title' };
  const title = cleanTitle(repairText(r.title));
  if (title === '') return { ok: false, reason: 'missing title' };
  if (title.length > MAX_TITLE_LENGTH) return { ok: false, reason: 'title too long' };
  return { ok: true, raw: raw as RawPosting, title, externalId };
}

function build(raw: RawPosting, title: string, externalId: string, now: Date): NormalizedJob {
  const board = raw.board.trim();

  // Mojibake and twice-escaped references are repaired before anything reads the text.
  const rawHtml =
    typeof raw.descriptionHtml === 'string'
      ? repairMojibake(repairHtmlEscapes(truncate(raw.descriptionHtml, MAX_DESCRIPTION_LENGTH)))
      : '';
  const givenText =
    typeof raw.descriptionText === 'string'
      ? tidyText(repairText(truncate(raw.descriptionText, MAX_DESCRIPTION_LENGTH)))
      : '';
  // One parse gives the safe HTML and its text.
  const sanitized = rawHtml ? sanitizedDescription(rawHtml) : { html: '', text: '' };
  const safeHtml = sanitized.html;
  const descriptionText = truncate(givenText || sanitized.text, MAX_DESCRIPTION_LENGTH);
  const descriptionHtml = truncate(safeHtml || textToSafeHtml(descriptionText), MAX_DESCRIPTION_LENGTH);

  const structured = {
    city: str(raw.city, 200),
    region: str(raw.region, 200),
    country: str(raw.country, 100),
  };
  const extra = strings(raw.extraLocations);
  const mainLocation = str(raw.locationText, 2_000);
  const allLocationText = [mainLocation, ...extra].filter((s): s is string => s !== null).join('; ');
  const places = parseLocations(allLocationText, structured, {
    companyDomain: typeof raw.companyDomain === 'string' ? raw.companyDomain : null,
  });
  const first = places[0] ?? null;
  const locationText =
    mainLocation ??
    (allLocationText || [structured.city, structured.region, structured.country].filter(Boolean).join(', '));

  const department = str(raw.department, 200);
  const tags = strings(raw.tags);
  const skills = extractSkills(title, descriptionText, tags);
  const salary = normalizeSalary({
    structured: raw.salary && typeof raw.salary === 'object' ? raw.salary : null,
    text: str(raw.salaryText, 2_000),
    descriptionText,
    countryCurrency: currencyForCountry(first?.countryCode ?? null),
    defaultCurrency: str(raw.defaultCurrency, 10),
    title,
  });

  const expiresAt = parseDate(raw.expiresAt, now);
  const companyName =
    cleanCompanyName(typeof raw.companyName === 'string' ? repairText(raw.companyName) : null).slice(
      0,
      300,
    ) || board;
  return {
    source: raw.source,
    board,
    externalId,
    title,
    normalizedTitle: normalizeTitle(title),
    companyName,
    companyNormalizedName: normalizeCompanyName(companyName),
    companyDomain: normalizeDomain(raw.companyDomain),
    companyLogoUrl: httpUrl(raw.companyLogoUrl),
    descriptionHtml,
    descriptionText,
    locationText,
    city: first?.city ?? null,
    region: first?.region ?? null,
    countryCode: first?.countryCode ?? null,
    places,
    remoteType: classifyRemoteType({
      workplaceType: str(raw.workplaceType, 100),
      remoteFlag: typeof raw.remoteFlag === 'boolean' ? raw.remoteFlag : null,
      locationText: allLocationText,
      title,
      descriptionText,
    }),
    jobType: classifyJobType(str(raw.employmentType, 200), title, descriptionText),
    seniority: classifySeniority(title, str(raw.seniority, 200)),
    categorySlug: classifyCategory(title, department, skills),
    department,
    skills,
    salaryMin: salary.min,
    salaryMax: salary.max,
    salaryCurrency: salary.currency,
    salaryCurrencyInferred: salary.currency === null ? null : salary.currencyInferred,
    salaryRejects: salary.rejects,
    salaryPeriod: salary.period,
    salaryMinUsd: salary.minUsd,
    salaryMaxUsd: salary.maxUsd,
    salaryText: salary.text,
    atsPlatform: raw.source,
    listingUrl: httpUrl(raw.listingUrl),
    applyUrl: httpUrl(raw.applyUrl),
    visaSponsorship: typeof raw.visaSponsorship === 'boolean' ? raw.visaSponsorship : null,
    postedAt: parseDate(raw.postedAt, now),
    sourceUpdatedAt: parseDate(raw.updatedAt, now),
    expiresAt,
    status: raw.closed === true ? 'closed' : expiresAt !== null && expiresAt <= now ? 'expired' : 'open',
    payloadHash: payloadHash(raw.payload),
  };
}

/** The posting with every text field storable (the payload is only hashed, never stored). */
function storable(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'payload') out[key] = value;
    else if (typeof value === 'string') out[key] = storableText(value);
    else if (Array.isArray(value)) out[key] = value.map((v) => (typeof v === 'string' ? storableText(v) : v));
    else if (value !== null && typeof value === 'object' && !(value instanceof Date))
      out[key] = storable(value);
    else out[key] = value;
  }
  return out;
}

export function normalizePosting(raw: RawPosting, opts?: NormalizeOptions): NormalizeResult {
  try {
    const checked = validate(storable(raw));
    if (!checked.ok) return checked;
    const now = opts?.now instanceof Date && !Number.isNaN(opts.now.getTime()) ? opts.now : new Date();
    return { ok: true, job: build(checked.raw, checked.title, checked.externalId, now) };
  } catch (error) {
    // A bug in a classifier must cost one row, not the batch; the reason names it.
    return {
      ok: false,
      reason: `normalization failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
