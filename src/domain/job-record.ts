import type {
  AtsPlatform,
  JobStatus,
  JobType,
  PostedAtSource,
  RemoteType,
  SalaryPeriod,
  Seniority,
} from './enums.ts';
import type { PlaceParts } from './job.ts';
import type { PageKey } from './page-key.ts';

/** A stored job as the read operations return it, with its company's display fields. */
export interface JobRecord {
  id: string;
  title: string;
  normalizedTitle: string;
  companyId: string;
  companyName: string;
  companyDomain: string | null;
  companyLogoUrl: string | null;
  descriptionHtml: string;
  descriptionText: string;
  locationText: string;
  city: string | null;
  region: string | null;
  countryCode: string | null;
  places: PlaceParts[];
  remoteType: RemoteType;
  jobType: JobType | null;
  seniority: Seniority | null;
  categoryId: string | null;
  department: string | null;
  skills: string[];
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string | null;
  salaryPeriod: SalaryPeriod | null;
  salaryMinUsd: number | null;
  salaryMaxUsd: number | null;
  salaryText: string | null;
  atsPlatform: AtsPlatform;
  source: string;
  listingUrl: string | null;
  applyUrl: string | null;
  visaSponsorship: boolean | null;
  postedAt: Date;
  /** Whether postedAt is the source's date or, the source giving none, firstSeenAt. */
  postedAtSource: PostedAtSource;
  firstSeenAt: Date;
  lastSeenAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  status: JobStatus;
}

export interface JobPage {
  items: JobRecord[];
  total: number;
  /** Each item's sort key (domain/page-key.ts), for keyset cursors. */
  keys: PageKey[];
}
