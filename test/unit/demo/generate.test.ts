import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RawPosting } from '../../../src/domain/raw-posting.ts';
import { COMPANIES } from '../../../src/demo/companies.ts';
import { DEMO_ORG_BOARDS, DEMO_ORGANIZATION, isDemoOrgPosting } from '../../../src/demo/demo-organization.ts';
import { generateDemoBoard, generateDemoPostings } from '../../../src/demo/generate.ts';
import { COUNTRIES } from '../../../src/demo/places.ts';
import { Rng } from '../../../src/demo/random.ts';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY_MS = 86_400_000;

const hashOf = (postings: RawPosting[]) =>
  createHash('sha256').update(JSON.stringify(postings)).digest('hex');
const toMs = (value: RawPosting['postedAt']) =>
  typeof value === 'number' ? value : new Date(value as string).getTime();

function jobTypeClass(text: string | null | undefined): string {
  if (!text) return 'unknown';
  if (/full/i.test(text)) return 'full-time';
  if (/part/i.test(text)) return 'part-time';
  if (/contract/i.test(text)) return 'contract';
  if (/intern/i.test(text)) return 'internship';
  if (/temp/i.test(text)) return 'temporary';
  return `other:${text}`;
}

function workplaceClass(text: string | null | undefined): string {
  if (!text || text === 'unspecified') return 'unknown';
  if (/^remote$/i.test(text)) return 'remote';
  if (/^hybrid$/i.test(text)) return 'hybrid';
  if (/^on-?site$/i.test(text)) return 'onsite';
  return `other:${text}`;
}

/** Pay figures as a reader would spot them in text: "$140,000", "£55K", "CAD 120,000". */
const PAY_IN_TEXT = /(?:[$€£₹]|CA\$|A\$|\b(?:USD|EUR|GBP|CAD|AUD|INR) )\d/;

const hasSalaryInfo = (p: RawPosting) =>
  Boolean(p.salary) || Boolean(p.salaryText) || PAY_IN_TEXT.test(p.descriptionHtml ?? '');

/** Country codes a posting's location names (city or country name). */
function countriesOf(p: RawPosting): string[] {
  const text = [p.locationText ?? '', ...(p.extraLocations ?? [])].join(' ; ');
  return COUNTRIES.filter((c) => text.includes(c.name) || c.cities.some(([city]) => text.includes(city))).map(
    (c) => c.code,
  );
}

