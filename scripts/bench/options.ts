/** The bench's options (from `jobs bench`) and the settings every stage shares. */

export interface BenchOptions {
  postings: number;
  searchJobs: number;
  pgliteCap: number;
  repeats: number;
  pglite: boolean;
  seed: number;
}

export const GOAL_PER_SECOND = 10_000;
/** Slow queries stop after this much time (at least 5 runs), to keep the default run short. */
export const SEARCH_BUDGET_MS = 2_000;
export const PLATFORM = 'demo' as const;
/** A fixed "now", so every run generates the same postings. */
export const NOW = new Date('2026-11-22T12:00:00Z');
