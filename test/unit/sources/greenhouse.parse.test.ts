import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { createGreenhouseSource } from '../../../src/ingest/sources/greenhouse.source.ts';
import { readFixture } from './support/fixtures.ts';

const source = createGreenhouseSource();
const parse = (name: string) => source.parse(readFixture('greenhouse', name), 'northwindlabs');

describe('greenhouse parse', () => {
  it('builds the board URL with content and pay ranges', () => {
    expect(source.boardUrls('northwind labs')).toBe(
      'https://boards-api.greenhouse.io/v1/boards/northwind%20labs/jobs?content=true&pay_transparency=true',
    );
    expect(createGreenhouseSource({ payTransparency: false }).boardUrls('x')).toBe(
      'https://boards-api.greenhouse.io/v1/boards/x/jobs?content=true',
    );
  });

  it('maps a multi-location job with metadata and pay ranges', () => {
    const { postings, rejected, total } = parse('board.json');
    expect(rejected).toEqual([]);
    expect(total).toBe(3);
    expect(postings).toHaveLength(3);
    const [staff] = postings;
    expect(staff).toEqual({
      source: 'greenhouse',
      board: 'northwindlabs',
      externalId: '8201930001',
      title: 'Staff Platform Engineer',
      companyName: 'Northwind Labs',
      // Passed on still escaped; the normalizer unescapes once.
      descriptionHtml:
        '&lt;p&gt;Scale our &lt;strong&gt;build platform&lt;/strong&gt; &amp;amp; CI fleet.&lt;/p&gt;',
      locationText: 'New York, NY; London, United Kingdom',
      extraLocations: ['New York, NY', 'London, United Kingdom'],
      workplaceType: 'Hybrid',
      remoteFlag: null,
      employmentType: 'Full-time',
      department: 'Infrastructure',
      salary: { min: 210000, max: 265000, currency: 'USD', period: null },
      listingUrl: 'https://job-boards.greenhouse.io/northwindlabs/jobs/8201930001',
      postedAt: '2026-02-24T09:15:00-05:00',
      updatedAt: '2026-03-10T11:30:00-05:00',
      payload: expect.objectContaining({ id: 8201930001, internal_job_id: 6100220001 }),
    });
  });

  it('leaves absent fields empty rather than guessing', () => {
    const [, support, werkstudent] = parse('board.json').postings;
    expect(support).toMatchObject({
      externalId: '8201930002',
      locationText: 'Remote - Canada',
      workplaceType: null,
      remoteFlag: null,
      employmentType: null,
      department: null,
      salary: null,
      listingUrl: 'https://careers.northwindlabs.example/jobs?gh_jid=8201930002',
    });
    // A yes/no "Remote" custom field is the remote flag; the office repeats the location.
    expect(werkstudent).toMatchObject({
      remoteFlag: false,
      workplaceType: null,
      extraLocations: [],
      department: 'Marketing',
    });
  });

  it('accepts the collector wrapper {company, fetched_at, job_count, jobs}', () => {
    const { postings, total } = parse('wrapper.json');
    expect(total).toBe(2);
    expect(postings.map((p) => [p.externalId, p.employmentType, p.descriptionHtml])).toEqual([
      ['8201930004', 'Contract', null],
      ['8201930005', null, null],
    ]);
  });

  it('rejects broken rows and keeps the good ones', () => {
    const { postings, rejected } = parse('broken-row.json');
    expect(postings.map((p) => p.externalId)).toEqual(['8201930011', '8201930014']);
    expect(rejected).toEqual([
      { index: 1, reason: expect.stringContaining('missing id') },
      { index: 2, externalId: '8201930013', reason: expect.stringContaining('title must be a string') },
    ]);
  });

  it('rejects a row with a field over 1 MB', () => {
    const body = JSON.stringify({
      jobs: [
        { id: 1, title: 'Fine' },
        { id: 2, title: 'Huge', content: 'x'.repeat(1024 * 1024 + 1) },
      ],
      meta: { total: 2 },
    });
    const { postings, rejected } = source.parse(body, 'b');
    expect(postings.map((p) => p.externalId)).toEqual(['1']);
    expect(rejected).toEqual([{ index: 1, externalId: '2', reason: 'field content exceeds 1048576 bytes' }]);
  });

  it('throws a typed ParseError on a body that is not a feed', () => {
    expect(() => parse('malformed.json')).toThrow(ParseError);
    expect(() => parse('wrong-envelope.json')).toThrow(
      expect.objectContaining({ code: 'ingest/malformed_feed' }),
    );
  });
});
