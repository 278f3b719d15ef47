import pLimit from 'p-limit';
import { runIngest, type IngestDeps, type IngestInput, type IngestSummary } from './pipeline.ts';

/**
 * Boards in flight at once. Normalizing is CPU in worker threads and writing is CPU in
 * the database, on a connection per board (write-locks.ts): with a few boards in
 * flight some write while others normalize, so the machine's cores work side by side
 * (README, Benchmark). Each board in flight holds its feed in memory and may hold a
 * pooled connection.
 */
export const BOARD_CONCURRENCY = 4;

/**
 * Runs the pipeline for each board, a few at a time; summaries come back in input
 * order. The first failure stops boards not yet started and is thrown once the
 * running ones have finished (nothing is left writing behind the caller's back).
 */
export async function runBoards(
  deps: IngestDeps,
  inputs: IngestInput[],
  concurrency = BOARD_CONCURRENCY,
  onBoardDone?: (summary: IngestSummary, input: IngestInput) => void,
): Promise<IngestSummary[]> {
  const limit = pLimit(concurrency);
  let failed = false;
  let failure: unknown;
  const runs = inputs.map((input) =>
    limit(async () => {
      if (failed) return null;
      try {
        const summary = await runIngest(deps, input);
        onBoardDone?.(summary, input);
        return summary;
      } catch (error) {
        if (!failed) [failed, failure] = [true, error];
        return null;
      }
    }),
  );
  const summaries = await Promise.all(runs);
  if (failed) throw failure;
  return summaries as IngestSummary[];
}
