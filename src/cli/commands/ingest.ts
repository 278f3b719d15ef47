import { SingleBar, Presets } from 'cli-progress';
import type { Command } from 'commander';
import { ATS_PLATFORMS, isOneOf } from '../../domain/enums.ts';
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
    `${label}: fetched ${s.fetched}, new ${s.new}, updated ${s.updated}, unchanged ${s.unchanged}, merged as duplicate ${s.merged}, closed ${s.closed}, rejected ${s.rejected}`,
    `    salaries in USD ${s.salaries}; workplace ${Object.entries(s.remoteTypes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    ...reasons,
  ].join('\n');
}

/** A progress bar on a terminal; nothing when output is piped (CI logs stay readable). */
function progressFor(board: string) {
  if (!process.stderr.isTTY) return {};
  const bar = new SingleBar(
    { format: `${board} [{bar}] {value}/{total}`, stream: process.stderr },
    Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress: (done: number, total: number) => {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
      if (done >= total) bar.stop();
    },
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
        const results = await importTarget(
          { ...services, logger: undefined },
          { target, platform, board, organizationId: org?.id, mapping: opts.mapping, full: opts.full },
          progressFor,
        );
        for (const r of results)
          console.log(r.summary ? formatSummary(r.board, r.summary) : `${r.board}: failed: ${r.error}`);
        if (results.some((r) => r.error)) process.exitCode = 1;
      }),
    );
}
