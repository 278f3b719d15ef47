import { composeApiKey } from '../domain/api-key.ts';
import { DEMO_ORGANIZATION, isDemoOrgPosting } from '../demo/demo-organization.ts';
import { generateDemoPostings } from '../demo/generate.ts';
import type { OrganizationRepository } from '../db/repositories/organization.repository.ts';
import type { IngestDeps } from './pipeline.ts';
import { runBoards } from './run-boards.ts';

/**
 * The public demo key of the demo organization. It is printed on every start and
 * in the README on purpose: it only opens the demo board of a local database.
 * Real keys come from `jobs keys create` and are shown once.
 */
export const DEMO_API_KEY = composeApiKey('demo222222', 'DemoKeyForLocalUseOnly_NotASecret_000000000');

const DEMO_SEED = 20261122;

export interface SeedResult {
  created: boolean;
  jobs: number;
  organizationJobs: number;
  rejected: number;
}

export interface SeedDeps extends IngestDeps {
  organizations: OrganizationRepository;
}

/**
 * Fills an empty database with the deterministic demo set, through the same
 * pipeline as real feeds. Safe to call on every start: it does nothing when
 * demo jobs exist, and every write is an upsert keyed by stable ids, so a seed
 * killed half-way completes on the next start without duplicates.
 */
export async function seedDemo(
  services: SeedDeps,
  count: number,
  onProgress?: (postingsDone: number, postingsTotal: number) => void,
): Promise<SeedResult> {
  const em = services.orm.em.fork();
  await services.organizations.ensureOrganization(em, DEMO_ORGANIZATION);
  await services.organizations.ensureApiKey(em, DEMO_ORGANIZATION.id, 'demo key', DEMO_API_KEY);
  const [existing] = await em.execute<{ n: string | number }[]>(
    `select count(*) as n from source_posting where platform = 'demo'`,
  );
  if (Number(existing?.n ?? 0) >= count)
    return { created: false, jobs: Number(existing?.n), organizationJobs: 0, rejected: 0 };

  // The demo boards go through the same pipeline as real feeds, a few boards at a time.
  const postings = generateDemoPostings({ count, seed: DEMO_SEED, now: services.clock() });
  const result: SeedResult = { created: true, jobs: 0, organizationJobs: 0, rejected: 0 };
  const boards = [...Map.groupBy(postings, (p) => p.board)].map(([board, list]) => ({
    board,
    postings: list,
    onDemoBoard: list.some(isDemoOrgPosting),
  }));
  let done = 0;
  // Hundreds of boards: one log line each drowned the start's output; the caller
  // shows progress and one summary instead.
  const runs = await runBoards(
    { ...services, logger: undefined },
    boards.map(({ board, postings: list, onDemoBoard }) => ({
      platform: 'demo' as const,
      board,
      postings: list,
      complete: true,
      organizationId: onDemoBoard ? DEMO_ORGANIZATION.id : null,
    })),
    undefined,
    (_summary, input) => onProgress?.((done += input.postings.length), postings.length),
  );
  runs.forEach((run, i) => {
    const stored = run.new + run.updated + run.unchanged + run.merged;
    result.jobs += stored;
    result.rejected += run.rejected;
    if (boards[i]!.onDemoBoard) result.organizationJobs += stored;
  });
  return result;
}
