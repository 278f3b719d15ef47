import type { AtsPlatform } from '../domain/enums.ts';
import type { IngestSummary } from './ingest-summary.ts';

/** One run of the pipeline that completed: its board and what happened to its postings. */
export interface CompletedRun {
  platform: AtsPlatform;
  board: string;
  summary: IngestSummary;
}

/**
 * Where completed ingest runs are announced inside a process, so that observers (the
 * metrics of each app built on the services) count them without the pipeline knowing
 * who listens. Runs in other processes (CLI commands) are not seen here.
 */
export interface IngestRuns {
  completed(run: CompletedRun): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (run: CompletedRun) => void): () => void;
}

export function createIngestRuns(): IngestRuns {
  const listeners = new Set<(run: CompletedRun) => void>();
  return {
    completed: (run) => {
      for (const listener of listeners) listener(run);
    },
    subscribe: (listener) => {
      // A wrapper per subscription: the same function subscribed twice counts twice.
      const own = (run: CompletedRun) => listener(run);
      listeners.add(own);
      return () => listeners.delete(own);
    },
  };
}
