import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../../scripts/node-flags.ts';

/**
 * The V8 flags that keep PGlite from aborting the process on machines with memory
 * protection keys (scripts/node-flags.ts) are on every command line that may run it:
 * NODE_OPTIONS refuses them, so a script that drops them runs unprotected, silently.
 */
describe('node flags for PGlite processes', () => {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
    .scripts;

  it('are on every package script that starts the CLI or a script under node', () => {
    const runsOurCode = Object.entries(scripts).filter(
      ([, command]) => /^node\b/.test(command) && /\b(src\/cli|scripts\/data-quality)\//.test(command),
    );
    expect(runsOurCode.map(([name]) => name)).toEqual(
      expect.arrayContaining(['start', 'jobs', 'bench', 'dev', 'data-quality']),
    );
    for (const [name, command] of runsOurCode) {
      const flags = command.split(/\s+/).slice(1);
      for (const flag of NODE_FLAGS) expect(flags, `${name}: ${command}`).toContain(flag);
    }
  });

  it('are on this test worker (vitest.config.ts execArgv)', () => {
    expect(process.execArgv).toEqual(expect.arrayContaining([...NODE_FLAGS]));
  });

  it('are accepted by the Node this project runs on', () => {
    const run = spawnSync(process.execPath, [...NODE_FLAGS, '-e', 'process.stdout.write("ok")'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ok');
  });
});
