import { describe, expect, it } from 'vitest';
import {
  parseFeashliaaGreenhouse,
  parseLinkedinCa2018,
  splitGluedAtsUrl,
} from '../../../src/ingest/sources/dataset-mappings.ts';
import { stableId } from '../../../src/ingest/sources/generic-mapping.ts';
import { createGreenhouseSource } from '../../../src/ingest/sources/greenhouse.source.ts';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { readDatasetFixture } from './support.ts';

describe('greenhouse-feashliaa rows', () => {
  const result = parseFeashliaaGreenhouse(readDatasetFixture('greenhouse-feashliaa.json'));

  it('maps each row to a Greenhouse posting on its own board', () => {
    expect(result.postings).toHaveLength(3);
    expect(result.postings[0]).toEqual({
      source: 'greenhouse',
      board: 'brindlepay',
      externalId: '7100000001',
      title: 'Data Engineer II',
      locationText: 'Lisbon, Portugal',
      listingUrl: 'https://job-boards.greenhouse.io/brindlepay/jobs/7100000001',
      updatedAt: '2030-01-05T10:15:00-05:00',
      payload: expect.objectContaining({ company_slug: 'brindlepay', id: 7100000001 }),
    });
    expect(result.postings.map((p) => p.board)).toEqual(['brindlepay', 'brindlepay', 'otterlabs']);
  });

  it('rejects rows without a title or a board', () => {
    expect(result.rejected).toEqual([
      { index: 3, externalId: '7200000002', reason: 'missing title' },
      { index: 4, externalId: '7300000001', reason: 'missing company_slug' },
    ]);
  });

  it('gives the same identity as the Greenhouse board adapter, so the two dedupe', () => {
    const board = JSON.stringify({
      jobs: [{ id: 7200000001, title: 'Staff iOS Engineer', location: { name: 'Remote - Canada' } }],
      meta: { total: 1 },
    });
    const fromApi = createGreenhouseSource().parse(board, 'otterlabs').postings[0];
    const fromDataset = result.postings[2];
    expect([fromDataset?.source, fromDataset?.board, fromDataset?.externalId]).toEqual([
      fromApi?.source,
      fromApi?.board,
      fromApi?.externalId,
    ]);
  });

  it('throws ParseError for a body that is not an array', () => {
    expect(() => parseFeashliaaGreenhouse('{"rows": []}')).toThrow(ParseError);
    expect(() => parseFeashliaaGreenhouse('nope')).toThrow(ParseError);
  });
});

describe('linkedin-ca-2018 CSV', () => {
  const result = parseLinkedinCa2018(readDatasetFixture('linkedin-ca.csv'), 'linkedin-ca.csv');

  it('strips an ATS URL glued to the description and keeps it as the apply link', () => {
    expect(result.postings[0]).toEqual({
      source: 'generic',
      board: 'linkedin-ca.csv',
      externalId: stableId('Marketing Data Analyst', 'Cobalt Kettle Co', 'Oakland, California'),
      title: 'Marketing Data Analyst',
      companyName: 'Cobalt Kettle Co',
      locationText: 'Oakland, California',
      descriptionText:
        'Cobalt Kettle makes cast-iron cookware. You will own our campaign dashboards.We are an equal opportunity employer.',
      applyUrl: 'https://boards.greenhouse.io/cobaltkettle/jobs/123456',
      seniority: 'Associate',
      employmentType: 'Full-time',
      tags: ['Analyst', 'Marketing'],
      payload: expect.objectContaining({ industry: 'Food,Production,Consumer,Goods' }),
    });
  });

  it('leaves a URL that is part of the text, and multi-line fields, alone', () => {
    const posting = result.postings[1];
    expect(posting?.descriptionText).toMatch(/- Python\nLearn more about us: https:\/\/www\.harborlantern/);
    expect(posting).not.toHaveProperty('applyUrl');
    expect(posting?.tags).toEqual(['Finance']);
    expect(posting?.externalId).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects the row without a title', () => {
    expect(result.rejected).toEqual([{ index: 2, reason: 'missing title' }]);
  });

  it('splitGluedAtsUrl only cuts glued ATS links', () => {
    expect(splitGluedAtsUrl('Apply now.https://jobs.lever.co/acme/1')).toEqual({
      text: 'Apply now.',
      url: 'https://jobs.lever.co/acme/1',
    });
    expect(splitGluedAtsUrl('see:http://policy.example.test/doc').url).toBeNull();
    expect(splitGluedAtsUrl('Apply at https://jobs.lever.co/acme/1').url).toBeNull();
    expect(splitGluedAtsUrl('Our site.https://acme.example.test').url).toBeNull();
  });
});
