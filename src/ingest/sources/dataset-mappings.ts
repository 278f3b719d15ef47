import { z } from 'zod';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { applyMapping } from './generic-mapping.ts';
import type { GenericMapping, Row } from './generic-mapping.ts';
import { createGenericSource } from './generic.source.ts';
import { idFromKey, mapRows } from './map-rows.ts';
import { ParseError } from './parse-error.ts';
import type { ParseResult } from './source.ts';

/**
 * Mappings for the public datasets in ../shared/data that the generic import cannot read
 * as is (see SOURCES.md there). Same GenericMapping shape as generic-mappings.ts; the
 * parse helpers add what a mapping cannot say (a board per row, a cleaned description).
 */

// ---------------------------------------------------------------------------------------
// greenhouse-feashliaa/all_jobs.subset.json: flat Greenhouse rows from many boards

/**
 * One row per Greenhouse job: `{company, company_slug, title, location, url,
 * absolute_url, departments, id, updated_at}`. `company` is the board token, not a
 * display name, so it is not mapped (normalization falls back to the board).
 */
export const feashliaaGreenhouseMapping: GenericMapping = {
  name: 'greenhouse-feashliaa',
  fields: {
    externalId: 'id',
    title: 'title',
    locationText: 'location',
    listingUrl: 'absolute_url',
    updatedAt: 'updated_at',
    department: {
      from: 'departments',
      transform: (v) => (Array.isArray(v) ? (departmentName(v[0]) ?? null) : v),
    },
  },
};

function departmentName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof (value as Row).name === 'string') {
    return (value as Row).name as string;
  }
  return undefined;
}

const feashliaaRowSchema = z.record(z.string(), z.unknown(), { error: 'row is not an object' });

/**
 * Parses the flat array with a board per row (`company_slug`) and source 'greenhouse',
 * so a job here and the same job from a raw Greenhouse board file (greenhouse-techjobshub)
 * share source, board and id and dedupe. `fileName` only names the file in errors.
 */
export function parseFeashliaaGreenhouse(body: string, fileName = 'all_jobs.subset.json'): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(body.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ParseError(`greenhouse-feashliaa "${fileName}": body is not JSON`, {
      platform: 'greenhouse',
      board: fileName,
      cause: err,
    });
  }
  if (!Array.isArray(json)) {
    throw new ParseError(`greenhouse-feashliaa "${fileName}": expected an array of rows`, {
      platform: 'greenhouse',
      board: fileName,
    });
  }
  const rows = mapRows(json, {
    schema: feashliaaRowSchema,
    idOf: idFromKey('id'),
    map: (row): RawPosting => {
      const board = boardOf(row);
      if (board === null) throw new Error('missing company_slug');
      if (idFromKey('id')(row) === undefined) throw new Error('missing id');
      return { ...applyMapping(row, feashliaaGreenhouseMapping, board), source: 'greenhouse' };
    },
  });
  return { postings: rows.postings, rejected: rows.rejected, skipped: rows.skipped };
}

function boardOf(row: Row): string | null {
  for (const key of ['company_slug', 'company']) {
    const value = row[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// linkedin-ca-2018/DataAnalyst.csv

/** Hosts of applicant-tracking systems whose links the scrape glued to descriptions. */
const ATS_HOST_RE =
  /(?:greenhouse\.io|lever\.co|myworkdayjobs\.com|workday\.com|icims\.com|jobvite\.com|smartrecruiters\.com|ashbyhq\.com|workable\.com|bamboohr\.com|applytojob\.com|jazzhr\.com|breezy\.hr|recruitee\.com|taleo\.net|ultipro\.com|successfactors\.\w+|silkroad\.com|paylocity\.com|adp\.com|hire\.withgoogle\.com|applicantpro\.com)/i;

/**
 * A URL glued to the last word of a description ("…protected by law.https://boards.
 * greenhouse.io/acme/jobs/1") when it points at an ATS: returns the text without it and
 * the URL. URLs after a space or a colon are part of the text and stay.
 */
export function splitGluedAtsUrl(description: string): { text: string; url: string | null } {
  const match = /([^\s:])(https?:\/\/\S+)\s*$/.exec(description);
  if (!match || match.index === undefined || !match[2] || !ATS_HOST_RE.test(match[2])) {
    return { text: description, url: null };
  }
  const cut = match.index + (match[1]?.length ?? 0);
  return { text: description.slice(0, cut).trimEnd(), url: match[2] };
}

/** "\n\n   Analyst\n \n\n   Research\n" → ["Analyst", "Research"]. */
function functionList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * LinkedIn 2018 scrape: no id column, so ids are hashed from title + company + location
 * (applyMapping's stableId). `functions` becomes tags; `industry` is a comma-split mess
 * ("Financial,Services,Banking") and stays in the payload only.
 */
export const linkedinCa2018Mapping: GenericMapping = {
  name: 'linkedin-ca-2018',
  fields: {
    title: { from: 'title', transform: (v) => (typeof v === 'string' ? v.trim() : v) },
    companyName: 'company',
    locationText: 'location',
    descriptionText: {
      from: 'description',
      transform: (v) => (typeof v === 'string' ? splitGluedAtsUrl(v).text : v),
    },
    applyUrl: {
      from: 'description',
      transform: (v) => (typeof v === 'string' ? splitGluedAtsUrl(v).url : null),
    },
    seniority: 'seniority',
    employmentType: 'employment_type',
    tags: { from: 'functions', transform: functionList },
  },
};

/** CSV → postings with the LinkedIn mapping; `board` is the file name. */
export function parseLinkedinCa2018(body: string, fileName = 'DataAnalyst.csv'): ParseResult {
  return createGenericSource({ mapping: linkedinCa2018Mapping, format: 'csv' }).parse(body, fileName);
}
