import { createHash } from 'node:crypto';
import { jobIdFor } from '../../src/domain/ids.ts';
import type { NormalizedJob } from '../../src/domain/job.ts';
import { normalizeCompanyName } from '../../src/ingest/normalize/company.ts';
import { normalizeTitle } from '../../src/ingest/normalize/title.ts';
import type { Services } from '../../src/services.ts';

let counter = 0;

/** A complete NormalizedJob with plain defaults; tests override what they assert on. */
export function makeJob(overrides: Partial<NormalizedJob> = {}): NormalizedJob {
  counter++;
  const companyName = overrides.companyName ?? 'Acme Widgets';
  const title = overrides.title ?? `Widget Specialist ${counter}`;
  return {
    source: 'generic',
    board: 'test',
    externalId: `t-${counter}`,
    title,
    normalizedTitle: title.toLowerCase(),
    companyName,
    companyNormalizedName: companyName.toLowerCase(),
    companyDomain: null,
    companyLogoUrl: null,
    descriptionHtml: '<p>A job.</p>',
    descriptionText: 'A job.',
    locationText: 'Berlin, Germany',
    city: 'Berlin',
    region: null,
    countryCode: 'DE',
    places: [{ city: 'Berlin', region: null, countryCode: 'DE' }],
    remoteType: 'onsite',
    jobType: 'full-time',
    seniority: 'mid',
    categorySlug: 'software-engineering',
    department: 'Engineering',
    skills: [],
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: null,
    salaryPeriod: null,
    salaryMinUsd: null,
    salaryMaxUsd: null,
    salaryText: null,
    atsPlatform: 'generic',
    listingUrl: null,
    applyUrl: null,
    visaSponsorship: null,
    postedAt: new Date('2026-11-01T00:00:00Z'),
    sourceUpdatedAt: null,
    expiresAt: null,
    status: 'open',
    payloadHash: createHash('sha256').update(String(counter)).digest('hex'),
    ...overrides,
  };
}

/** A posting as normalization gives it: the dedup keys come from the display forms. */
export function normalizedPosting(
  overrides: Partial<NormalizedJob> & { company: string; title: string },
): NormalizedJob {
  const { company, title, ...rest } = overrides;
  return makeJob({
    companyName: company,
    companyNormalizedName: normalizeCompanyName(company),
    title,
    normalizedTitle: normalizeTitle(title),
    descriptionText: 'Short.',
    ...rest,
  });
}

/** Stores jobs through the real writer; returns their ids in order. */
export async function storeJobs(
  services: Services,
  jobs: NormalizedJob[],
  options: { organizationIds?: string[]; seenAt?: Date } = {},
): Promise<string[]> {
  const em = services.orm.em.fork();
  const writes = jobs.map((job) => ({
    jobId: jobIdFor(job.source, job.board, job.externalId),
    job,
    seenAt: options.seenAt ?? new Date('2026-11-20T00:00:00Z'),
    organizationIds: options.organizationIds ?? [],
  }));
  await em.transactional((tx) => services.writer.write(tx, writes));
  return writes.map((w) => w.jobId);
}
