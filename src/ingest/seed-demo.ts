import { composeApiKey } from '../domain/api-key.ts';
import { DEMO_ORGANIZATION, isDemoOrgPosting } from '../demo/demo-organization.ts';
import { generateDemoPostings } from '../demo/generate.ts';
import { jobIdFor } from '../domain/ids.ts';
import type { Orm } from '../db/orm.ts';
import type { JobWrite, JobWriter } from '../db/repositories/job-writer.ts';
import type { OrganizationRepository } from '../db/repositories/organization.repository.ts';
import { normalizePosting } from './normalize/index.ts';

/**
 * The public demo key of the demo organization. It is printed on every start and
 * in the README on purpose: it only opens the demo board of a local database.
 * Real keys come from `jobs keys create` and are shown once.
 */
export const DEMO_API_KEY = composeApiKey('demo222222', 'DemoKeyForLocalUseOnly_NotASecret_000000000');

const DEMO_SEED = 20261122;
const BATCH = 500;

export interface SeedResult {
  created: boolean;
  jobs: number;
  organizationJobs: number;
  rejected: number;
}

/**
 * Fills an empty database with the deterministic demo set, through the same
 * normalization as real feeds. Safe to call on every start: it does nothing when
 * demo jobs exist, and every write is an upsert keyed by stable ids, so a seed
 * killed half-way completes on the next start without duplicates.
 */
export interface SeedDeps {
  orm: Orm;
  writer: JobWriter;
  organizations: OrganizationRepository;
  clock: () => Date;
}

export async function seedDemo(services: SeedDeps, count: number): Promise<SeedResult> {
  const em = services.orm.em.fork();
  await services.organizations.ensureOrganization(em, DEMO_ORGANIZATION);
  await services.organizations.ensureApiKey(em, DEMO_ORGANIZATION.id, 'demo key', DEMO_API_KEY);
  const [existing] = await em.execute<{ n: string | number }[]>(
    `select count(*) as n from source_posting where platform = 'demo'`,
  );
  if (Number(existing?.n ?? 0) >= count)
    return { created: false, jobs: Number(existing?.n), organizationJobs: 0, rejected: 0 };

  const now = services.clock();
  const postings = generateDemoPostings({ count, seed: DEMO_SEED, now });
  let rejected = 0;
  let organizationJobs = 0;
  const writes: JobWrite[] = [];
  for (const raw of postings) {
    const result = normalizePosting(raw, { now });
    if (!result.ok) {
      rejected++;
      continue;
    }
    const onBoard = isDemoOrgPosting(raw);
    if (onBoard) organizationJobs++;
    writes.push({
      jobId: jobIdFor(raw.source, raw.board, raw.externalId),
      job: result.job,
      seenAt: now,
      organizationIds: onBoard ? [DEMO_ORGANIZATION.id] : [],
      origin: 'demo',
    });
  }
  for (let i = 0; i < writes.length; i += BATCH) {
    await em.transactional((tx) => services.writer.write(tx, writes.slice(i, i + BATCH)));
  }
  return { created: true, jobs: writes.length, organizationJobs, rejected };
}
