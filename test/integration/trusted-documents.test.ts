import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { LatestJobsDocument, SearchJobsDocument } from '../../src/web/gql/graphql.ts';
import { seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/** The page's operations, persisted by codegen, run by hash; arbitrary documents only when allowed. */
describe(`trusted documents (${TEST_DB})`, () => {
  let services: Services;
  let open: FastifyInstance;
  let trustedOnly: FastifyInstance;
  const hashOf = (document: { __meta__?: Record<string, unknown> }) => String(document.__meta__?.hash);
  const manifest = JSON.parse(readFileSync('src/web/gql/persisted-documents.json', 'utf8')) as Record<
    string,
    string
  >;

  beforeAll(async () => {
    services = await createTestServices();
    await seedDataset(services);
    open = await createApp(services);
    // The same services with the production switch on.
    trustedOnly = await createApp({
      ...services,
      config: { ...services.config, graphql: { trustedDocumentsOnly: true } },
    });
  });
  afterAll(async () => {
    await open?.close();
    await trustedOnly?.close();
    await services?.close();
  });

  const post = (app: FastifyInstance, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/graphql', payload });
  const persisted = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

  it('runs a persisted page operation sent by hash alone (client-preset and Apollo hash forms)', async () => {
    const hash = hashOf(SearchJobsDocument);
    expect(manifest[hash]).toMatch(/^query SearchJobs/);
    for (const app of [open, trustedOnly]) {
      for (const form of [hash, hash.replace(/^sha256:/, '')]) {
        const res = await post(app, {
          extensions: persisted(form),
          variables: { filter: { query: 'rustacean' }, first: 2, withFacets: false },
        });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.errors).toBeUndefined();
        expect(body.data.searchJobs.totalCount).toBe(3);
        expect(body.data.searchJobs.edges).toHaveLength(2);
      }
    }
  });

  it('runs a persisted operation over GET, as the page’s EventSource sends its subscription', async () => {
    const extensions = encodeURIComponent(JSON.stringify(persisted(hashOf(LatestJobsDocument))));
    const res = await trustedOnly.inject({
      method: 'GET',
      url: `/graphql?extensions=${extensions}&variables=${encodeURIComponent('{"first":1}')}`,
      headers: { accept: 'application/graphql-response+json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.searchJobs.edges).toHaveLength(1);
  });

  it('answers an unknown hash with persisted_query_not_found (400)', async () => {
    for (const app of [open, trustedOnly]) {
      const res = await post(app, { extensions: persisted('0'.repeat(64)) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('persisted_query_not_found');
      expect(res.json().errors[0].message).toMatch(/persisted document/);
    }
  });

  it('runs an arbitrary document by default, and refuses it with persisted_query_only when trusted-only', async () => {
    const query = '{ categories { slug } }';
    const allowed = await post(open, { query });
    expect(allowed.json().errors).toBeUndefined();
    expect(allowed.json().data.categories.length).toBeGreaterThan(0);
    // Even the exact text of a persisted document: only its hash is trusted.
    for (const document of [query, manifest[hashOf(SearchJobsDocument)]]) {
      const refused = await post(trustedOnly, { query: document });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        errors: [{ message: expect.stringMatching(/trusted/), extensions: { code: 'persisted_query_only' } }],
      });
    }
  });

  it('a request with neither a query nor a hash is invalid_query', async () => {
    const res = await post(open, { variables: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('invalid_query');
  });
});
