import { ATS_PLATFORMS, isOneOf } from '../domain/enums.ts';
import { addRejection, addSummary, emptySummary, type IngestSummary } from './ingest-summary.ts';
import type { IngestDeps, IngestInput } from './pipeline.ts';
import { runBoards } from './run-boards.ts';
import type { ParseResult } from './sources/source.ts';

export interface IngestParsedOptions {
  /** The parsed body is the whole listing of its boards: missing postings close. */
  complete: boolean;
  organizationId?: string | null;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Runs the pipeline over one parsed body. A body may hold several boards (a
 * flattened export keeps each row's board), so the postings run per board, a few
 * boards at a time (run-boards.ts);
 * rows the parser refused are reported with the first board's run.
 */
export async function ingestParsed(
  deps: IngestDeps,
  parsed: ParseResult,
  options: IngestParsedOptions,
): Promise<IngestSummary> {
  const total = emptySummary();
  const groups = [...Map.groupBy(parsed.postings, (p) => `${p.source}\u0000${p.board}`).values()];
  if (groups.length === 0) {
    total.fetched = parsed.rejected.length;
    for (const r of parsed.rejected) addRejection(total, r);
    return total;
  }
  // One progress report over all boards in flight: each board's share, summed.
  const progress = groups.map((g) => ({ done: 0, total: g.length }));
  const report = () =>
    options.onProgress?.(
      progress.reduce((n, p) => n + p.done, 0),
      progress.reduce((n, p) => n + p.total, 0),
    );
  const inputs = groups.map((postings, i): IngestInput => {
    const { source, board } = postings[0]!;
    if (!isOneOf(ATS_PLATFORMS, source)) throw new Error(`unknown source ${String(source)}`);
    return {
      platform: source,
      board,
      postings,
      parseRejected: i === 0 ? parsed.rejected : [],
      // Closing is only safe when the body is this board's whole listing.
      complete: options.complete && groups.length === 1,
      organizationId: options.organizationId,
      onProgress: options.onProgress
        ? (done, count) => {
            progress[i] = { done, total: count };
            report();
          }
        : undefined,
    };
  });
  for (const run of await runBoards(deps, inputs)) addSummary(total, run);
  return total;
}
