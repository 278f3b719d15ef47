import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { JOB_COUNT_OPEN, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
let app: FastifyInstance;
let ids: Awaited<ReturnType<typeof seedDataset>>;

beforeAll(async () => {
  services = await createTestServices({}, { BODY_LIMIT_BYTES: '4096' });
  ids = await seedDataset(services);
  app = await createApp(services);
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

const post = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.inject({
    method: 'POST',
    url: '/search/jobs',
    headers,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe(`POST /search/jobs (${TEST_DB})`, () => {
  it('returns the contract envelope with defaults page 1 and limit 20', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'pagination', 'success']);
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({
      page: 1,
      per_page: 20,
      total: JOB_COUNT_OPEN,
      total_pages: 1,
      has_more: false,
    });
    expect(body.data).toHaveLength(JOB_COUNT_OPEN);
  });

  it('returns items with the contract fields and salary as annual USD text', async () => {
    const body = (await post({ q: 'globex' })).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: ids.newerEngineer,
      title: 'Senior Software Engineer',
      company: 'Globex',
      location: 'Remote - United States',
      remote_type: 'remote',
      salary: '$124,800 – $166,400',
      salary_min: 60,
      salary_period: 'hour',
      salary_min_usd: 124800,
      posted_at: '2026-11-12T00:00:00.000Z',
    });
    const noSalary = (await post({ q: 'bookkeeper' })).json().data[0];
    expect(noSalary.salary).toBeNull();
  });

  it('accepts arrays as comma-separated strings', async () => {
    const asString = (await post({ remote_types: 'remote,hybrid' })).json();
    const asArray = (await post({ remote_types: ['remote', 'hybrid'] })).json();
    expect(asString.pagination.total).toBe(2);
    expect(asString.data.map((j: { id: string }) => j.id)).toEqual(
      asArray.data.map((j: { id: string }) => j.id),
    );
  });

  it('applies cities, min_salary and skills together', async () => {
    const body = (await post({ cities: ['Berlin'], min_salary: 140000, skills: 'typescript' })).json();
    expect(body.data.map((j: { id: string }) => j.id)).toEqual([ids.olderEngineer]);
  });

  it('pages with limit and page, and a page past the end is empty with true totals', async () => {
    const first = (await post({ limit: 2, page: 1 })).json();
    const second = (await post({ limit: 2, page: 2 })).json();
    expect(first.data).toHaveLength(2);
    expect(first.pagination).toMatchObject({ page: 1, per_page: 2, total: JOB_COUNT_OPEN, has_more: true });
    expect(second.data[0].id).not.toBe(first.data[0].id);
    const past = (await post({ limit: 2, page: 99 })).json();
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({
      page: 99,
      total: JOB_COUNT_OPEN,
      total_pages: Math.ceil(JOB_COUNT_OPEN / 2),
      has_more: false,
    });
  });

  it('takes per_page as the page size too (the name GET /jobs uses and the answer echoes)', async () => {
    const res = (await post({ per_page: 3 })).json();
    expect(res.data).toHaveLength(3);
    expect(res.pagination).toMatchObject({
      page: 1,
      per_page: 3,
      total_pages: Math.ceil(JOB_COUNT_OPEN / 3),
    });
    // Given both, they must agree.
    expect((await post({ per_page: '3', limit: 3 })).json().pagination.per_page).toBe(3);
    const both = await post({ per_page: 3, limit: 5 });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({ code: 'invalid_parameter', details: [{ field: 'per_page' }] });
  });

  it('takes search as the text too (the name GET /jobs uses): not every job, silently', async () => {
    const byQ = (await post({ q: 'globex' })).json();
    const bySearch = (await post({ search: 'globex' })).json();
    expect(bySearch.data.map((j: { id: string }) => j.id)).toEqual([ids.newerEngineer]);
    expect(bySearch.pagination).toEqual(byQ.pagination);
    // Given both, they must agree.
    expect((await post({ q: 'globex', search: 'globex' })).json().pagination.total).toBe(1);
    const both = await post({ q: 'globex', search: 'initech' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({ code: 'invalid_parameter', details: [{ field: 'search' }] });
    const tooLong = await post({ search: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details[0].field).toBe('search');
  });

  it("takes query as the text too (GraphQL's name in JobFilter): not every job, silently", async () => {
    const byQuery = (await post({ query: 'globex' })).json();
    expect(byQuery.data.map((j: { id: string }) => j.id)).toEqual([ids.newerEngineer]);
    expect((await post({ q: 'globex', query: 'globex' })).json().pagination.total).toBe(1);
    const both = await post({ q: 'globex', query: 'initech' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({ code: 'invalid_parameter', details: [{ field: 'query' }] });
    const tooLong = await post({ query: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details[0].field).toBe('query');
    // A number is text, as `q: 42` is: searched, not dropped.
    expect((await post({ query: 42 })).json().pagination).toEqual((await post({ q: 42 })).json().pagination);
    expect((await post({ query: 42 })).json().pagination.total).toBeLessThan(JOB_COUNT_OPEN);
  });

  it.each([
    [{ per_page: 0 }, 'per_page'],
    [{ per_page: 101 }, 'per_page'],
    [{ per_page: 'ten' }, 'per_page'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ page: 0 }, 'page'],
    [{ limit: 'ten' }, 'limit'],
    [{ remote_types: ['moon'] }, 'remote_types.0'],
    [{ remote_types: 'remote,moon' }, 'remote_types.1'],
    [{ min_salary: -5 }, 'min_salary'],
    [{ job_types: ['full_time'] }, 'job_types.0'],
    [{ posted_after: 'yesterday' }, 'posted_after'],
  ])('rejects %j with 400 naming the field', async (body, field) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    const err = res.json();
    expect(err.success).toBe(false);
    // A field at fault is a parameter, in a body as in a query string.
    expect(err.error.code).toBe('invalid_parameter');
    expect(err.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(err.error.message).toMatch(new RegExp(field.split('.')[0]!));
  });

  it('treats a NUL or a lone surrogate in any filter as odd text, not a server error', async () => {
    for (const body of [
      { q: 'rust\u0000acean' },
      { categories: ['\u0000'] },
      { locations: ['\ud800'] },
      { companies: ['Acme\u0000'], cities: ['\udfffZurich'], skills: ['\u0000'] },
      { departments: ['\ud83d'] },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json().success).toBe(true);
    }
    // What is left of the value still searches: "Acme" without its NUL is a company.
    expect((await post({ companies: ['Acme Widgets\u0000'] })).json().pagination.total).toBeGreaterThan(0);
  });

  it('rejects min_salary above max_salary', async () => {
    const res = await post({ min_salary: 200000, max_salary: 100000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_parameter');
  });

  it('answers malformed JSON with 400, a wrong content type with 415 and a large body with 413', async () => {
    const bad = await post('{"q": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_body');
    const form = await post('q=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.code).toBe('unsupported_media_type');
    const big = await post({ q: 'x'.repeat(5000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload_too_large');
  });

  it('answers an unknown route with 404 in the error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('publishes an OpenAPI 3.1 document describing both routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/search/jobs', '/jobs']));
    const docs = await app.inject({ method: 'GET', url: '/docs' });
    expect(docs.statusCode).toBeLessThan(400);
  });
});
