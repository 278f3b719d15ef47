import pLimit from 'p-limit';
import { runIngest, type IngestDeps, type IngestInput, type IngestSummary } from './pipeline.ts';

/**
 * Boards in flight at once. Normalizing is CPU in this process and writing is CPU in
 * the database, one board at a time (write-gate.ts): with a few boards in flight one
 * writes while the others normalize, so the machine's cores work side by side
 * (README, Benchmark). More only queues behind the gate and holds more feeds in memory.
 */
export const BOARD_CONCURRENCY = 3;

/**
 * Runs the pipeline for each board, a few at a time; summaries come back in input
 * order. The first failure stops boards not yet started and is thrown once the
 * running ones have finished (nothing is left writing behind the caller's back).
 */
export async function runBoards(
  deps: IngestDeps,
  inputs: IngestInput[],
  concurrency = BOARD_CONCURRENCY,
): Promise<IngestSummary[]> {
  const limit = pLimit(concurrency);
  let failed = false;
  let failure: unknown;
  const runs = inputs.map((input) =>
    limit(async () => {
      if (failed) return null;
      try {
        return await runIngest(deps, input);
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
