import { describe, expect, it } from 'vitest';
import { normalizePosting } from '../../../src/ingest/normalize/index.ts';
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
      // The label, then SmartRecruiters' own code for it (the classifier reads both).
      employmentType: 'Full-time, permanent',
      department: 'Field Operations',
      seniority: 'Mid-Senior Level, mid-senior_level',
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
    expect(dispatcher).toMatchObject({ workplaceType: null, remoteFlag: false });
    expect(dispatcher?.employmentType).toMatch(/^Part-time\b/);
  });

  it('reads the employment type and level by their ids when the label is in a language the rules do not know', () => {
    const body = JSON.parse(readFixture('smartrecruiters', 'board.json')) as {
      content: Array<Record<string, unknown>>;
    };
    body.content[0]!.typeOfEmployment = { id: 'permanent', label: '正社員' };
    body.content[0]!.experienceLevel = { id: 'entry_level', label: '新卒' };
    // A localized label the rules know still decides over the id.
    body.content[1]!.typeOfEmployment = { id: 'permanent', label: 'Teilzeit' };
    const [japanese, german] = source.parse(JSON.stringify(body), 'HelixRobotics').postings;
    const a = normalizePosting(japanese!);
    const b = normalizePosting(german!);
    if (!a.ok || !b.ok) throw new Error('not normalized');
    expect(a.job.jobType).toBe('full-time');
    expect(a.job.seniority).toBe('entry');
    expect(b.job.jobType).toBe('part-time');
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
