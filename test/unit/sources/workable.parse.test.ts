import { describe, expect, it } from 'vitest';
import { combineCopies } from '../../../src/ingest/combine-copies.ts';
import { normalizePosting } from '../../../src/ingest/normalize/index.ts';
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

  it('keeps every country of a shortcode the widget lists once per country', () => {
    const { postings } = parse('listed-twice.json');
    expect(postings.map((p) => p.externalId)).toEqual(['9A8B7C6D5E', '9A8B7C6D5E']);
    // The ingest combines two rows of one id (pipeline.ts); both places survive it.
    const one = combineCopies(postings[0]!, postings[1]!, new Date('2026-03-10T00:00:00Z'));
    expect([one.locationText, ...(one.extraLocations ?? [])].sort()).toEqual([
      'Berlin, Berlin, Germany',
      'Madrid, Community of Madrid, Spain',
    ]);
    const normalized = normalizePosting(one);
    if (!normalized.ok) throw new Error(normalized.reason);
    expect(normalized.job.places.map((p) => p.countryCode).sort()).toEqual(['DE', 'ES']);
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
