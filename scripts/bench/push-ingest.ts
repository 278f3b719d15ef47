/**
 * The push part's ingest, in a process of its own (forked by push.ts), as a CLI ingest
 * or another gateway's poller writes while this gateway delivers: the demo postings
 * through runBoards into DATABASE_URL, timed as the ingest part times its cold stage.
 * Its CPU is then not counted as the gateway's. Sends one `done` message.
 *
 *   node scripts/bench/push-ingest.ts <postings> <seed> <data dir or "-">
 */
import { generateDemoPostings } from '../../src/demo/generate.ts';
import { ingestAll, openDb } from './ingest.ts';
import { NOW } from './options.ts';
import type { StageResult } from './stage.ts';

export interface IngestDone {
  type: 'done';
  result: Omit<StageResult, 'breakdown'>;
}

const [count, seed, dataDir] = process.argv.slice(2);
const postings = generateDemoPostings({ count: Number(count), seed: Number(seed), now: NOW });
const db = await openDb('PostgreSQL', { DATABASE_URL: process.env.DATABASE_URL });
try {
  // The parent starts the clock of its delivery window on this message.
  process.send!({ type: 'ready' });
  await new Promise((resolve) => process.once('message', resolve));
  const { breakdown: _, ...result } = await ingestAll(
    db.services,
    db.probe,
    postings,
    'runIngest, cold',
    'PostgreSQL',
    dataDir === '-' ? null : (dataDir ?? null),
  );
  process.send!({ type: 'done', result } satisfies IngestDone);
} finally {
  await db.close();
  process.disconnect();
}
