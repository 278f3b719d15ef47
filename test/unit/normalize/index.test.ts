import { describe, expect, it } from 'vitest';
import type { RawPosting } from '../../../src/domain/raw-posting.ts';
import { parseDate } from '../../../src/ingest/normalize/dates.ts';
import { MAX_DESCRIPTION_LENGTH, normalizePosting } from '../../../src/ingest/normalize/index.ts';
import { payloadHash, stableStringify } from '../../../src/ingest/normalize/payload-hash.ts';
import { RAW_POSTING_FIELDS } from '../../helpers/raw-posting-fields.ts';

const now = new Date('2026-06-01T00:00:00Z');

function raw(overrides: Partial<RawPosting> & Record<string, unknown> = {}): RawPosting {
  return {
    source: 'greenhouse',
    board: 'acmeco',
    externalId: '7104455002',
    title: 'Senior Backend Engineer',
    companyName: 'Acme Co',
    descriptionHtml:
      '&lt;p&gt;Build our payments APIs in TypeScript.&lt;/p&gt;&lt;p&gt;Pay: $150,000 - $185,000&lt;/p&gt;',
    locationText: 'Remote - United States',
    department: 'Engineering',
    employmentType: 'Full-time',
    postedAt: '2026-02-20T09:00:00-05:00',
    updatedAt: '2026-03-04T10:12:45-05:00',
    listingUrl: 'https://job-boards.greenhouse.io/acmeco/jobs/7104455002',
    payload: { id: 7104455002, title: 'Senior Backend Engineer' },
    ...overrides,
  } as RawPosting;
}

function ok(r: RawPosting) {
  const result = normalizePosting(r, { now });
  if (!result.ok) throw new Error(`expected ok, got ${result.reason}`);
  return result.job;
}

