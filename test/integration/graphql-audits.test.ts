import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQL, type Yoga } from '../../src/graphql/yoga.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
let yoga: Yoga;

beforeAll(async () => {
  services = await createTestServices();
  yoga = createGraphQL(services);
});
afterAll(() => services?.close());

describe(`GraphQL over HTTP audits (${TEST_DB})`, () => {
  for (const audit of serverAudits({
    url: 'http://yoga/graphql',
    // Late-bound: yoga is built in beforeAll, after the audits are listed.
    fetchFn: ((input: RequestInfo | URL, init?: RequestInit) =>
      yoga.fetch(input as URL, init ?? {})) as typeof fetch,
  })) {
    it(audit.name, async () => {
      const result = await audit.fn();
      // MUST audits have to pass; SHOULD/MAY ones are reported as warnings by graphql-http.
      if (result.status === 'error') expect.fail(`${result.reason}`);
      expect(['ok', 'warn']).toContain(result.status);
    });
  }
});