describe('generateDemoPostings', () => {
  let postings: RawPosting[];

  beforeAll(() => {
    const started = performance.now();
    postings = generateDemoPostings({ count: 10_000, seed: 42, now: NOW });
    console.info(`generated 10,000 demo postings in ${Math.round(performance.now() - started)} ms`);
  });

  it('gives identical output for the same seed', () => {
    const again = generateDemoPostings({ count: 10_000, seed: 42, now: NOW });
    expect(again.slice(0, 25)).toEqual(postings.slice(0, 25));
    expect(hashOf(again)).toBe(hashOf(postings));
  });

  it('gives different output for a different seed', () => {
    const other = generateDemoPostings({ count: 10_000, seed: 7, now: NOW });
    expect(hashOf(other)).not.toBe(hashOf(postings));
    const same = other
      .slice(0, 50)
      .filter((p, i) => p.title === postings[i]?.title && p.board === postings[i]?.board);
    expect(same.length).toBeLessThan(5);
  });

  it('makes a shorter run a prefix of a longer one', () => {
    expect(generateDemoPostings({ count: 200, seed: 42, now: NOW })).toEqual(postings.slice(0, 200));
  });

  it('gives every posting a unique, stable external id and its company board', () => {
    expect(new Set(postings.map((p) => p.externalId)).size).toBe(10_000);
    expect(postings[17]?.externalId).toBe('demo-42-17');
    const slugs = new Set(COMPANIES.map((c) => c.slug));
    for (const p of postings) {
      expect(p.source).toBe('demo');
      expect(slugs.has(p.board)).toBe(true);
      expect(p.listingUrl).toBe(`https://jobs.example-ats.test/${p.board}/${p.externalId}`);
    }
  });

  it('has no two postings of one company with the same title and place', () => {
    const keys = new Set(postings.map((p) => `${p.board}|${p.title}|${p.locationText}`));
    expect(keys.size).toBe(postings.length);
  });

  it('uses every employment-type class and workplace value', () => {
    const types = new Set(postings.map((p) => jobTypeClass(p.employmentType)));
    expect([...types].sort()).toEqual([
      'contract',
      'full-time',
      'internship',
      'part-time',
      'temporary',
      'unknown',
    ]);
    const spellings = new Set(postings.map((p) => p.employmentType));
    for (const s of ['Full-time', 'FullTime', 'Part-time', 'Contract', 'Internship', 'Temporary'])
      expect(spellings).toContain(s);

    const workplaces = postings.map((p) => workplaceClass(p.workplaceType));
    expect(new Set(workplaces)).toEqual(new Set(['remote', 'hybrid', 'onsite', 'unknown']));
    for (const w of ['Remote', 'Hybrid', 'OnSite', 'unspecified', null])
      expect(postings.some((p) => p.workplaceType === w)).toBe(true);
    const unknownShare = workplaces.filter((w) => w === 'unknown').length / postings.length;
    expect(unknownShare).toBeGreaterThan(0.15);
    expect(unknownShare).toBeLessThan(0.35);
  });

  it('spreads postings over at least 25 countries and 200 companies', () => {
    const countries = new Set(postings.flatMap(countriesOf));
    expect(countries.size).toBeGreaterThanOrEqual(25);
    expect(new Set(postings.map((p) => p.companyName)).size).toBeGreaterThanOrEqual(200);
    expect(
      postings.some((p) => /;| \| | or /.test(p.locationText ?? '') || (p.extraLocations?.length ?? 0) > 0),
    ).toBe(true);
    expect(postings.some((p) => /^Remote - /.test(p.locationText ?? ''))).toBe(true);
  });

  it('states pay for at least 60% of postings, in several currencies and periods', () => {
    expect(postings.filter(hasSalaryInfo).length / postings.length).toBeGreaterThanOrEqual(0.6);
    const structured = postings.flatMap((p) => (p.salary ? [p.salary] : []));
    expect(new Set(structured.map((s) => s.currency))).toEqual(
      new Set(['USD', 'EUR', 'GBP', 'CAD', 'INR', 'AUD']),
    );
    expect(structured.some((s) => s.currency === 'USD' && /hour/i.test(s.period ?? ''))).toBe(true);
    expect(structured.some((s) => s.currency === 'EUR' && /month/i.test(s.period ?? ''))).toBe(true);
    const textOnly = postings.filter(
      (p) => !p.salary && !p.salaryText && PAY_IN_TEXT.test(p.descriptionHtml ?? ''),
    );
    expect(textOnly.length).toBeGreaterThan(500);
    for (const s of structured) {
      if (s.min != null && s.max != null) expect(s.max).toBeGreaterThanOrEqual(s.min);
    }
  });

  it('pays plausible annual amounts for US full-time roles', () => {
    const annualUsd = postings.filter(
      (p) =>
        p.salary?.currency === 'USD' &&
        /year|annual/i.test(p.salary.period ?? '') &&
        p.salary.min != null &&
        jobTypeClass(p.employmentType) === 'full-time' &&
        countriesOf(p).join() === 'US',
    );
    expect(annualUsd.length).toBeGreaterThan(500);
    for (const p of annualUsd) {
      expect(p.salary?.min).toBeGreaterThanOrEqual(20_000);
      expect(p.salary?.min).toBeLessThanOrEqual(800_000);
    }
  });

  it('dates postings within the 60 days before now', () => {
    for (const p of postings) {
      const posted = toMs(p.postedAt);
      const updated = toMs(p.updatedAt);
      expect(posted).toBeLessThan(NOW.getTime());
      expect(posted).toBeGreaterThanOrEqual(NOW.getTime() - 61 * DAY_MS);
      expect(updated).toBeGreaterThanOrEqual(posted);
      expect(updated).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('writes HTML descriptions of about 1-2 KB with lists and sometimes a visa line', () => {
    const lengths = postings.map((p) => p.descriptionHtml?.length ?? 0);
    const average = lengths.reduce((a, b) => a + b, 0) / lengths.length;
    expect(average).toBeGreaterThan(900);
    expect(average).toBeLessThan(2000);
    expect(Math.min(...lengths)).toBeGreaterThan(400);
    expect(postings.every((p) => (p.descriptionHtml ?? '').includes('<ul><li>'))).toBe(true);
    expect(postings.some((p) => p.descriptionHtml?.includes('Visa sponsorship available'))).toBe(true);
    expect(new Set(postings.map((p) => p.visaSponsorship))).toEqual(new Set([true, false, null]));
  });

  it('carries a plain, serializable payload', () => {
    const p = postings[3] as RawPosting;
    expect(JSON.parse(JSON.stringify(p.payload))).toMatchObject({ externalId: p.externalId, title: p.title });
  });

  it('gives the demo organization at least 500 of 10,000 postings', () => {
    expect(DEMO_ORGANIZATION.name).toBe('Demo Talent Co');
    expect(DEMO_ORGANIZATION.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(DEMO_ORG_BOARDS.length).toBeGreaterThanOrEqual(35);
    const mine = postings.filter(isDemoOrgPosting);
    expect(mine.length).toBeGreaterThanOrEqual(500);
    expect(mine.length).toBeLessThan(3000);
    for (const seed of [1, 2, 20261122]) {
      const other = generateDemoPostings({ count: 10_000, seed, now: NOW });
      expect(other.filter(isDemoOrgPosting).length).toBeGreaterThanOrEqual(500);
    }
  });
});

describe('demo companies', () => {
  it('has about 300 invented companies with unique boards and domains', () => {
    expect(COMPANIES.length).toBeGreaterThanOrEqual(300);
    expect(new Set(COMPANIES.map((c) => c.slug)).size).toBe(COMPANIES.length);
    expect(new Set(COMPANIES.map((c) => c.domain)).size).toBe(COMPANIES.length);
    expect(new Set(COMPANIES.map((c) => c.name)).size).toBe(COMPANIES.length);
    for (const c of COMPANIES) expect(c.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});

describe('generateDemoBoard', () => {
  it('generates one company board deterministically', () => {
    const board = DEMO_ORG_BOARDS[0] as string;
    const a = generateDemoBoard({ board, count: 40, seed: 3, now: NOW });
    expect(a).toEqual(generateDemoBoard({ board, count: 40, seed: 3, now: NOW }));
    expect(a.every((p) => p.board === board)).toBe(true);
    expect(new Set(a.map((p) => p.externalId)).size).toBe(40);
  });

  it('rejects an unknown board', () => {
    expect(() => generateDemoBoard({ board: 'no-such-company', count: 1, now: NOW })).toThrow(
      /unknown demo board/,
    );
  });
});

describe('Rng', () => {
  it('repeats for the same seed and stays in range', () => {
    const a = new Rng(5, 'x');
    const b = new Rng(5, 'x');
    const draws = Array.from({ length: 1000 }, () => a.int(3, 9));
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b.int(3, 9)));
    expect(Math.min(...draws)).toBe(3);
    expect(Math.max(...draws)).toBe(9);
    expect(new Rng(5, 'y').next()).not.toBe(new Rng(5, 'x').next());
  });

  it('picks by weight and shuffles without losing items', () => {
    const rng = new Rng(1);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 10_000; i++)
      counts[
        rng.weightedPick([
          ['a', 9],
          ['b', 1],
        ] as const)
      ]++;
    expect(counts.a).toBeGreaterThan(8_500);
    expect(rng.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('is the only randomness in the demo code', () => {
    const dir = join(import.meta.dirname, '../../../src/demo');
    for (const file of readdirSync(dir)) {
      expect(readFileSync(join(dir, file), 'utf8')).not.toMatch(/Math\.random|Date\.now|new Date\(\)/);
    }
  });
});
