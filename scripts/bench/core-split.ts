/**
 * `--push-cores split` (issue 12 item 8; README "Push delivery"): the ingest and PostgreSQL
 * on one half of the machine's CPUs, the gateway (this process) and the bench's clients on
 * the other, as when gateways and ingest workers run on machines of their own — the
 * deployment DESIGN.md assumes. On one shared 2-core box the ratio "ingest with
 * subscribers / without" mostly measures that the gateway's CPU is taken from the ingest;
 * split, it measures what the subscribers cost the ingest itself: the PostgreSQL reads the
 * gateway makes (its backends run on the ingest's CPUs, children of the pinned postmaster),
 * locks, and the outbox rows it writes anyway. Both phases of the comparison run split, so
 * the ingest is equally slowed by having half the CPUs in each.
 *
 * Linux only (`taskset`, /proc); the bench's own throwaway cluster only (a DATABASE_URL
 * server's processes are not ours to pin).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

export interface CoreSplit {
  /** CPUs of the ingest process and the PostgreSQL server, as taskset's list ("0" or "0-3"). */
  ingest: string;
  /** CPUs of the gateway (the bench process) and the clients' process. */
  gateway: string;
  /**
   * CPUs of the streaming replica (--push-replica): the last of the gateway's half when
   * that half has two or more, as a replica has a machine of its own; else the gateway's.
   */
  replica: string;
}

const list = (from: number, to: number) => (from === to ? `${from}` : `${from}-${to}`);

/** The machine's CPUs in two halves (the ingest's the larger when odd), or an error why not. */
export function planCoreSplit(cpus = os.availableParallelism(), replica = false): CoreSplit {
  if (process.platform !== 'linux') throw new Error('--push-cores split needs Linux (taskset)');
  if (cpus < 2) throw new Error(`--push-cores split needs at least 2 CPUs (this machine has ${cpus})`);
  const half = Math.ceil(cpus / 2);
  const ingest = list(0, half - 1);
  if (replica && cpus - half >= 2)
    return { ingest, gateway: list(half, cpus - 2), replica: list(cpus - 1, cpus - 1) };
  const gateway = list(half, cpus - 1);
  return { ingest, gateway, replica: gateway };
}

/** Pins every thread of `pid` to `cpus`; threads it starts later inherit the mask of the thread starting them. */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'pipe' });
}

/**
 * Pins the cluster's postmaster and its present children; backends forked later inherit
 * the postmaster's mask.
 */
export function pinPostgres(dataDir: string, cpus: string): void {
  const postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  pin(postmaster, cpus);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === postmaster) pin(Number(entry), cpus);
  }
}
