import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { buildASTSchema, parse, type GraphQLEnumType } from 'graphql';
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
    // The trusted documents the server accepts by hash are among them: a page operation
    // changed without `npm run codegen` fails here, not in a browser.
    expect(files.map((f: { filename: string }) => f.filename)).toContain(
      'src/web/gql/persisted-documents.json',
    );
  }, 60_000);

  it('persisted-documents.json keys are the SHA-256 of their documents, one per page operation', () => {
    const manifest = JSON.parse(readFileSync('src/web/gql/persisted-documents.json', 'utf8')) as Record<
      string,
      string
    >;
    // Fragments the operation uses come first in its document.
    const operations = Object.values(manifest).map(
      (doc) => /(?:^|\} )(query|subscription|mutation) (\w+)/.exec(doc)?.[2],
    );
    expect(operations.sort()).toEqual([
      'ApiKeys',
      'CreateApiKey',
      'JobsAdded',
      'LatestJobs',
      'RevokeApiKey',
      'RotateApiKey',
      'SearchJobs',
    ]);
    for (const [hash, doc] of Object.entries(manifest))
      expect(hash).toBe(`sha256:${createHash('sha256').update(doc).digest('hex')}`);
  });

  it('has the contract enums with their GraphQL names', () => {
    const schema = buildASTSchema(parse(printSchemaText()));
    const values = (name: string) => (schema.getType(name) as GraphQLEnumType).getValues().map((v) => v.name);
    expect(values('JobType')).toEqual(['CONTRACT', 'FULL_TIME', 'INTERNSHIP', 'PART_TIME', 'TEMPORARY']);
    expect(values('RemoteType')).toEqual(['HYBRID', 'ONSITE', 'REMOTE', 'UNKNOWN']);
    const query = schema.getQueryType()!.getFields();
    expect(Object.keys(query)).toEqual(expect.arrayContaining(['searchJobs', 'organizationJobs']));
  });
});
