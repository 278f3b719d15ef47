import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../codegen.ts';
import { printSchemaText } from '../../src/graphql/schema/index.ts';

describe('committed GraphQL artifacts', () => {
  it('schema.graphql matches the Pothos schema (run `npm run print-schema`)', () => {
    expect(readFileSync('schema.graphql', 'utf8')).toBe(printSchemaText());
  });

  it('the generated client in src/web/gql is current (run `npm run codegen`)', async () => {
    const files = await generate({ ...config, silent: true }, false);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(readFileSync(file.filename, 'utf8'), file.filename).toBe(file.content);
    }
  }, 60_000);

  it('has the contract enums with their GraphQL names', () => {
    const sdl = printSchemaText();
    expect(sdl).toMatch(/enum JobType {\s+CONTRACT\s+FULL_TIME\s+INTERNSHIP\s+PART_TIME\s+TEMPORARY\s+}/);
    expect(sdl).toMatch(/enum RemoteType {\s+HYBRID\s+ONSITE\s+REMOTE\s+UNKNOWN\s+}/);
    expect(sdl).toContain('searchJobs(');
    expect(sdl).toContain('organizationJobs(');
  });
});
