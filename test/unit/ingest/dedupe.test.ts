import { describe, expect, it } from 'vitest';
import { dedupKeysOf } from '../../../src/domain/dedup-keys.ts';
import type { NormalizedJob, PlaceParts } from '../../../src/domain/job.ts';
import { findDuplicate, type DedupCandidate } from '../../../src/ingest/dedupe.ts';
import { normalizedPosting } from '../../helpers/factories.ts';

const posting = normalizedPosting;

function stored(job: NormalizedJob): DedupCandidate {
  return {
    jobId: 'stored',
    sources: [`${job.source}:${job.board}`],
    dedupKeys: dedupKeysOf(job),
    title: job.title,
    places: job.places,
    descriptionText: job.descriptionText,
  };
}

const same = (a: NormalizedJob, b: NormalizedJob) => findDuplicate(a, [stored(b)]) !== undefined;

const radnor: PlaceParts[] = [{ city: 'Radnor', region: 'PA', countryCode: 'US' }];
const remoteUs: PlaceParts[] = [{ city: null, region: null, countryCode: 'US' }];
const greenhouse = (board: string, id: string, title: string, company = board) =>
  posting({
    source: 'greenhouse',
    board,
    externalId: id,
    company,
    title,
    listingUrl: `https://job-boards.greenhouse.io/${board}/jobs/${id}`,
    places: radnor,
  });
const simplify = (company: string, title: string, url: string | null, places = radnor) =>
  posting({
    source: 'generic',
    board: 'simplify-newgrad',
    company,
    title,
    listingUrl: url,
    applyUrl: url,
    places,
  });

describe('cross-source dedup: the same ATS job', () => {
  it.each([
    ['a Greenhouse board URL', 'https://boards.greenhouse.io/scm/jobs/721888'],
    [
      'a Greenhouse board URL with tracking',
      'https://boards.greenhouse.io/scm/jobs/721888?gh_src=9a5dd53e1us',
    ],
    ['an embedded board on the employer site', 'https://scm.example/careers/?gh_jid=721888'],
    ['the board API', 'https://boards-api.greenhouse.io/v1/boards/scm/jobs/721888'],
  ])('settles the pair when the copy links it through %s, despite a retitle and other places', (_, url) => {
    const board = greenhouse('scm', '721888', 'IoT Data Engineer');
    const copy = simplify('Whatever Name Inc', 'Software Engineer - Telemetry', url, [
      { city: null, region: null, countryCode: 'GB' },
    ]);
    expect(same(copy, board)).toBe(true);
    expect(same(board, copy)).toBe(true);
  });

  it('reads Ashby and Lever job ids from their URLs', () => {
    const id = '449bf7c1-41d7-47a4-89a7-0ee0b31f5918';
    const ashby = posting({
      source: 'ashby',
      board: 'character',
      externalId: id,
      company: 'character',
      title: 'Research Engineer, Post-Training',
    });
    const hn = simplify(
      'Character.AI',
      'Research Engineer - Post-Training',
      `https://jobs.ashbyhq.com/character/${id}/application`,
    );
    expect(same(hn, ashby)).toBe(true);
    const lever = posting({
      source: 'lever',
      board: 'acme',
      externalId: id,
      company: 'acme',
      title: 'Designer',
    });
    expect(same(simplify('Acme', 'Product Designer', `https://jobs.lever.co/acme/${id}`), lever)).toBe(true);
  });

  it('keeps two ids of one platform apart even with the same company, title and place', () => {
    const board = greenhouse('scm', '712340', 'Quantitative Research Analyst');
    const copy = simplify(
      'Stevens Capital Management',
      'Quantitative Research Analyst - Remote',
      'https://boards.greenhouse.io/scm/jobs/3891358',
      remoteUs,
    );
    expect(same(copy, board)).toBe(false);
  });
});

