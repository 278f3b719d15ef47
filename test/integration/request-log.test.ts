import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Client mistakes are logged at info, one line, no stack (a fuzz run wrote 1,579
 * error lines with stacks); an API key sent in the query string never reaches the log.
 */
describe(`request logging (${TEST_DB})`, () => {
  const lines: Array<Record<string, unknown>> = [];
  let services: Services;
  let app: FastifyInstance;
  const secret = 'jl_abcdefghij_0123456789abcdefghijABCDEFGHIJ0123456789a';

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    services = await createTestServices({ logger });
    app = await createApp(services);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  it('logs bad requests on both transports at info without stacks, and redacts keys in URLs', async () => {
    const json = { 'content-type': 'application/json' };
    const requests = [
      { method: 'POST', url: '/search/jobs', payload: '{bad', headers: json },
      { method: 'POST', url: '/search/jobs', payload: '{"limit":1000}', headers: json },
      { method: 'POST', url: '/search/jobs', payload: 'hello', headers: { 'content-type': 'text/plain' } },
      { method: 'GET', url: '/jobs?per_page=1000', headers: { 'x-api-key': 'nope' } },
      { method: 'GET', url: `/jobs?api_key=${secret}&page=1` },
      { method: 'GET', url: `/jobs?token=${secret.slice(3)}` },
      {
        method: 'POST',
        url: '/graphql',
        payload: '{"query":"{ searchJobs(first: 1000) { totalCount } }"}',
        headers: json,
      },
      {
        method: 'POST',
        url: '/graphql',
        payload: '{"query":"query($f: Int!){ searchJobs(first: $f) { totalCount } }","variables":{"f":"x"}}',
        headers: json,
      },
      { method: 'POST', url: '/graphql', payload: '{"query":"{ nope }"}', headers: json },
    ] as const;
    for (const r of requests) {
      const res = await app.inject(r as never);
      expect(res.statusCode, r.url).toBeLessThan(500);
    }
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    expect(text).not.toContain('"stack"');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(3));
    const logged = lines.filter((l) => l.msg === 'request');
    expect(logged).toHaveLength(requests.length);
    expect(logged.map((l) => l.url)).toContain('/jobs?api_key=***&page=1');
    expect(logged.every((l) => typeof l.status === 'number' && typeof l.ms === 'number')).toBe(true);
  });
});
