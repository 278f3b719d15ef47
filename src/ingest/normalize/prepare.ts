import type { AtsPlatform } from '../../domain/enums.ts';
import { makeDedupKeys } from '../../domain/dedup-keys.ts';
import { searchVectorBinary } from '../../domain/search-text.ts';
import type { NormalizedJob } from '../../domain/job.ts';
import type { RawPosting } from '../../domain/raw-posting.ts';
import { normalizePosting } from './index.ts';

/** Where a batch of raw postings came from, and when it was fetched. */
export interface PrepareContext {
  platform: AtsPlatform;
  board: string;
  now: Date;
}

/** A normalized posting with its search vector (the CPU-heavy part of storing it), or why not. */
export type PreparedPosting =
  { ok: true; job: NormalizedJob; searchVector: Uint8Array } | { ok: false; reason: string };

/**
 * Everything per posting that needs no database: normalize, enrich, build the search
 * vector and the dedup keys. Pure, so it runs the same in a worker thread
 * (normalize-pool.ts), which keeps that CPU off the thread that plans and writes.
 */
export function preparePosting(raw: RawPosting, ctx: PrepareContext): PreparedPosting {
  const result = normalizePosting({ ...raw, source: ctx.platform, board: ctx.board }, { now: ctx.now });
  if (!result.ok) return result;
  const { job } = result;
  job.dedupKeys = makeDedupKeys(job);
  return { ok: true, job, searchVector: searchVectorBinary(job.title, job.companyName, job.descriptionText) };
}
