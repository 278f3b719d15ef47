import type { DedupKeys } from './dedup-keys.ts';
import type { AtsPlatform, JobStatus, JobType, RemoteType, SalaryPeriod, Seniority } from './enums.ts';

/** One place of a posting, after parsing. */
export interface PlaceParts {
  city: string | null;
  region: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string | null;
  /**
   * WGS84 degrees of the gazetteer's city (ingest/normalize/place.ts); absent when the
   * city is not in the gazetteer or there is no city. The `near` filter reads them.
   */
  latitude?: number;
  longitude?: number;
}

/**
 * A posting after normalization and enrichment: everything the store keeps about
 * one source posting, ready to be deduplicated and written. Pure data, no ids.
 */
export interface NormalizedJob {
  source: AtsPlatform;
  board: string;
  externalId: string;
  title: string;
  /** Lower case, seniority words and gender markers removed: the dedup key part. */
  normalizedTitle: string;
  companyName: string;
  /** Lower case, legal suffixes removed: the dedup key part. */
  companyNormalizedName: string;
  companyDomain: string | null;
  companyLogoUrl: string | null;
  /** Sanitized HTML (allow-listed tags only). */
  descriptionHtml: string;
  descriptionText: string;
  locationText: string;
  /** The first place; all places are in `places`. */
  city: string | null;
  region: string | null;
  countryCode: string | null;
  places: PlaceParts[];
  remoteType: RemoteType;
  jobType: JobType | null;
  seniority: Seniority | null;
  /** Slug of a taxonomy category (domain/categories.ts). */
  categorySlug: string | null;
  department: string | null;
  /** Canonical skill names from the skills dictionary. */
  skills: string[];
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  /**
   * True when the posting stated no currency and it was inferred from the job's country
   * or the source's default; null without a currency. Optional: jobs built before it
   * existed (and test factories) carry none.
   */
  salaryCurrencyInferred?: boolean | null;
  /**
   * Pay figures refused during normalization, one reason each, for the run summary;
   * never stored.
   */
  salaryRejects?: readonly string[];
  salaryPeriod: SalaryPeriod | null;
  salaryMinUsd: number | null;
  salaryMaxUsd: number | null;
  /** "$120,000 – $150,000": annual USD, or null when the posting has no salary. */
  salaryText: string | null;
  atsPlatform: AtsPlatform;
  listingUrl: string | null;
  applyUrl: string | null;
  visaSponsorship: boolean | null;
  postedAt: Date | null;
  sourceUpdatedAt: Date | null;
  /** When the source says the posting ends; null when it does not say. */
  expiresAt: Date | null;
  status: JobStatus;
  /** sha256 of the raw payload, to skip unchanged postings. */
  payloadHash: string;
  /**
   * Its cross-source keys (domain/dedup-keys.ts), when they were made with the posting in
   * the normalize thread (prepare.ts); made on first ask otherwise.
   */
  dedupKeys?: DedupKeys;
}
