import type { AtsPlatform } from './enums.ts';

/**
 * What a source adapter hands to normalization: the platform's fields mapped by
 * name only, nothing inferred yet. Every field but the identity and the title is
 * optional because feeds differ in what they carry (ats-formats.md §2.8).
 */
export interface RawPosting {
  /** Platform or import kind that produced the posting. */
  source: AtsPlatform;
  /** Board token / company slug / file name the posting was read from. */
  board: string;
  /** The platform's own id of the posting (Greenhouse id, Lever uuid, Workable shortcode...). */
  externalId: string;
  title: string;
  companyName?: string | null;
  companyDomain?: string | null;
  companyLogoUrl?: string | null;
  /** HTML as delivered; may be entity-escaped (Greenhouse `content`). */
  descriptionHtml?: string | null;
  /** Plain text when the platform sends it; derived from the HTML otherwise. */
  descriptionText?: string | null;
  /** Free location text; may hold several places (`;`, `|`, ` or `, `/`). */
  locationText?: string | null;
  /** Further location strings (Lever allLocations, Ashby secondaryLocations...). */
  extraLocations?: string[];
  /** Structured location when the platform has one. Country may be a name or an ISO code. */
  city?: string | null;
  region?: string | null;
  country?: string | null;
  /** The platform's explicit workplace field, untouched (e.g. "OnSite", "unspecified", "hybrid"). */
  workplaceType?: string | null;
  /** A boolean remote flag when the platform has one (Workable telecommuting, SmartRecruiters remote). */
  remoteFlag?: boolean | null;
  /** Employment type text as posted ("Full-time", "FullTime", "permanent", "fulltime"). */
  employmentType?: string | null;
  department?: string | null;
  seniority?: string | null;
  /** Structured pay as posted. `period` is free text ("per-hour-wage", "1 YEAR", "month"). */
  salary?: {
    min?: number | null;
    max?: number | null;
    currency?: string | null;
    period?: string | null;
  } | null;
  /**
   * ISO 4217 currency the source assumes when a posting states none (a generic mapping's
   * `defaultCurrency`); used only after the pay text's symbol and the job's country.
   */
  defaultCurrency?: string | null;
  /** Pay text to parse when no structured salary exists ("$53K-$91K", "£32K – £35K"). */
  salaryText?: string | null;
  listingUrl?: string | null;
  applyUrl?: string | null;
  visaSponsorship?: boolean | null;
  /** ISO string, Date, or epoch milliseconds. */
  postedAt?: string | number | Date | null;
  updatedAt?: string | number | Date | null;
  /**
   * When the source says the posting ends (a mapped expiry column, Recruitee's
   * `close_at`): past it, the posting is expired.
   */
  expiresAt?: string | number | Date | null;
  tags?: string[];
  /**
   * The source says the posting is no longer open (a dataset's `active: false`): it is
   * stored closed, not shown as an open job, and reopens when the source says so.
   */
  closed?: boolean | null;
  /** The untouched source object, hashed for provenance. */
  payload: unknown;
}
