import { describe, expect, it } from 'vitest';
import { createLeverSource, isLeverNotFoundBody } from '../../../src/ingest/sources/lever.source.ts';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { normalizePosting } from '../../../src/ingest/normalize/index.ts';
import { readFixture } from './support/fixtures.ts';

const source = createLeverSource();
const parse = (name: string, url?: string) =>
  source.parse(readFixture('lever', name), 'harborfreight-demo', url ? { url } : undefined);

describe('lever parse', () => {
  it('pages with skip/limit=100 in JSON mode', () => {
    expect(source.boardUrls('harborfreight-demo')).toBe(
      'https://api.lever.co/v0/postings/harborfreight-demo?mode=json&skip=0&limit=100',
    );
  });

  it('maps categories, workplace, salary range and the assembled description', () => {
    const { postings, rejected } = parse('board.json');
    expect(rejected).toEqual([]);
    expect(postings[0]).toEqual({
      source: 'lever',
      board: 'harborfreight-demo',
      externalId: '5c1e8a2f-3b4d-4e6f-8a9b-0c1d2e3f4a51',
      title: 'Backend Engineer, Payments',
      descriptionHtml: [
        "<div>Build the ledger that moves our merchants' money.</div>",
        "<h3>What you'll do</h3><ul><li>Design idempotent APIs</li><li>Run reconciliation jobs</li></ul>",
        '<h3>R&amp;D &lt;skills&gt;</h3><ul><li>Go or Kotlin</li></ul>',
        '<div>Relocation support available.</div>',
      ].join('\n'),
      // Lists have no plain form: the text is read from the whole ad's HTML (below).
      descriptionText: null,
      locationText: 'Lisbon',
      extraLocations: ['Porto', 'Madrid'],
      country: 'PT',
      workplaceType: 'hybrid',
      employmentType: 'Full-time',
      department: 'Engineering',
      seniority: null,
      salary: { min: 62000, max: 78000, currency: 'EUR', period: 'per-year-salary' },
      salaryText: 'Base salary for Portugal.',
      listingUrl: 'https://jobs.lever.co/harborfreight-demo/5c1e8a2f-3b4d-4e6f-8a9b-0c1d2e3f4a51',
      applyUrl: 'https://jobs.lever.co/harborfreight-demo/5c1e8a2f-3b4d-4e6f-8a9b-0c1d2e3f4a51/apply',
      postedAt: 1772611200000,
      tags: ['Payments'],
      payload: expect.objectContaining({ id: '5c1e8a2f-3b4d-4e6f-8a9b-0c1d2e3f4a51' }),
    });
    expect(postings[1]).toMatchObject({
      workplaceType: 'onsite',
      employmentType: 'Part-time',
      salary: { min: 19, max: 23, currency: 'USD', period: 'per-hour-wage' },
      extraLocations: [],
    });
    expect(postings[2]).toMatchObject({ workplaceType: 'unspecified', country: null, salary: null });
  });

  it('keeps the lists and the closing block in the text that search and skills read', () => {
    const { postings } = parse('board.json');
    const { job } = normalizePosting(postings[0]!) as { job: { descriptionText: string; skills: string[] } };
    expect(job.descriptionText).toContain("Build the ledger that moves our merchants' money.");
    expect(job.descriptionText).toContain('Go or Kotlin');
    expect(job.descriptionText).toContain('Relocation support available.');
    expect(job.skills).toEqual(expect.arrayContaining(['Go', 'Kotlin']));
    // Without lists, the plain forms Lever sends: description, then the closing block.
    expect(postings[1]!.descriptionText).toBe(
      'Pick, pack and ship.\n\nWeekend shifts are paid at time and a half.',
    );
  });

  it('asks for the next page only after a full page', () => {
    const full = 'https://api.lever.co/v0/postings/harborfreight-demo?mode=json&skip=6&limit=3';
    expect(parse('board.json', full).next).toBe(
      'https://api.lever.co/v0/postings/harborfreight-demo?mode=json&skip=9&limit=100',
    );
    expect(parse('board.json').next).toBeUndefined();
    expect(parse('page-2.json', full).next).toBeUndefined();
  });

  it('rejects a row whose lists are not a list', () => {
    const { postings, rejected } = parse('broken-row.json');
    expect(postings.map((p) => p.title)).toEqual(['QA Engineer', 'Recruiting Coordinator']);
    expect(rejected).toEqual([
      {
        index: 1,
        externalId: '5c1e8a2f-3b4d-4e6f-8a9b-0c1d2e3f4a62',
        reason: expect.stringContaining('lists'),
      },
    ]);
  });

  it('recognises the not-found body and rejects non-array bodies', () => {
    expect(isLeverNotFoundBody(readFixture('lever', 'not-found.json'))).toBe(true);
    expect(isLeverNotFoundBody(readFixture('lever', 'board.json'))).toBe(false);
    expect(() => parse('malformed.json')).toThrow(ParseError);
    expect(() => parse('wrong-envelope.json')).toThrow(ParseError);
    expect(() => parse('not-found.json')).toThrow(ParseError);
  });
});
