import { randomUUID } from 'node:crypto';
import type { NormalizedJob } from '../../src/domain/job.ts';
import type { Services } from '../../src/services.ts';
import { makeJob, storeJobs } from './factories.ts';

/**
 * A small hand-made board whose jobs are built to make the contract's rules
 * observable: which words sit in which field, dates that order ties, salaries
 * and places for the filters. Two organizations share one job.
 */
export const ORG_A = { id: '0b0a0000-0000-4000-8000-00000000000a', name: 'Org A', slug: 'org-a' };
export const ORG_B = { id: '0b0b0000-0000-4000-8000-00000000000b', name: 'Org B', slug: 'org-b' };

const day = (d: number) => new Date(Date.UTC(2026, 10, d));

export const JOBS = {
  // Ranking: "rustacean" in title / company / description, same posting date.
  rustTitle: makeJob({ title: 'Rustacean Developer', postedAt: day(1), skills: ['Rust'] }),
  rustCompany: makeJob({
    title: 'Office Manager',
    companyName: 'Rustacean Labs',
    companyNormalizedName: 'rustacean labs',
    postedAt: day(10),
    remoteType: 'hybrid',
    seniority: 'manager',
    categorySlug: 'operations',
  }),
  rustDescription: makeJob({
    title: 'Platform Operator',
    descriptionText: 'You will mentor every rustacean on the team.',
    descriptionHtml: '<p>You will mentor every rustacean on the team.</p>',
    postedAt: day(15),
  }),
  // Ties: two title matches; the newer must come first.
  olderEngineer: makeJob({
    title: 'Senior Software Engineer',
    postedAt: day(2),
    seniority: 'senior',
    salaryMin: 120000,
    salaryMax: 150000,
    salaryCurrency: 'USD',
    salaryPeriod: 'year',
    salaryMinUsd: 120000,
    salaryMaxUsd: 150000,
    salaryText: '$120,000 – $150,000',
    skills: ['TypeScript', 'PostgreSQL'],
  }),
  newerEngineer: makeJob({
    title: 'Senior Software Engineer',
    companyName: 'Globex',
    companyNormalizedName: 'globex',
    postedAt: day(12),
    seniority: 'senior',
    remoteType: 'remote',
    locationText: 'Remote - United States',
    city: null,
    countryCode: 'US',
    places: [{ city: null, region: null, countryCode: 'US' }],
    salaryMin: 60,
    salaryMax: 80,
    salaryCurrency: 'USD',
    salaryPeriod: 'hour',
    salaryMinUsd: 124800,
    salaryMaxUsd: 166400,
    salaryText: '$124,800 – $166,400',
    skills: ['TypeScript'],
    visaSponsorship: true,
  }),
  // Accents and case; a city with an accent.
  zurich: makeJob({
    title: 'Daten-Ingenieur (Zürich)',
    locationText: 'Zürich, Switzerland',
    city: 'Zürich',
    countryCode: 'CH',
    places: [{ city: 'Zürich', region: null, countryCode: 'CH' }],
    jobType: 'contract',
    salaryMin: 8000,
    salaryMax: 9000,
    salaryCurrency: 'CHF',
    salaryPeriod: 'month',
    salaryMinUsd: 108000,
    salaryMaxUsd: 121500,
    salaryText: '$108,000 – $121,500',
    department: 'Data',
    categorySlug: 'data-science',
  }),
  intern: makeJob({
    title: 'Marketing Intern',
    jobType: 'internship',
    seniority: 'intern',
    categorySlug: 'marketing',
    locationText: 'London, England, United Kingdom',
    city: 'London',
    countryCode: 'GB',
    places: [{ city: 'London', region: 'England', countryCode: 'GB' }],
    postedAt: day(18),
    department: 'Marketing',
  }),
  multiPlace: makeJob({
    title: 'Data Analyst',
    locationText: 'New York, NY; Austin, TX',
    city: 'New York',
    region: 'NY',
    countryCode: 'US',
    places: [
      { city: 'New York', region: 'NY', countryCode: 'US' },
      { city: 'Austin', region: 'TX', countryCode: 'US' },
    ],
    remoteType: 'unknown',
    categorySlug: 'data-science',
    postedAt: day(5),
    skills: ['SQL', 'Python'],
  }),
  closed: makeJob({ title: 'Closed Rustacean Role', status: 'closed', postedAt: day(3) }),
  partTime: makeJob({
    title: 'Part-time Bookkeeper',
    jobType: 'part-time',
    atsPlatform: 'greenhouse',
    source: 'greenhouse',
    board: 'books',
    categorySlug: 'finance',
    companyName: 'Initech',
    companyNormalizedName: 'initech',
    postedAt: day(7),
    department: 'Finance',
  }),
} satisfies Record<string, NormalizedJob>;

export const JOB_COUNT_OPEN = Object.values(JOBS).filter((j) => j.status === 'open').length;

/** Stores the board: ORG_A gets the engineers, the intern and the analyst; ORG_B the analyst and the bookkeeper. */
export async function seedDataset(services: Services): Promise<Record<keyof typeof JOBS, string>> {
  const em = services.orm.em.fork();
  await services.organizations.ensureOrganization(em, ORG_A);
  await services.organizations.ensureOrganization(em, ORG_B);
  const ids: Record<string, string> = {};
  for (const [name, job] of Object.entries(JOBS)) {
    const orgs = [] as string[];
    if (['olderEngineer', 'newerEngineer', 'intern', 'multiPlace', 'rustTitle'].includes(name))
      orgs.push(ORG_A.id);
    if (['multiPlace', 'partTime'].includes(name)) orgs.push(ORG_B.id);
    ids[name] = (await storeJobs(services, [job], { organizationIds: orgs }))[0]!;
  }
  return ids as Record<keyof typeof JOBS, string>;
}

export async function createKey(services: Services, organizationId: string): Promise<string> {
  const { key } = await services.organizations.createApiKey(
    services.orm.em.fork(),
    organizationId,
    `test-${randomUUID()}`,
  );
  return key;
}
