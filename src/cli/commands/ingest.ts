import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { ATS_PLATFORMS, isOneOf } from '../../domain/enums.ts';
import { addSummary, emptySummary } from '../../ingest/ingest-summary.ts';
import type { IngestSummary } from '../../ingest/pipeline.ts';
import { withMigratedServices } from './with-services.ts';

/** `greenhouse:acme` → platform and board. */
export function parseSourceSpec(spec: string): { platform: (typeof ATS_PLATFORMS)[number]; board?: string } {
  const [platform, board] = spec.split(':', 2);
  if (!isOneOf(ATS_PLATFORMS, platform))
    throw new Error(`unknown platform "${platform}" (one of ${ATS_PLATFORMS.join(', ')})`);
  return { platform, board: board || undefined };
}

export function formatSummary(label: string, s: IngestSummary): string {
  const reasons = Object.entries(s.rejectedReasons)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([reason, n]) => `      ${n} × ${reason}`);
  return [
    `${label}: fetched ${s.fetched}, new ${s.new}, updated ${s.updated}, unchanged ${s.unchanged} (older than stored ${s.stale}), merged as duplicate ${s.merged}, closed ${s.closed}, rejected ${s.rejected}`,
    `    salaries in USD ${s.salaries}; workplace ${Object.entries(s.remoteTypes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    ...Object.entries(s.salaryRejects).map(([reason, n]) => `      ${n} × pay figure refused: ${reason}`),
    ...reasons,
  ].join('\n');
}

/**
 * A progress bar per board on a terminal, all in one display (boards run side by side);
 * nothing when output is piped (CI logs stay readable).
 */
function progressBars() {
  if (!process.stderr.isTTY) return { forBoard: () => ({}), stop: () => undefined };
  const bars = new MultiBar(
    { format: '{board} [{bar}] {value}/{total}', stream: process.stderr, hideCursor: true },
    Presets.shades_classic,
  );
  return {
    forBoard: (board: string) => {
      let bar: SingleBar | undefined;
      return {
        onProgress: (done: number, total: number) => {
          bar ??= bars.create(total, 0, { board });
          bar.setTotal(total);
          bar.update(done, { board });
        },
      };
    },
    stop: () => bars.stop(),
  };
}

export function registerIngestCommand(program: Command): void {
  program
    .command('ingest <target>')
    .description('Ingest a feed file, a directory of them, or a feed URL')
    .requiredOption(
      '--source <platform[:board]>',
      'platform of the feed, and the board (default: each file name)',
    )
    .option('--org <id|slug>', 'organization whose board the jobs join')
    .option('--mapping <name|file>', 'generic imports: simplify, glassdoor, or a JSON field mapping')
    .option('--full', 'the target is the whole board: close postings missing from it', false)
    .action((target: string, opts: { source: string; org?: string; mapping?: string; full: boolean }) =>
      withMigratedServices(async (services) => {
        const { importTarget } = await import('../../ingest/import-target.ts');
        const { platform, board } = parseSourceSpec(opts.source);
        const org = opts.org
          ? await services.organizations.findOrganization(services.orm.em.fork(), opts.org)
          : null;
        if (opts.org && !org) throw new Error(`no organization ${opts.org}`);
        const progress = progressBars();
        const results = await importTarget(
          { ...services, logger: undefined },
          { target, platform, board, organizationId: org?.id, mapping: opts.mapping, full: opts.full },
          progress.forBoard,
        ).finally(progress.stop);
        for (const r of results)
          console.log(r.summary ? formatSummary(r.board, r.summary) : `${r.board}: failed: ${r.error}`);
        // A directory of boards: the grand total last, where a reader looks first.
        if (results.length > 1) {
          const total = emptySummary();
          for (const r of results) if (r.summary) addSummary(total, r.summary);
          const failed = results.filter((r) => r.error).length;
          console.log(
            formatSummary(`total (${results.length} boards${failed ? `, ${failed} failed` : ''})`, total),
          );
        }
        if (results.some((r) => r.error)) process.exitCode = 1;
      }),
    );
}
