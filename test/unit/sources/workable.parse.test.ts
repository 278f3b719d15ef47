import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { createWorkableSource } from '../../../src/ingest/sources/workable.source.ts';
import { readFixture } from './support/fixtures.ts';

const source = createWorkableSource();
const parse = (name: string) => source.parse(readFixture('workable', name), 'brightline');

describe('workable parse', () => {
  it('uses the widget API with details', () => {
    expect(source.boardUrls('brightline')).toBe(
      'https://www.workable.com/api/accounts/brightline?details=true',
    );
  });

  it('maps shortcode, telecommuting and every location', () => {
    const { postings, rejected } = parse('board.json');
    expect(rejected).toEqual([]);
    expect(postings[0]).toEqual({
      source: 'workable',
      board: 'brightline',
      externalId: '7F3E2D1C0B',
      title: 'Customer Onboarding Lead',
      companyName: 'Brightline Analytics',
      descriptionHtml: '<p>Get new accounts live in 30 days.</p>',
      locationText: 'Manchester, England, United Kingdom',
      extraLocations: ['Dublin, Leinster, Ireland'],
      city: 'Manchester',
      region: 'England',
      country: 'United Kingdom',
      remoteFlag: false,
      employmentType: 'Full-time',
      department: 'Customer Success',
      salary: null,
      listingUrl: 'https://apply.workable.com/j/7F3E2D1C0B',
      applyUrl: 'https://apply.workable.com/j/7F3E2D1C0B/apply',
      postedAt: '2026-03-02',
      payload: expect.objectContaining({ code: 'CS-12' }),
    });
    expect(postings[1]).toMatchObject({
      externalId: '7F3E2D1C0C',
      remoteFlag: true,
      employmentType: 'Contract',
    });
    // Blank strings in the widget mean "not set".
    expect(postings[2]).toMatchObject({
      region: null,
      department: null,
      locationText: 'Utrecht, Netherlands',
    });
  });

  it('rejects a job without a shortcode', () => {
    const { postings, rejected } = parse('broken-row.json');
    expect(postings.map((p) => p.externalId)).toEqual(['7F3E2D1C1A', '7F3E2D1C1C']);
    expect(rejected).toEqual([{ index: 1, reason: expect.stringContaining('shortcode: missing id') }]);
  });

  it('throws ParseError on a truncated body', () => {
    expect(() => parse('malformed.json')).toThrow(ParseError);
  });
});
