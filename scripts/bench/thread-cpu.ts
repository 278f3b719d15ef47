import { readdirSync, readFileSync } from 'node:fs';

/** The kinds of this process's threads the bench tells apart. */
export type ThreadKind = 'main' | 'worker' | 'gc' | 'other';

/**
 * CPU seconds (user + system) of this process's threads by kind, read from
 * /proc/self/task (Linux; empty elsewhere): the main thread, worker threads (the search
 * index's facet threads, the normalize pool), V8's collector helpers, the rest
 * (libuv's pool, the inspector). A figure per request is the difference of two readings.
 */
export function threadCpuSeconds(): Map<ThreadKind, number> {
  const seconds = new Map<ThreadKind, number>();
  try {
    for (const task of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const kind: ThreadKind =
        Number(task) === process.pid
          ? 'main'
          : name === 'WorkerThread'
            ? 'worker'
            : name.startsWith('V8Worker')
              ? 'gc'
              : 'other';
      seconds.set(kind, (seconds.get(kind) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    // No /proc: nothing to report.
  }
  return seconds;
}
