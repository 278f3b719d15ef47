import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import { InvalidArgumentError, type Command } from 'commander';
import { ATS_PLATFORMS, isOneOf } from '../../domain/enums.ts';
import { addSummary, emptySummary } from '../../ingest/ingest-summary.ts';
import { expireStale } from '../../ingest/expire-stale.ts';
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
    .option(
      '--as-of <date>',
      'when the file was taken (ISO 8601): its postings count as seen then, so an old snapshot expires at once',
      parseAsOf,
    )
    .action(
      (
        target: string,
        opts: { source: string; org?: string; mapping?: string; full: boolean; asOf?: Date },
      ) =>
        withMigratedServices(async (services) => {
          const { importTarget } = await import('../../ingest/import-target.ts');
          const { platform, board } = parseSourceSpec(opts.source);
          const org = opts.org
            ? await services.organizations.findOrganization(services.orm.em.fork(), opts.org)
            : null;
          if (opts.org && !org) throw new Error(`no organization ${opts.org}`);
          const progress = progressBars();
          if (opts.asOf && opts.asOf > services.clock()) throw new Error('--as-of is in the future');
          const asOf = opts.asOf;
          const results = await importTarget(
            { ...services, logger: undefined, ...(asOf ? { clock: () => asOf } : {}) },
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
          // What this import (and the time since the last) left unconfirmed expires now.
          const expired = await expireStale(services);
          if (expired && expired.postings > 0) console.log(formatExpired(expired));
          if (results.some((r) => r.error)) process.exitCode = 1;
        }),
    );
  program
    .command('expire')
    .description(
      'Expire open postings not seen for JOB_EXPIRY_DAYS (default 60) or past their expiry date (the server does this hourly)',
    )
    .action(() =>
      withMigratedServices(async (services) => {
        const expired = await expireStale(services);
        console.log(expired ? formatExpired(expired) : 'another process is sweeping; nothing done');
      }),
    );
}

/** `--as-of`: an ISO 8601 date or time. */
export function parseAsOf(value: string): Date {
  const at = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())
    ? new Date(value.trim())
    : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) throw new InvalidArgumentError(`not an ISO 8601 date: "${value}"`);
  return at;
}

function formatExpired(done: { postings: number; jobs: number }): string {
  return `expired: ${done.postings} postings not seen lately or past their expiry date, ${done.jobs} jobs`;
}
