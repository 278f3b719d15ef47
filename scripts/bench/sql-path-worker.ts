/**
 * The SQL path of the side-by-side (search.ts) in a thread of its own: its own database
 * pool and, above all, its own heap. At 1M jobs the SQL path's searches take seconds
 * each and leave 200–450 MB of promoted garbage (count, facet and page rows held
 * meanwhile); in the gateway's heap its mark-compact landed in the index's next timed run
 * (stop 35: a 13.7 ms pause in a one-client row, 46.6 ms at 16 clients). Settling the heap
 * with a forced collection instead cost the index's next runs a fifth of their
 * throughput (the young generation shrinks after it). A gateway serving from the index
 * makes no such garbage.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import type { SortOrder } from '../../src/domain/enums.ts';
import { openDb } from './ingest.ts';
import { sqlPathSearch, type BenchPage } from './sql-path-search.ts';

export interface SqlPathRequest {
  id: number;
  filter: JobFilter;
  sort: SortOrder | undefined;
  page: BenchPage;
}

export type SqlPathReply = { id: number; error?: string } | 'ready';

const port = parentPort!;
const db = await openDb('PostgreSQL', workerData as Record<string, string>);
port.on('message', (message: SqlPathRequest | 'close') => {
  if (message === 'close') {
    void db.close().finally(() => port.close());
    return;
  }
  sqlPathSearch(db.services, message.filter, message.sort, message.page).then(
    () => port.postMessage({ id: message.id } satisfies SqlPathReply),
    (error: unknown) => port.postMessage({ id: message.id, error: String(error) } satisfies SqlPathReply),
  );
});
port.postMessage('ready' satisfies SqlPathReply);
