import type { GenericMapping } from './generic-mapping.ts';

/**
 * Ready mappings for the two public datasets we import (see /work/shared/data/SOURCES.md).
 */

/**
 * Glassdoor data-science export (CSV). "-1" is the export's marker for a missing value;
 * the file has no id column (the first, unnamed column is a row number that changes
 * between exports), so ids come from title + company + location.
 */
export const glassdoorCsvMapping: GenericMapping = {
  name: 'glassdoor-csv',
  missing: ['', '-1'],
  fields: {
    title: 'Job Title',
    salaryText: 'Salary Estimate',
    descriptionText: 'Job Description',
    // The export glues the star rating to the name on a second line ("Acme\n3.8").
    companyName: { from: 'Company Name', transform: firstLine },
    locationText: 'Location',
  },
};

/**
 * SimplifyJobs listings.json: `date_posted`/`date_updated` are Unix seconds. A listing
 * with `active: false` has closed: it is imported as a closed posting (a job seen open
 * before closes; a new one is stored closed and not listed), not skipped.
 */
export const simplifyJsonMapping: GenericMapping = {
  name: 'simplify-json',
  fields: {
    externalId: 'id',
    companyName: 'company_name',
    title: 'title',
    locationText: { from: 'locations', transform: (v) => (Array.isArray(v) ? (v[0] ?? null) : v) },
    extraLocations: { from: 'locations', transform: (v) => (Array.isArray(v) ? v.slice(1) : []) },
    listingUrl: 'url',
    applyUrl: 'url',
    postedAt: { from: 'date_posted', transform: unixSecondsToMs },
    updatedAt: { from: 'date_updated', transform: unixSecondsToMs },
    visaSponsorship: { from: 'sponsorship', transform: sponsorshipFlag },
    tags: { from: 'terms', transform: (v) => (Array.isArray(v) ? v : []) },
    closed: { from: 'active', transform: (v) => v === false },
  },
};

function firstLine(value: unknown): unknown {
  return typeof value === 'string' ? (value.split(/\r?\n/)[0] ?? '').trim() : value;
}

function unixSecondsToMs(value: unknown): unknown {
  return typeof value === 'number' ? value * 1000 : value;
}

/** Simplify's sponsorship labels; "Other" and anything unknown say nothing (null). */
export function sponsorshipFlag(value: unknown): boolean | null {
  if (value === 'Offers Sponsorship') return true;
  if (value === 'Does Not Offer Sponsorship' || value === 'U.S. Citizenship is Required') return false;
  return null;
}
