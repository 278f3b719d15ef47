import { describe, expect, it } from 'vitest';
import { createAshbySource } from '../../../src/ingest/sources/ashby.source.ts';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { readFixture } from './support/fixtures.ts';

const source = createAshbySource();
const parse = (name: string) => source.parse(readFixture('ashby', name), 'quillmetrics');

describe('ashby parse', () => {
  it('asks for compensation', () => {
    expect(source.boardUrls('quillmetrics')).toBe(
      'https://api.ashbyhq.com/posting-api/job-board/quillmetrics?includeCompensation=true',
    );
  });

  it('maps the address, secondary locations and the Salary summary component', () => {
    const { postings, rejected, skipped } = parse('board.json');
    expect(rejected).toEqual([]);
    expect(skipped).toBe(1);
    expect(postings[0]).toEqual({
      source: 'ashby',
      board: 'quillmetrics',
      externalId: 'b7f3a1c2-0d4e-4f5a-9b6c-7d8e9f0a1b21',
      title: 'Senior ML Engineer',
      descriptionHtml: '<p>Train ranking models.</p>',
      descriptionText: 'Train ranking models.',
      locationText: 'San Francisco, CA',
      extraLocations: ['Seattle, WA', 'Remote (US)'],
      city: 'San Francisco',
      region: 'California',
      country: 'United States',
      workplaceType: 'Hybrid',
      remoteFlag: false,
      employmentType: 'FullTime',
      department: 'Research',
      salary: { min: 185000, max: 230000, currency: 'USD', period: '1 YEAR' },
      salaryText: null,
      listingUrl: 'https://jobs.ashbyhq.com/quillmetrics/b7f3a1c2-0d4e-4f5a-9b6c-7d8e9f0a1b21',
      applyUrl: 'https://jobs.ashbyhq.com/quillmetrics/b7f3a1c2-0d4e-4f5a-9b6c-7d8e9f0a1b21/application',
      postedAt: '2026-03-03T17:45:12.381+00:00',
      payload: expect.objectContaining({ team: 'Applied ML' }),
    });
  });

  it('falls back to the scrapeable summary when no Salary component exists', () => {
    const hourly = parse('board.json').postings[1];
    expect(hourly).toMatchObject({
      externalId: 'b7f3a1c2-0d4e-4f5a-9b6c-7d8e9f0a1b22',
      salary: null,
      salaryText: '$24 - $28 per hour',
      workplaceType: null,
      employmentType: 'PartTime',
    });
  });

  it('hides pay the employer chose not to display and skips unlisted jobs', () => {
    const { postings } = parse('board.json');
    expect(postings.map((p) => p.externalId)).not.toContain('b7f3a1c2-0d4e-4f5a-9b6c-7d8e9f0a1b24');
    expect(postings[2]).toMatchObject({
      title: 'Head of Finance',
      salary: null,
      salaryText: null,
      workplaceType: 'Remote',
      remoteFlag: true,
      city: null,
      country: null,
    });
  });

  it('rejects a broken row and keeps the rest', () => {
    const { postings, rejected } = parse('broken-row.json');
    expect(postings.map((p) => p.title)).toEqual(['Sales Engineer', 'Office Manager']);
    expect(rejected).toEqual([
      {
        index: 1,
        externalId: 'b7f3a1c2-0d4e-4f5a-9b6c-7d8e9f0a1b32',
        reason: expect.stringContaining('secondaryLocations'),
      },
    ]);
  });

  it('throws ParseError for HTML and for a wrong envelope', () => {
    expect(() => parse('malformed.json')).toThrow(ParseError);
    expect(() => parse('wrong-envelope.json')).toThrow(ParseError);
  });
});