describe('normalizePosting composes every field', () => {
  it('normalizes a Greenhouse-shaped posting', () => {
    const job = ok(raw());
    expect(job).toMatchObject({
      source: 'greenhouse',
      atsPlatform: 'greenhouse',
      board: 'acmeco',
      externalId: '7104455002',
      title: 'Senior Backend Engineer',
      normalizedTitle: 'senior backend engineer',
      companyName: 'Acme Co',
      companyNormalizedName: 'acme',
      descriptionHtml: '<p>Build our payments APIs in TypeScript.</p><p>Pay: $150,000 - $185,000</p>',
      descriptionText: 'Build our payments APIs in TypeScript.\n\nPay: $150,000 - $185,000',
      locationText: 'Remote - United States',
      countryCode: 'US',
      city: null,
      remoteType: 'remote',
      jobType: 'full-time',
      seniority: 'senior',
      categorySlug: 'software-engineering',
      department: 'Engineering',
      skills: ['TypeScript'],
      salaryMin: 150_000,
      salaryMax: 185_000,
      salaryCurrency: 'USD',
      salaryPeriod: 'year',
      salaryMinUsd: 150_000,
      salaryMaxUsd: 185_000,
      salaryText: '$150,000 – $185,000',
      status: 'open',
      visaSponsorship: null,
    });
    expect(job.postedAt?.toISOString()).toBe('2026-02-20T14:00:00.000Z');
    expect(job.sourceUpdatedAt?.toISOString()).toBe('2026-03-04T15:12:45.000Z');
    expect(job.payloadHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('uses structured location, salary and workplace fields (Lever shape)', () => {
    const job = ok(
      raw({
        source: 'lever',
        title: 'Data Engineer',
        descriptionHtml: '<div>Own our event pipelines.</div><ul><li>Python and SQL</li><li>Kafka</li></ul>',
        locationText: 'Berlin',
        extraLocations: ['Munich'],
        country: 'DE',
        workplaceType: 'hybrid',
        salary: { min: 70_000, max: 90_000, currency: 'EUR', period: 'per-year-salary' },
        postedAt: 1772006400000,
      }),
    );
    // The structured country alone is subsumed by the cities that carry it; each city
    // carries the gazetteer's coordinates.
    expect(job.places).toEqual([
      { city: 'Berlin', region: null, countryCode: 'DE', latitude: 52.52437, longitude: 13.41053 },
      { city: 'Munich', region: null, countryCode: 'DE', latitude: 48.13743, longitude: 11.57549 },
    ]);
    expect(job.city).toBe('Berlin');
    expect(job.remoteType).toBe('hybrid');
    expect(job.skills).toEqual(['Python', 'SQL', 'Kafka']);
    expect(job.categorySlug).toBe('data-science');
    expect(job.salaryMinUsd).toBe(75_600);
    expect(job.salaryText).toBe('$75,600 – $97,200');
    expect(job.postedAt?.toISOString()).toBe('2026-02-25T08:00:00.000Z');
  });

  it('defaults companyName to the board, keeps text-only descriptions, reads tags', () => {
    const job = ok(
      raw({
        companyName: null,
        descriptionHtml: null,
        descriptionText: 'Plain <text> & more',
        tags: ['react'],
      }),
    );
    expect(job.companyName).toBe('acmeco');
    expect(job.descriptionText).toBe('Plain <text> & more');
    expect(job.descriptionHtml).toBe('<p>Plain &lt;text&gt; &amp; more</p>');
    expect(job.skills).toContain('React');
  });

  it('truncates long descriptions instead of rejecting', () => {
    const job = ok(raw({ descriptionHtml: `<p>${'word '.repeat(60_000)}</p>` }));
    expect(job.descriptionText.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(job.descriptionHtml.length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(job.descriptionText.length).toBeGreaterThan(100_000);
  });

  it('drops unsafe URLs and invalid dates', () => {
    const job = ok(
      raw({
        listingUrl: 'javascript:alert(1)',
        applyUrl: 'not a url',
        companyLogoUrl: 'ftp://x/logo.png',
        postedAt: 'yesterday',
        updatedAt: {} as unknown as string,
      }),
    );
    expect(job.listingUrl).toBeNull();
    expect(job.applyUrl).toBeNull();
    expect(job.companyLogoUrl).toBeNull();
    expect(job.postedAt).toBeNull();
    expect(job.sourceUpdatedAt).toBeNull();
  });

  it('hashes the payload stably regardless of key order', () => {
    const a = ok(raw({ payload: { a: 1, b: { c: [1, 2], d: 'x' } } }));
    const b = ok(raw({ payload: { b: { d: 'x', c: [1, 2] }, a: 1 } }));
    const c = ok(raw({ payload: { a: 2, b: { d: 'x', c: [1, 2] } } }));
    expect(a.payloadHash).toBe(b.payloadHash);
    expect(a.payloadHash).not.toBe(c.payloadHash);
  });
});

describe('normalizePosting rejects unusable rows with a reason', () => {
  it.each([
    ['missing title', { title: undefined }, 'missing title'],
    ['blank title', { title: '   ' }, 'missing title'],
    ['numeric title', { title: 42 }, 'invalid title'],
    ['title too long', { title: 'x'.repeat(301) }, 'title too long'],
    ['missing external id', { externalId: undefined }, 'missing external id'],
    ['numeric external id', { externalId: 7104455002 }, 'invalid external id'],
    ['blank external id', { externalId: '  ' }, 'invalid external id'],
    ['unknown source', { source: 'monster' }, 'invalid source'],
    ['missing board', { board: '' }, 'missing board'],
  ])('%s', (_name, overrides, reason) => {
    expect(normalizePosting(raw(overrides as Partial<RawPosting>), { now })).toEqual({ ok: false, reason });
  });

  it('accepts a title of exactly 300 characters', () => {
    expect(normalizePosting(raw({ title: 'x'.repeat(300) }), { now }).ok).toBe(true);
  });
});

describe('normalizePosting never throws', () => {
  // A small deterministic PRNG so a failure reproduces.
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const garbage: readonly unknown[] = [
    null,
    undefined,
    0,
    -1,
    Number.NaN,
    Infinity,
    '',
    ' ',
    'x',
    '<script>',
    '&lt;p&gt;',
    '💥'.repeat(50),
    true,
    false,
    [],
    [1, 'a', null],
    {},
    { a: { b: {} } },
    new Date('invalid'),
    new Date(0),
    () => 1,
    Symbol('s'),
    10n,
    'Remote - US',
    '$1-$2',
    '2026-02-30',
    1e20,
    { min: 'x', max: {} },
    ['Berlin', 5],
  ];
  const keys = RAW_POSTING_FIELDS;

  it.each([[null], [undefined], [42], ['posting'], [[]]])('top-level %j', (input) => {
    const result = normalizePosting(input as unknown as RawPosting);
    expect(result).toEqual({ ok: false, reason: 'invalid posting' });
  });

  it('an object of the wrong kind is rejected, not thrown on', () => {
    expect(normalizePosting(new Date() as unknown as RawPosting)).toEqual({
      ok: false,
      reason: 'invalid source',
    });
  });

  it('survives 2,000 random garbage objects', () => {
    let accepted = 0;
    for (let i = 0; i < 2_000; i++) {
      const obj: Record<string, unknown> = i % 2 === 0 ? { ...raw() } : {};
      for (const key of keys) if (rand() < 0.5) obj[key] = pick(garbage);
      const result = normalizePosting(obj as unknown as RawPosting, { now });
      expect(typeof result.ok).toBe('boolean');
      if (result.ok) {
        accepted++;
        expect(typeof result.job.title).toBe('string');
        expect(result.job.payloadHash).toMatch(/^[0-9a-f]{64}$/);
      } else {
        expect(result.reason).toMatch(/\S/);
        expect(result.reason).not.toMatch(/^normalization failed/);
      }
    }
    expect(accepted).toBeGreaterThan(0);
  });

  it('survives cyclic payloads and throwing getters', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(normalizePosting(raw({ payload: cyclic }), { now }).ok).toBe(true);
    const hostile = raw();
    Object.defineProperty(hostile, 'descriptionHtml', {
      get: () => {
        throw new Error('boom');
      },
      enumerable: true,
    });
    const result = normalizePosting(hostile, { now });
    expect(result).toEqual({ ok: false, reason: 'normalization failed: boom' });
  });
});

describe('parseDate', () => {
  it.each([
    ['2026-02-20T09:00:00-05:00', '2026-02-20T14:00:00.000Z'],
    ['2026-03-01T15:04:05.123+00:00', '2026-03-01T15:04:05.123Z'],
    ['2026-02-18T10:20:30+0200', '2026-02-18T08:20:30.000Z'],
    ['2026-02-10 12:00:00 UTC', '2026-02-10T12:00:00.000Z'],
    ['2026-02-27', '2026-02-27T00:00:00.000Z'],
    [1772006400000, '2026-02-25T08:00:00.000Z'],
    [1772006400, '2026-02-25T08:00:00.000Z'], // epoch seconds
    ['1772006400000', '2026-02-25T08:00:00.000Z'],
    [new Date('2026-01-01T00:00:00Z'), '2026-01-01T00:00:00.000Z'],
  ])('%j → %s', (input, expected) => {
    expect(parseDate(input, now)?.toISOString()).toBe(expected);
  });

  it.each([
    ['garbage'],
    ['2026-13-45'],
    [''],
    [null],
    [{}],
    [Number.NaN],
    ['1985-01-01'],
    ['2030-01-01'],
    [new Date('x')],
    ['3'],
  ])('%j → null', (input) => {
    expect(parseDate(input, now)).toBeNull();
  });
});

describe('stableStringify', () => {
  it('sorts keys and replaces what JSON cannot hold', () => {
    const cyclic: Record<string, unknown> = { b: 1n, a: undefined, c: [() => 1] };
    cyclic.d = cyclic;
    expect(stableStringify(cyclic)).toBe('{"b":"1n","c":[null],"d":"[circular]"}');
    expect(payloadHash(undefined)).toBe(payloadHash(null));
  });
});
