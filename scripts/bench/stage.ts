/** One measured stage of the ingest part: what ran, on which database, and what it cost. */
import type { IngestSummary } from '../../src/ingest/pipeline.ts';
import { postgresCpuSeconds } from './postgres.ts';

export type Totals = Pick<IngestSummary, 'new' | 'updated' | 'unchanged' | 'merged' | 'closed' | 'rejected'>;
export type MethodTimes = Map<string, { ms: number; calls: number }>;

export interface Costs {
  seconds: number;
  /** This process's CPU time (user + system). */
  nodeCpu: number;
  /** This thread's share of nodeCpu (the rest is worker threads: normalizing). */
  mainThreadCpu: number;
  /** The local server's CPU time; null when not ours to see. */
  pgCpu: number | null;
}

export interface StageResult extends Costs {
  stage: string;
  database: string;
  postings: number;
  summary?: Totals;
  breakdown?: MethodTimes;
}

/**
 * Starts the clocks (server CPU, process CPU, wall, in that order) and returns the
 * function that stops them. `dataDir` null: no server CPU.
 */
export function startClocks(dataDir: string | null): () => Costs {
  const pg0 = postgresCpuSeconds(dataDir);
  const cpu0 = process.cpuUsage();
  const thread0 = process.threadCpuUsage();
  const t0 = performance.now();
  return () => {
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const thread = process.threadCpuUsage(thread0);
    const pg1 = postgresCpuSeconds(dataDir);
    return {
      seconds,
      nodeCpu: (cpu.user + cpu.system) / 1e6,
      mainThreadCpu: (thread.user + thread.system) / 1e6,
      pgCpu: pg0 !== null && pg1 !== null ? pg1 - pg0 : null,
    };
  };
}

export function perSecond(r: StageResult): number {
  return r.postings / r.seconds;
}
