import type { Command } from 'commander';

/** `jobs bench`: the ingest and search benchmark (scripts/bench.ts); prints figures, asserts nothing. */
export function registerBenchCommand(program: Command): void {
  program
    .command('bench')
    .description('Measure ingest throughput and search latency on PostgreSQL and PGlite')
    .option('--postings <n>', 'demo postings to ingest (default 50000)')
    .option('--search-jobs <n>', 'jobs on PostgreSQL for the search part (default 100000)')
    .option('--pglite-cap <n>', 'postings ingested into PGlite (default 10000)')
    .option('--repeats <n>', 'runs per search query (default 30)')
    .option('--seed <n>', 'demo data seed (default 7)')
    .option('--no-pglite', 'skip PGlite')
    .action(
      async (opts: {
        postings?: string;
        searchJobs?: string;
        pgliteCap?: string;
        repeats?: string;
        seed?: string;
        pglite: boolean;
      }) => {
        const { parseBenchArgs, runBench } = await import('../../../scripts/bench.ts');
        const args: string[] = [];
        if (opts.postings) args.push('--postings', opts.postings);
        if (opts.searchJobs) args.push('--search-jobs', opts.searchJobs);
        if (opts.pgliteCap) args.push('--pglite-cap', opts.pgliteCap);
        if (opts.repeats) args.push('--repeats', opts.repeats);
        if (opts.seed) args.push('--seed', opts.seed);
        if (!opts.pglite) args.push('--no-pglite');
        await runBench(parseBenchArgs(args));
      },
    );
}
