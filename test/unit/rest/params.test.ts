import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../src/domain/errors.ts';
import { toErrorResponse } from '../../../src/rest/error-map.ts';
import { normalizeBooleans, toJobFilter } from '../../../src/rest/filter-params.ts';
import { normalizeLists, toList } from '../../../src/rest/list-params.ts';

describe('list parameters', () => {
  it.each([
    [['remote,hybrid'], ['remote', 'hybrid']],
    [[['remote', 'hybrid']], ['remote', 'hybrid']],
    [[' remote , , hybrid '], ['remote', 'hybrid']],
    [
      ['a', ['b,c']],
      ['a', 'b', 'c'],
    ],
    [[undefined, undefined], undefined],
  ])('toList(%j) = %j', (input, expected) => {
    expect(toList(...input)).toEqual(expected);
  });

  it('merges name[] and name keys', () => {
    const q: Record<string, unknown> = { 'categories[]': ['a', 'b'], categories: 'c', other: 'x' };
    normalizeLists(q, ['categories']);
    expect(q).toEqual({ categories: ['c', 'a', 'b'], other: 'x' });
  });

  it('reads booleans a person would type', () => {
    const q: Record<string, unknown> = { a: 'TRUE', b: '0', c: 'yes', d: 'maybe' };
    normalizeBooleans(q, ['a', 'b', 'c', 'd']);
    expect(q).toEqual({ a: true, b: false, c: true, d: 'maybe' });
  });

  it('maps REST names to the domain filter', () => {
    const { filter, sort } = toJobFilter(
      { remote_types: ['remote'], min_salary: 100, posted_after: '2026-01-01T00:00:00Z', sort: 'salary' },
      '  eng ',
      () => null,
    );
    expect(filter).toMatchObject({ query: 'eng', remoteTypes: ['remote'], minSalaryUsd: 100 });
    expect(filter.postedAfter?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(sort).toBe('salary');
  });
});

describe('error map', () => {
  it('keeps a domain error code and status', () => {
    const r = toErrorResponse(new DomainError('unauthorized', 'no'));
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ success: false, error: { code: 'unauthorized', message: 'no', details: [] } });
  });

  it('turns database outages into 503 with Retry-After', () => {
    const error = Object.assign(new Error('connect'), {
      cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
    });
    const r = toErrorResponse(error);
    expect(r.status).toBe(503);
    expect(r.retryAfter).toBeGreaterThan(0);
    expect(r.body.error.code).toBe('database_unavailable');
  });

  it('never leaks an unexpected error message', () => {
    const r = toErrorResponse(new Error('secret stack detail'));
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.body)).not.toContain('secret');
  });
});

describe('database outage detection', () => {
  it.each([
    ['a driver message without a code', new Error('Connection terminated unexpectedly')],
    [
      'a server shutdown code on the cause',
      Object.assign(new Error('x'), { cause: Object.assign(new Error('y'), { code: '57P01' }) }),
    ],
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
  ])('maps %s to 503', (_name, error) => {
    expect(toErrorResponse(error).status).toBe(503);
  });

  it('does not mistake a SQL error for an outage', () => {
    expect(
      toErrorResponse(Object.assign(new Error('relation "job" does not exist'), { code: '42P01' })).status,
    ).toBe(500);
  });
});

describe('configuration', () => {
  it('treats an empty variable as unset and names a bad one', async () => {
    const { loadConfig } = await import('../../../src/config.ts');
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database).toEqual({
      kind: 'pglite',
      dir: '.data/pglite',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database.kind).toBe('postgres');
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
