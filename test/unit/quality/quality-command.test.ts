import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadGoldenRows, SharedDataMissingError } from '../../../src/ingest/quality/golden-rows.ts';
import { NODE_FLAGS } from '../../../scripts/node-flags.ts';

const run = promisify(execFile);

describe('jobs quality without the shared data', () => {
  it('says which folder is missing instead of measuring nothing', () => {
    const ref = { dataset: 'simplify-newgrad', file: 'listings.json', id: 'x' };
    expect(() => loadGoldenRows('/nonexistent/shared/data', [ref])).toThrow(SharedDataMissingError);
    const empty = mkdtempSync(path.join(tmpdir(), 'golden-'));
    try {
      expect(() => loadGoldenRows(empty, [ref])).toThrow(/simplify-newgrad is missing/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });

  it('exits non-zero with one line naming the folder', async () => {
    const failure = await run(process.execPath, [
      ...NODE_FLAGS,
      'src/cli/index.ts',
      'quality',
      '/nonexistent/shared/data',
    ]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim()).toMatch(/^jobs: \/nonexistent\/shared\/data is missing: /);
  });
});
