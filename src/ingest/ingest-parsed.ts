import { ATS_PLATFORMS, isOneOf } from '../domain/enums.ts';
import { addRejection, addSummary, emptySummary, type IngestSummary } from './ingest-summary.ts';
import { runIngest, type IngestDeps } from './pipeline.ts';
import type { ParseResult } from './sources/source.ts';

export interface IngestParsedOptions {
  /** The parsed body is the whole listing of its boards: missing postings close. */
  complete: boolean;
  organizationId?: string | null;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Runs the pipeline over one parsed body. A body may hold several boards (a
 * flattened export keeps each row's board), so the postings run board by board;
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
  let first = true;
  for (const postings of groups) {
    const { source, board } = postings[0]!;
    if (!isOneOf(ATS_PLATFORMS, source)) throw new Error(`unknown source ${String(source)}`);
    const run = await runIngest(deps, {
      platform: source,
      board,
      postings,
      parseRejected: first ? parsed.rejected : [],
      // Closing is only safe when the body is this board's whole listing.
      complete: options.complete && groups.length === 1,
      organizationId: options.organizationId,
      onProgress: options.onProgress,
    });
    first = false;
    addSummary(total, run);
  }
  return total;
}
