import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors.ts';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Every GraphQL error carries a code of the one catalogue in `extensions.code`, those
 * graphql-js, yoga and graphql-armor make included, and errors answered before GraphQL
 * runs (rate limit, body too large) come in the GraphQL shape with the REST status.
 */
describe(`GraphQL error codes (${TEST_DB})`, () => {
  let services: Services;
  let app: FastifyInstance;

  beforeAll(async () => {
    services = await createTestServices({}, { RATE_LIMIT_MAX: '1000', BODY_LIMIT_BYTES: '20000' });
    app = await createApp(services);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  async function post(payload: unknown, headers: Record<string, string> = {}) {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    return { status: res.statusCode, body: res.json() as { errors?: { extensions?: { code?: string } }[] } };
  }
  const codes = (r: Awaited<ReturnType<typeof post>>) => (r.body.errors ?? []).map((e) => e.extensions?.code);

  it.each([
    ['a syntax error', { query: '{ searchJobs(' }, 'invalid_query'],
    ['an unknown field', { query: '{ nope }' }, 'invalid_query'],
    [
      'too many aliases',
      {
        query: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: searchJobs(first: 1) { totalCount }`).join(' ')} }`,
      },
      'invalid_query',
    ],
    [
      'a variable of the wrong type',
      { query: 'query($f: Int!) { searchJobs(first: $f) { totalCount } }', variables: { f: 'x' } },
      'invalid_parameter',
    ],
    [
      'a missing variable',
      { query: 'query($f: Int!) { searchJobs(first: $f) { totalCount } }' },
      'invalid_parameter',
    ],
    ['no query at all', {}, 'invalid_query'],
    [
      'an argument out of bounds',
      { query: '{ searchJobs(first: 1000) { totalCount } }' },
      'invalid_parameter',
    ],
  ])('%s', async (_name, payload, expected) => {
    const res = await post(payload);
    const got = codes(res);
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(got.map(() => expected));
  });

  it('random broken documents: every error has a catalogue code', async () => {
    const pieces = [
      '{',
      '}',
      '(',
      ')',
      'searchJobs',
      'first:',
      '1',
      '$x',
      'query',
      'subscription',
      '...',
      'on',
      '"',
      ':',
      'edges',
      'node',
      'id',
      '@skip',
      '#',
    ];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 200; i++) {
      const query = Array.from({ length: 1 + rand(12) }, () => pieces[rand(pieces.length)]).join(' ');
      const res = await post({ query, variables: rand(2) ? { x: rand(3) ? 'a' : 5 } : undefined });
      expect(res.status, query).toBeLessThan(500);
      for (const code of codes(res)) expect(Object.keys(ERROR_CODES), query).toContain(code);
    }
  });

  it('a body over the limit is 413 in the GraphQL shape', async () => {
    const res = await post({
      query: `{ searchJobs(filter: { query: "${'x'.repeat(30_000)}" }) { totalCount } }`,
    });
    expect(res.status).toBe(413);
    expect(codes(res)).toEqual(['payload_too_large']);
  });
});

describe(`GraphQL when rate-limited (${TEST_DB})`, () => {
  it('answers 429 with Retry-After and a GraphQL error coded rate_limited', async () => {
    const services = await createTestServices({}, { RATE_LIMIT_MAX: '2' });
    const app = await createApp(services);
    try {
      const ask = () => app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } });
      await ask();
      await ask();
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const body = limited.json() as { errors: { extensions: { code: string; retryAfter: number } }[] };
      expect(body.errors[0]!.extensions.code).toBe('rate_limited');
      expect(body.errors[0]!.extensions.retryAfter).toBeGreaterThan(0);
    } finally {
      await app.close();
      await services.close();
    }
  });
});
