import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { createSmartRecruitersSource } from '../../../src/ingest/sources/smartrecruiters.source.ts';
import { readFixture } from './support/fixtures.ts';

const source = createSmartRecruitersSource({ pageSize: 3 });
const parse = (name: string) => source.parse(readFixture('smartrecruiters', name), 'HelixRobotics');

describe('smartrecruiters parse', () => {
  it('pages by offset and limit', () => {
    expect(createSmartRecruitersSource().boardUrls('HelixRobotics')).toBe(
      'https://api.smartrecruiters.com/v1/companies/HelixRobotics/postings?offset=0&limit=100',
    );
  });

  it('maps labels, location flags and builds the listing URL', () => {
    const { postings, rejected, total, next } = parse('board.json');
    expect(rejected).toEqual([]);
    expect(total).toBe(7);
    expect(next).toBe('https://api.smartrecruiters.com/v1/companies/HelixRobotics/postings?offset=3&limit=3');
    expect(postings[0]).toEqual({
      source: 'smartrecruiters',
      board: 'HelixRobotics',
      externalId: '744000000000001',
      title: 'Robotics Field Engineer',
      companyName: 'Helix Robotics',
      locationText: 'Austin, TX, US',
      city: 'Austin',
      region: 'TX',
      country: 'us',
      workplaceType: 'onsite',
      remoteFlag: false,
      employmentType: 'Full-time',
      department: 'Field Operations',
      seniority: 'Mid-Senior Level',
      listingUrl: 'https://jobs.smartrecruiters.com/HelixRobotics/744000000000001',
      postedAt: '2026-03-02T08:15:00.000Z',
      payload: expect.objectContaining({ refNumber: 'REF0001X' }),
    });
    expect(postings.map((p) => [p.workplaceType, p.remoteFlag])).toEqual([
      ['onsite', false],
      ['hybrid', false],
      // Older postings carry only `remote`: true is remote; no hybrid flag → nothing inferred otherwise.
      ['remote', true],
    ]);
  });

  it('leaves workplace unknown when only remote:false is sent', () => {
    const dispatcher = parse('page-2.json').postings.find((p) => p.title === 'Service Dispatcher');
    expect(dispatcher).toMatchObject({ workplaceType: null, remoteFlag: false, employmentType: 'Part-time' });
  });

  it('stops paging at totalFound', () => {
    expect(parse('page-3.json').next).toBeUndefined();
  });

  it('rejects a row without a title', () => {
    const { postings, rejected } = parse('broken-row.json');
    expect(postings.map((p) => p.title)).toEqual(['Welder', 'Shift Supervisor']);
    expect(rejected).toEqual([
      { index: 1, externalId: '74400000000012', reason: expect.stringContaining('title') },
    ]);
  });

  it('throws ParseError on truncated JSON and on an error envelope', () => {
    expect(() => parse('malformed.json')).toThrow(ParseError);
    expect(() => parse('wrong-envelope.json')).toThrow(ParseError);
  });
});
