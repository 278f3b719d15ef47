import { describe, expect, it } from 'vitest';
import { stableId } from '../../../src/ingest/sources/generic-mapping.ts';
import {
  glassdoorCsvMapping,
  simplifyJsonMapping,
  sponsorshipFlag,
} from '../../../src/ingest/sources/generic-mappings.ts';
import { createGenericSource } from '../../../src/ingest/sources/generic.source.ts';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { readFixture } from './support/fixtures.ts';

describe('generic import', () => {
  it('maps Glassdoor CSV columns, treating -1 as missing and hashing an id', () => {
    const source = createGenericSource({ mapping: glassdoorCsvMapping });
    const { postings, rejected } = source.parse(readFixture('generic', 'glassdoor.csv'), 'glassdoor.csv');
    expect(rejected).toEqual([{ index: 2, reason: 'missing title' }]);
    expect(postings[0]).toEqual({
      source: 'generic',
      board: 'glassdoor.csv',
      externalId: stableId('Data Scientist', 'Pinecrest Analytics', 'Boise, ID'),
      title: 'Data Scientist',
      salaryText: '$61K-$104K (Glassdoor est.)',
      descriptionText:
        'Data Scientist\nWe model demand for regional grocery chains.\nPython, SQL, forecasting.',
      companyName: 'Pinecrest Analytics',
      locationText: 'Boise, ID',
      payload: expect.objectContaining({ Rating: '3.9', Founded: '2011' }),
    });
    expect(postings[1]).toMatchObject({ title: 'Machine Learning Engineer', companyName: 'Orbital Freight' });
    expect(postings[1]).not.toHaveProperty('salaryText');
    expect(postings[0]?.externalId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps hashed ids stable across spacing and case', () => {
    expect(stableId(' Data  Scientist', 'PINECREST Analytics', 'Boise, ID ')).toBe(
      stableId('Data Scientist', 'Pinecrest Analytics', 'Boise, ID'),
    );
    expect(stableId('Data Scientist', 'A', 'Boise, ID')).not.toBe(
      stableId('Data Scientist', 'A', 'Reno, NV'),
    );
  });

  it('maps simplify listings: seconds to ms, locations, sponsorship; an inactive row is a closed posting', () => {
    const source = createGenericSource({ mapping: simplifyJsonMapping });
    const { postings, rejected, skipped } = source.parse(
      readFixture('generic', 'simplify.json'),
      'simplify.json',
    );
    expect(rejected).toEqual([]);
    expect(skipped).toBe(0);
    expect(postings[0]).toEqual({
      source: 'generic',
      board: 'simplify.json',
      externalId: '3e5a7c9b-1d2f-4a6b-8c0d-2e4f6a8b0c11',
      title: 'Software Engineer, New Grad 2026',
      companyName: 'Lumen Orchard',
      locationText: 'Seattle, WA',
      extraLocations: ['Remote in USA'],
      listingUrl: 'https://boards.greenhouse.io/lumenorchard/jobs/9100000001',
      applyUrl: 'https://boards.greenhouse.io/lumenorchard/jobs/9100000001',
      postedAt: 1772600000000,
      updatedAt: 1772700000000,
      visaSponsorship: true,
      closed: false,
      payload: expect.objectContaining({ is_visible: true }),
    });
    expect(postings.map((p) => p.visaSponsorship ?? null)).toEqual([true, false, null, false]);
    expect(postings.map((p) => p.closed)).toEqual([false, false, false, true]);
  });

  it('reads the sponsorship labels', () => {
    expect(sponsorshipFlag('Offers Sponsorship')).toBe(true);
    expect(sponsorshipFlag('Does Not Offer Sponsorship')).toBe(false);
    expect(sponsorshipFlag('U.S. Citizenship is Required')).toBe(false);
    expect(sponsorshipFlag('Other')).toBeNull();
  });

  it('follows dotted paths and rejects rows with wrong types', () => {
    const source = createGenericSource({
      mapping: {
        name: 'custom',
        rowsPath: 'data.items',
        fields: {
          externalId: 'ref',
          title: 'role.name',
          companyName: 'org.name',
          salaryMin: 'pay.low',
          salaryMax: 'pay.high',
          salaryCurrency: 'pay.ccy',
          remoteFlag: 'remote',
        },
      },
    });
    const body = JSON.stringify({
      data: {
        items: [
          {
            ref: 17,
            role: { name: 'Baker' },
            org: { name: 'Crumb Co' },
            pay: { low: '30000', high: 36000, ccy: 'EUR' },
            remote: 'false',
          },
          { ref: 'x-2', role: { name: 'Cook' }, pay: { low: 'lots' } },
          'not a row',
        ],
      },
    });
    const { postings, rejected } = source.parse(body, 'custom.json');
    expect(postings).toEqual([
      expect.objectContaining({
        externalId: '17',
        title: 'Baker',
        companyName: 'Crumb Co',
        remoteFlag: false,
        salary: { min: 30000, max: 36000, currency: 'EUR', period: null },
      }),
    ]);
    expect(rejected).toEqual([
      { index: 1, externalId: 'x-2', reason: 'salaryMin: expected a number' },
      { index: 2, reason: 'row is not an object' },
    ]);
  });

  it('throws ParseError when the body is not rows', () => {
    const source = createGenericSource({ mapping: simplifyJsonMapping, format: 'json' });
    expect(() => source.parse('{"listings": 3}', 'x.json')).toThrow(ParseError);
    expect(() => source.parse('[{"id": 1,', 'x.json')).toThrow(ParseError);
    const csv = createGenericSource({ mapping: glassdoorCsvMapping, format: 'csv' });
    expect(() => csv.parse('Job Title,Location\n"unterminated,Reno\n', 'x.csv')).toThrow(ParseError);
  });
});
