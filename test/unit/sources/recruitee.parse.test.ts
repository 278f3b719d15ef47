import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { createRecruiteeSource, recruiteeTime } from '../../../src/ingest/sources/recruitee.source.ts';
import { readFixture } from './support/fixtures.ts';

const source = createRecruiteeSource();
const parse = (name: string) => source.parse(readFixture('recruitee', name), 'tulipworks');

describe('recruitee parse', () => {
  it('reads the company subdomain offers endpoint', () => {
    expect(source.boardUrls('tulipworks')).toBe('https://tulipworks.recruitee.com/api/offers/');
  });

  it('maps flags, string salary, description + requirements and UTC timestamps', () => {
    const { postings, rejected } = parse('board.json');
    expect(rejected).toEqual([]);
    expect(postings[0]).toEqual({
      source: 'recruitee',
      board: 'tulipworks',
      externalId: '2210451',
      title: 'Senior Frontend Developer',
      companyName: 'Tulipworks',
      descriptionHtml: '<p>Ship our design system.</p>\n<ul><li>5+ years TypeScript</li></ul>',
      locationText: 'Rotterdam, Netherlands',
      extraLocations: ['Antwerp, Belgium'],
      city: 'Rotterdam',
      region: 'ZH',
      country: 'NL',
      workplaceType: 'hybrid',
      remoteFlag: false,
      employmentType: 'fulltime',
      department: 'Product',
      seniority: 'senior_level',
      salary: { min: 5200, max: 6400, currency: 'EUR', period: 'month' },
      listingUrl: 'https://tulipworks.recruitee.com/o/senior-frontend-developer',
      applyUrl: 'https://tulipworks.recruitee.com/o/senior-frontend-developer/c/new',
      postedAt: '2026-02-26T08:30:00Z',
      updatedAt: '2026-03-06T14:45:10Z',
      expiresAt: null,
      tags: ['react', 'design-systems'],
      payload: expect.objectContaining({ slug: 'senior-frontend-developer' }),
    });
    expect(postings[1]).toMatchObject({
      workplaceType: 'remote',
      remoteFlag: true,
      salary: null,
      city: null,
      country: null,
      descriptionHtml: '<p>Learn growth marketing.</p>',
    });
    expect(postings[2]).toMatchObject({ workplaceType: 'on_site', extraLocations: [] });
  });

  it('reads the text under translations when the top-level fields are empty: own language first', () => {
    const { postings, rejected } = source.parse(
      readFixture('recruitee', 'translations-only.json'),
      'tulipworks',
    );
    expect(rejected).toEqual([]);
    expect(postings[0]!.descriptionHtml).toBe(
      "<p>Bouw onze order-API's.</p>\n<ul><li>Elixir en PostgreSQL</li></ul>",
    );
    // No language named: English first, else whichever has text.
    expect(postings[1]!.descriptionHtml).toBe('<p>Hilf unseren Kunden.</p>');
    // close_at is when the offer ends: past it, the job is expired (job-expiry.test.ts).
    expect(postings.map((p) => p.expiresAt)).toEqual([null, '2026-04-30T23:59:00Z']);
    // Top-level text wins over translations (board.json carries an empty one).
    expect(parse('board.json').postings[0]!.descriptionHtml).toContain('Ship our design system.');
  });

  it('converts only the Recruitee timestamp shape', () => {
    expect(recruiteeTime('2026-02-12 08:00:00 UTC')).toBe('2026-02-12T08:00:00Z');
    expect(recruiteeTime('2026-02-12T08:00:00Z')).toBe('2026-02-12T08:00:00Z');
    expect(recruiteeTime(null)).toBeNull();
  });

  it('rejects an offer whose salary is not an object', () => {
    const { postings, rejected } = parse('broken-row.json');
    expect(postings.map((p) => p.externalId)).toEqual(['2210461', '2210463']);
    expect(rejected).toEqual([
      { index: 1, externalId: '2210462', reason: expect.stringContaining('salary') },
    ]);
  });

  it('throws ParseError on a truncated body', () => {
    expect(() => parse('malformed.json')).toThrow(ParseError);
  });
});