describe('cross-source dedup: what keeps openings apart', () => {
  it('a cohort year both titles state, even on one reused ATS job', () => {
    const board = greenhouse('perpay', '4076978007', 'Data Science Internship, 2026');
    const copy = simplify(
      'Perpay',
      'Data Science Internship - 2024',
      'https://boards.greenhouse.io/perpay/jobs/4076978007',
    );
    expect(same(copy, board)).toBe(false);
    // A copy that names no year decides nothing.
    expect(same(simplify('Perpay', 'Data Science Internship', null), board)).toBe(true);
  });

  it('a season both titles state', () => {
    const a = greenhouse('acme', '1001', 'Software Engineering Intern (Summer 2026)');
    expect(same(simplify('Acme', 'Software Engineering Intern - Fall 2026', null), a)).toBe(false);
    expect(same(simplify('Acme', 'Software Engineering Intern - Summer 2026', null), a)).toBe(true);
  });

  it('requisition ids in the title or at the head of the description', () => {
    const a = greenhouse('acme', '1001', 'Nurse Practitioner (R-10423)');
    expect(same(simplify('Acme', 'Nurse Practitioner (R-10999)', null), a)).toBe(false);
    expect(same(simplify('Acme', 'Nurse Practitioner', null, radnor), a)).toBe(true);
    const b = {
      ...greenhouse('acme', '1002', 'Nurse Practitioner'),
      descriptionText: 'Requisition ID: 88121. Join us.',
    };
    const c = { ...simplify('Acme', 'Nurse Practitioner', null), descriptionText: 'Req ID: 77001. Join us.' };
    expect(same(c, b)).toBe(false);
  });

  it('places that do not overlap, when no ATS job joins them', () => {
    const a = greenhouse('acme', '1001', 'Store Manager');
    const elsewhere = simplify('Acme', 'Store Manager', null, [
      { city: 'Denver', region: 'CO', countryCode: 'US' },
    ]);
    expect(same(elsewhere, a)).toBe(false);
  });

  it('two postings of one board', () => {
    const a = greenhouse('acme', '1001', 'Store Manager');
    expect(same({ ...a, externalId: '1002', listingUrl: null }, a)).toBe(false);
  });
});

describe('cross-source dedup: company identity', () => {
  it.each([
    ['board token = initials of the name', 'scm', 'Stevens Capital Management LP'],
    ['board token = the name squashed', 'creditkarma', 'Credit Karma'],
    ['board token = the name squashed, digits kept', '3redpartners', '3Red Partners'],
  ])('%s (%s, %s)', (_, token, name) => {
    const board = greenhouse(token, '5001', 'Quantitative Developer');
    expect(same(simplify(name, 'Quantitative Developer', null), board)).toBe(true);
    expect(same(board, simplify(name, 'Quantitative Developer', null))).toBe(true);
  });

  it('the board token a copy links to, or the company domain', () => {
    const board = greenhouse('wil', '5001', 'Student Developer');
    const linked = simplify(
      'Waterfront International',
      'Student Developer',
      'https://boards.greenhouse.io/wil/jobs',
    );
    expect(same(linked, board)).toBe(true);
    const site = simplify('Octane Lending, Inc.', 'Staff Engineer', 'https://octane.co/careers');
    expect(same(site, greenhouse('octane', '5002', 'Staff Engineer'))).toBe(true);
    expect(
      same(
        posting({
          company: 'Octane Lending',
          title: 'Staff Engineer',
          companyDomain: 'octane.co',
          places: radnor,
        }),
        greenhouse('octane', '5002', 'Staff Engineer'),
      ),
    ).toBe(true);
  });

  it('not two names that only share their initials, nor an aggregator domain', () => {
    const a = simplify('Stevens Capital Management', 'Analyst', null);
    const b = { ...simplify('Southern California Medical', 'Analyst', null), board: 'other-list' };
    expect(same(a, b)).toBe(false);
    const hnA = simplify('Acme', 'Analyst', 'https://news.ycombinator.com/item?id=1');
    const hnB = {
      ...simplify('Zenith', 'Analyst', 'https://news.ycombinator.com/item?id=2'),
      board: 'other-list',
    };
    expect(same(hnA, hnB)).toBe(false);
  });

  it('not a title that differs, without an ATS job in common', () => {
    const board = greenhouse('creditkarma', '5001', 'Data Scientist');
    expect(same(simplify('Credit Karma', 'Data Engineer', null), board)).toBe(false);
  });
});
