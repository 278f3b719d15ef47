import { describe, expect, it } from 'vitest';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { createPersonioSource, personioTime } from '../../../src/ingest/sources/personio.source.ts';
import { readFixture } from './support/fixtures.ts';

const source = createPersonioSource();
const parse = (name: string) => source.parse(readFixture('personio', name), 'kranich');

describe('personio parse', () => {
  it('asks for the English XML feed', () => {
    expect(source.boardUrls('kranich')).toBe('https://kranich.jobs.personio.de/xml?language=en');
  });

  it('maps positions, joining description sections under their names', () => {
    const { postings, rejected } = parse('board.xml');
    expect(rejected).toEqual([]);
    expect(postings).toHaveLength(3);
    expect(postings[0]).toEqual({
      source: 'personio',
      board: 'kranich',
      externalId: '4410201',
      title: 'Senior Backend Developer (m/w/d)',
      companyName: 'Kranich Mobility GmbH',
      descriptionHtml:
        '<h3>Your mission</h3><ul><li>Design our routing services</li></ul>\n' +
        '<h3>Skills &amp; experience</h3><p>Kotlin, PostgreSQL &amp; Kafka</p>',
      locationText: 'Munich',
      extraLocations: ['Berlin', 'Vienna'],
      employmentType: 'permanent, full-time',
      department: 'Engineering',
      seniority: 'experienced',
      listingUrl: 'https://kranich.jobs.personio.de/job/4410201',
      postedAt: '2026-02-26T09:10:11+01:00',
      tags: ['kotlin', 'postgresql', 'kafka'],
      payload: expect.objectContaining({ yearsOfExperience: '5-7', recruitingCategory: 'Tech' }),
    });
    expect(postings[1]).toMatchObject({
      extraLocations: [],
      employmentType: 'working_student, part-time',
      tags: [],
    });
    expect(postings[2]).toMatchObject({
      companyName: null,
      locationText: 'Remote',
      employmentType: 'permanent, full-or-part-time',
      postedAt: '2026-03-04T08:30:00+02:00',
    });
  });

  it('reads a single <position> (and a single additional office) as lists', () => {
    const { postings } = parse('single.xml');
    expect(postings.map((p) => [p.externalId, p.extraLocations])).toEqual([['4410301', ['Düsseldorf']]]);
  });

  it('reads <additionalOffices> holding plain text as the offices it names', () => {
    const { postings, rejected } = parse('plain-offices.xml');
    expect(rejected).toEqual([]);
    expect(postings.map((p) => [p.externalId, p.locationText, p.extraLocations])).toEqual([
      ['4410302', 'Cologne', ['Düsseldorf', 'Bonn', 'Remote']],
    ]);
  });

  it('reads an empty feed as no postings', () => {
    expect(parse('empty.xml')).toEqual({ postings: [], rejected: [] });
  });

  it('rejects a position without an id', () => {
    const { postings, rejected } = parse('broken-row.xml');
    expect(postings.map((p) => p.externalId)).toEqual(['4410401', '4410403']);
    expect(rejected).toEqual([{ index: 1, reason: 'id: missing id' }]);
  });

  it('throws ParseError on broken XML and on another root', () => {
    expect(() => parse('malformed.xml')).toThrow(ParseError);
    expect(() => source.parse('<html><body>Moved</body></html>', 'kranich')).toThrow(ParseError);
  });

  it('normalizes +0200 offsets to ISO form', () => {
    expect(personioTime('2026-02-18T10:20:30+0200')).toBe('2026-02-18T10:20:30+02:00');
    expect(personioTime('2026-02-18T10:20:30+00:00')).toBe('2026-02-18T10:20:30+00:00');
  });
});
