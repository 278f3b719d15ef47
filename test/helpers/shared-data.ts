import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';

/**
 * The real datasets next to the repository (../shared/data, see its SOURCES.md). They
 * are third-party data, never copied into the repository, so tests read them in place.
 */
export const SHARED_DATA = path.resolve(process.cwd(), '../shared/data');

/** What a suite over ../shared/data does: run it, fail it (CI without the data), or skip it. */
export function sharedDataMode(present: boolean, ci: string | undefined): 'run' | 'fail' | 'skip' {
  if (present) return 'run';
  return ci === 'true' ? 'fail' : 'skip';
}

/**
 * A suite over ../shared/data. Where the folder is missing it is skipped with the reason
 * in its name, except under CI=true, where a missing folder fails: CI is set up to carry
 * the data, and a silent skip there would hide that the figures were never checked.
 */
export function describeSharedData(name: string, fn: () => void): void {
  const mode = sharedDataMode(existsSync(SHARED_DATA), process.env.CI);
  if (mode === 'run') {
    describe(name, fn);
  } else if (mode === 'fail') {
    describe(name, () => {
      it('needs ../shared/data', () => {
        throw new Error(`${SHARED_DATA} is missing: CI must provide the shared datasets`);
      });
    });
  } else {
    describe.skip(`${name} (skipped: ${SHARED_DATA} is missing; fails under CI=true)`, fn);
  }
}
