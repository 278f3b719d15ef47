import type { SourceRepository, SourceRow } from '../db/repositories/source.repository.ts';
import type { HttpClient } from './fetch/fetch-with-retry.ts';
import { runIngest, type IngestDeps, type IngestSummary } from './pipeline.ts';
import { isBoardPlatform, type SourceRegistry } from './sources/registry.ts';

export interface SourceRunDeps extends IngestDeps {
  sources: SourceRepository;
  registry: SourceRegistry;
  http: HttpClient;
}

export interface SourceRunResult {
  status: 'ok' | 'partial' | 'failed' | 'not_modified' | 'not_found';
  summary: IngestSummary | null;
  error?: string;
}

/**
 * One scheduled run of a configured board: fetch every page, ingest what came, and
 * close missing jobs only when the fetch was complete. A failed or partial fetch
 * closes nothing; its error is recorded on the source.
 */
export async function runSource(
  deps: SourceRunDeps,
  source: SourceRow,
  onProgress?: (done: number, total: number) => void,
): Promise<SourceRunResult> {
  const at = deps.clock();
  const em = deps.orm.em.fork();
  if (!isBoardPlatform(source.platform)) {
    const error = `platform ${source.platform} cannot be fetched on a schedule`;
    await deps.sources.recordRun(em, source.id, { at, ok: false, error });
    return { status: 'failed', summary: null, error };
  }
  const adapter = deps.registry[source.platform];
  const fetched = await adapter.fetchBoard(deps.http, source.board, {
    etag: source.etag ?? undefined,
    lastModified: source.lastModified ?? undefined,
  });
  if (fetched.status === 'not_modified') {
    await deps.sources.recordRun(em, source.id, { at, ok: true });
    return { status: 'not_modified', summary: null };
  }
  if (fetched.status === 'not_found' || fetched.status === 'failed') {
    const error = fetched.error?.message ?? fetched.status;
    await deps.sources.recordRun(em, source.id, { at, ok: false, error });
    return { status: fetched.status, summary: null, error };
  }
  const summary = await runIngest(deps, {
    platform: source.platform,
    board: source.board,
    postings: fetched.postings,
    parseRejected: fetched.rejected,
    complete: fetched.complete,
    organizationId: source.organizationId,
    onProgress,
  });
  await deps.sources.recordRun(em, source.id, {
    at,
    ok: fetched.complete,
    error: fetched.complete ? null : (fetched.error?.message ?? 'partial fetch'),
    // Validators only describe a complete single-page fetch; keep the old ones otherwise.
    etag: fetched.complete ? fetched.etag : null,
    lastModified: fetched.complete ? fetched.lastModified : null,
  });
  return { status: fetched.status, summary };
}
