import { InvalidArgumentError, Option, type Command } from 'commander';

function count(value: string): number {
  const n = Number(value.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('a non-negative whole number');
  return n;
}

/** `jobs bench`: the ingest and search benchmark (scripts/bench/); prints figures, asserts nothing. */
export function registerBenchCommand(program: Command): void {
  program
    .command('bench')
    .description('Measure ingest throughput and search latency on PostgreSQL and PGlite')
    .option('--postings <n>', 'demo postings to ingest', count, 50_000)
    .option('--search-jobs <n>', 'jobs on PostgreSQL for the search part', count, 100_000)
    .option('--pglite-cap <n>', 'postings ingested into PGlite', count, 10_000)
    .option('--repeats <n>', 'runs per search query', count, 30)
    .option('--seed <n>', 'demo data seed', count, 7)
    .option('--no-pglite', 'skip PGlite')
    .option('--sql-table', 'the SQL-only latency table also above 200,000 search jobs')
    .option('--push', 'only push delivery: live subscriptions and webhooks during an ingest (issue 12)')
    .option('--push-jobs <n>', 'push part: new jobs ingested', count, 10_000)
    .option('--push-subscribers <n>', 'push part: SSE subscriptions, each with its own filter', count, 1_000)
    .option('--push-endpoints <n>', 'push part: webhook endpoints, each on its own saved search', count, 100)
    .option('--push-profile <dir>', "push part: write the gateway's CPU profile of the delivery window there")
    .addOption(
      new Option('--push-selection <fields>', 'push part: what each stream selects of a job')
        .choices(['id', 'listing'])
        .default('id'),
    )
    .addOption(
      new Option(
        '--push-cores <how>',
        'push part: every process on every CPU (shared), or the ingest and PostgreSQL on half, the gateway on the other (split)',
      )
        .choices(['shared', 'split'])
        .default('shared'),
    )
    .option(
      '--push-replica',
      "push part: a streaming replica beside the throwaway cluster, the gateway's live job reads on it once it has replayed past their page",
    )
    .addOption(
      new Option(
        '--push-statements [n]',
        'push part: print the n statements with the most server time in each phase (pg_stat_statements)',
      )
        .argParser(count)
        .preset(15),
    )
    .option(
      '--push-fill-interval <ms>',
      "push part: the gateway's WEBHOOK_FILL_INTERVAL_MS (least time between two webhook rounds; default: the server's)",
      count,
    )
    .option(
      '--push-rounds <n>',
      'push part: n phases with subscribers, each between two without (a ratio per round, and their median)',
      count,
      1,
    )
    .option(
      '--cold-against <rev>',
      "only the cold ingest: this checkout against that commit's, in alternated pairs",
    )
    .option('--pairs <n>', 'cold-against: pairs of runs', count, 6)
    .option('--outbox-off', "cold-against: issue 12's outbox triggers off in both")
    .option(
      '--search-index <n>',
      'only the in-process search index, on n synthetic jobs (no database)',
      count,
    )
    .action(
      async (opts: {
        postings: number;
        searchJobs: number;
        pgliteCap: number;
        repeats: number;
        seed: number;
        pglite: boolean;
        sqlTable?: boolean;
        searchIndex?: number;
        coldAgainst?: string;
        pairs: number;
        outboxOff?: boolean;
        push?: boolean;
        pushJobs: number;
        pushSubscribers: number;
        pushEndpoints: number;
        pushProfile?: string;
        pushSelection: 'id' | 'listing';
        pushCores: 'shared' | 'split';
        pushReplica?: boolean;
        pushStatements?: number;
        pushFillInterval?: number;
        pushRounds: number;
      }) => {
        if (opts.searchIndex !== undefined) {
          const { runSearchIndexBench } = await import('../../../scripts/bench/search-index.ts');
          await runSearchIndexBench(opts.searchIndex, opts.repeats);
          return;
        }
        if (opts.coldAgainst !== undefined) {
          const { runColdPairs } = await import('../../../scripts/bench/cold-pairs.ts');
          await runColdPairs({
            against: opts.coldAgainst,
            pairs: Math.max(1, opts.pairs),
            postings: opts.postings,
            outboxOff: opts.outboxOff ?? false,
          });
          return;
        }
        // Loaded on use: the bench pulls in the whole ingest graph and the cluster helper.
        const { runBench } = await import('../../../scripts/bench/index.ts');
        const { planCoreSplit } = await import('../../../scripts/bench/core-split.ts');
        const {
          push,
          pushJobs,
          pushSubscribers,
          pushEndpoints,
          pushProfile,
          pushSelection,
          pushCores,
          pushReplica,
          pushStatements,
          pushFillInterval,
          pushRounds,
          coldAgainst: _c,
          pairs: _p,
          outboxOff: _o,
          ...rest
        } = opts;
        await runBench({
          ...rest,
          repeats: Math.max(1, opts.repeats),
          ...(push && {
            push: {
              jobs: pushJobs,
              subscribers: pushSubscribers,
              endpoints: pushEndpoints,
              selection: pushSelection,
              rounds: Math.max(1, pushRounds),
              ...(pushCores === 'split' && {
                split: planCoreSplit(undefined, pushReplica ?? false),
              }),
              ...(pushProfile && { profileDir: pushProfile }),
              ...(pushReplica && { replica: true }),
              ...(pushStatements && { statements: pushStatements }),
              ...(pushFillInterval !== undefined && { fillIntervalMs: pushFillInterval }),
            },
          }),
        });
      },
    );
}
