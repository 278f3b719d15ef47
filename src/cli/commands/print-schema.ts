import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { printSchemaText } from '../../graphql/schema/index.ts';

export function registerSchemaCommand(program: Command): void {
  program
    .command('print-schema')
    .description('Write schema.graphql from the Pothos schema')
    .option('--out <file>', 'output file', 'schema.graphql')
    .action((opts: { out: string }) => {
      writeFileSync(opts.out, printSchemaText());
      console.log(`Wrote ${opts.out}`);
    });
}
