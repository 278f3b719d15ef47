import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { withMigratedServices } from './with-services.ts';

export function registerDatasetsCommand(program: Command): void {
  program
    .command('datasets [root]')
    .description(
      'Ingest every known dataset in a folder (default ../shared/data) and report per dataset and file',
    )
    .option('--report <file>', 'write the per-file report here')
    .action((root: string | undefined, opts: { report?: string }) =>
      withMigratedServices(async (services) => {
        const { ingestDatasets } = await import('../../ingest/import-datasets.ts');
        const { formatDatasetTable, fileReportLines } = await import('../../ingest/dataset-report.ts');
        const reports = await ingestDatasets(
          { ...services, logger: undefined },
          resolve(root ?? '../shared/data'),
          (r) => process.stderr.write(`${r.dataset.name}/${r.file}: ${r.summary.fetched} rows\n`),
        );
        if (reports.length === 0) throw new Error(`no dataset files under ${root ?? '../shared/data'}`);
        console.log(formatDatasetTable(reports));
        if (opts.report) {
          writeFileSync(opts.report, `${fileReportLines(reports).join('\n')}\n`);
          console.log(`Per-file report: ${opts.report}`);
        }
      }),
    );
}
