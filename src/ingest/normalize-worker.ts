/**
 * Worker-thread entry of the normalize pool (normalize-pool.ts): prepares one chunk
 * of raw postings. Only pure code is loaded here (no database, no config).
 */
import type { RawPosting } from '../domain/raw-posting.ts';
import { warmGazetteer } from './normalize/gazetteer.ts';
import { preparePosting, type PrepareContext, type PreparedPosting } from './normalize/prepare.ts';

export interface PrepareTask {
  raws: RawPosting[];
  ctx: PrepareContext;
}

// The place index, built as the thread starts (the pool starts its threads with the
// service), is off the first chunk's path: that chunk's postings waited for it otherwise.
warmGazetteer();

export default function prepareChunk({ raws, ctx }: PrepareTask): PreparedPosting[] {
  return raws.map((raw) => preparePosting(raw, ctx));
}
