import type { AtsPlatform } from '../../domain/enums.ts';
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
 * Everything per posting that needs no database: normalize, enrich, and build the
 * search vector. Pure, so it runs the same in a worker thread (normalize-pool.ts).
 */
export function preparePosting(raw: RawPosting, ctx: PrepareContext): PreparedPosting {
  const result = normalizePosting({ ...raw, source: ctx.platform, board: ctx.board }, { now: ctx.now });
  if (!result.ok) return result;
  const { job } = result;
  return { ok: true, job, searchVector: searchVectorBinary(job.title, job.companyName, job.descriptionText) };
}
