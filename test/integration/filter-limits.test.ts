import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_LIMITS } from '../../src/domain/job-filter.ts';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * The same limits on both transports: GraphQL used to take 90,000-item lists and
 * 900 kB strings that REST refused. Each case is checked at the limit (accepted) and
 * one past it (400 / invalid_parameter), on REST and GraphQL, for both operations.
 */
describe(`filter limits on REST and GraphQL (${TEST_DB})`, () => {
  let services: Services;
  let app: FastifyInstance;
  let key: string;

  beforeAll(async () => {
    services = await createTestServices();
    await services.organizations.ensureOrganization(services.orm.em.fork(), ORG_A);
    key = await createKey(services, ORG_A.id);
    app = await createApp(services);
  });
  afterAll(async () => {
    await app.close();
    await services.close();
  });

  const rest = async (body: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: '/search/jobs', payload: body });
    return { status: res.statusCode, code: res.statusCode === 200 ? null : res.json().error.code };
  };
  const restOrg = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/jobs?${query}`, headers: { 'x-api-key': key } });
    return { status: res.statusCode, code: res.statusCode === 200 ? null : res.json().error.code };
  };
  const gql = async (field: 'searchJobs' | 'organizationJobs', filter: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'x-api-key': key },
      payload: {
        query: `query($f: JobFilter) { ${field}(first: 1, filter: $f) { totalCount } }`,
        variables: { f: filter },
      },
    });
    const body = res.json() as { errors?: { extensions?: { code?: string } }[] };
    return { status: 200, code: body.errors?.[0]?.extensions?.code ?? null };
  };
  const ok = { status: 200, code: null };
  const bad = (status: number) => ({ status, code: 'invalid_parameter' });

  it('lists: at most FILTER_LIMITS.items values', async () => {
    const at = Array.from({ length: FILTER_LIMITS.items }, (_, i) => `City ${i}`);
    const past = [...at, 'One More'];
    expect(await rest({ cities: at })).toEqual(ok);
    expect(await rest({ cities: past })).toEqual(bad(400));
    expect(await restOrg(past.map((c) => `locations[]=${encodeURIComponent(c)}`).join('&'))).toEqual(
      bad(400),
    );
    expect(await gql('searchJobs', { cities: at })).toEqual(ok);
    expect(await gql('searchJobs', { cities: past })).toEqual(bad(200));
    expect(await gql('organizationJobs', { locations: past })).toEqual(bad(200));
    expect(await gql('searchJobs', { skills: Array.from({ length: 90_000 }, () => 'x') })).toEqual(bad(200));
  });

  it('list values: at most FILTER_LIMITS.itemLength characters', async () => {
    const at = 'x'.repeat(FILTER_LIMITS.itemLength);
    const past = `${at}x`;
    expect(await rest({ skills: [at] })).toEqual(ok);
    expect(await rest({ skills: [past] })).toEqual(bad(400));
    expect(await gql('searchJobs', { skills: [at] })).toEqual(ok);
    expect(await gql('searchJobs', { skills: [past] })).toEqual(bad(200));
  });

  it('search words: at most FILTER_LIMITS.queryLength characters', async () => {
    const at = 'a '.repeat(FILTER_LIMITS.queryLength / 2);
    const past = `${at}b`;
    expect(await rest({ q: at })).toEqual(ok);
    expect(await rest({ q: past })).toEqual(bad(400));
    expect(await restOrg(`search=${encodeURIComponent(past)}`)).toEqual(bad(400));
    expect(await gql('searchJobs', { query: at })).toEqual(ok);
    expect(await gql('searchJobs', { query: past })).toEqual(bad(200));
    expect(await gql('organizationJobs', { query: 'q'.repeat(900_000) })).toEqual(bad(200));
  });
});
