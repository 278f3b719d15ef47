import { resolve } from 'node:path';
import type { Command } from 'commander';

/**
 * `jobs quality [root]`: the golden-set report (issue 11). Reads ../shared/data and the
 * committed labels; needs no database.
 */
export function registerQualityCommand(program: Command): void {
  program
    .command('quality [root]')
    .description(
      'Measure normalization and dedup on the golden set (test/fixtures/golden) against the datasets in a folder (default ../shared/data)',
    )
    .option('--worst <n>', 'wrong examples to print per field', '5')
    .option('--json', 'print the report as JSON')
    .action(async (root: string | undefined, opts: { worst: string; json?: boolean }) => {
      const { readGoldenSet } = await import('../../ingest/quality/golden-set.ts');
      const { formatQualityReport, measureQuality } = await import('../../ingest/quality/quality-report.ts');
      const worst = Number(opts.worst);
      if (!Number.isInteger(worst) || worst < 0)
        throw new Error(`--worst must be a whole number, got ${opts.worst}`);
      const report = measureQuality(resolve(root ?? '../shared/data'), readGoldenSet());
      console.log(opts.json ? JSON.stringify(report, null, 2) : formatQualityReport(report, worst));
    });
}
