import { describe, expect, it } from 'vitest';
import {
  classifySegments,
  createHnWhoIsHiringSource,
  looksLikePlace,
  parseHnWhoIsHiring,
  readHeader,
  storyCompany,
  titlePlace,
  ycJobLine,
  ycJobList,
} from '../../../src/ingest/sources/hn-whoishiring.source.ts';
import { ParseError } from '../../../src/ingest/sources/parse-error.ts';
import { readDatasetFixture } from './support.ts';

describe('HN who-is-hiring import', () => {
  const result = parseHnWhoIsHiring(readDatasetFixture('hn-whoishiring.raw.json'));
  const byId = (id: string) => result.postings.find((p) => p.externalId === id);

  it('accepts the four job items and rejects the chat comment', () => {
    expect(result.postings.map((p) => p.externalId)).toEqual([
      '90000101',
      '90000102',
      '90000104',
      '90000105',
    ]);
    expect(result.rejected).toEqual([{ index: 2, externalId: '90000103', reason: 'no header line' }]);
  });

  it('reads a pipe header: company, role, places, remote, pay, link, time in ms', () => {
    const posting = byId('90000101');
    expect(posting).toMatchObject({
      source: 'generic',
      board: 'hn-whoishiring',
      externalId: '90000101',
      title: 'Senior Backend Engineer',
      companyName: 'Lanternfish Robotics',
      locationText: 'Portland, OR; REMOTE (US)',
      workplaceType: 'Remote',
      salaryText: '$150k/yr - $185k/yr',
      employmentType: 'Full-time',
      listingUrl: 'https://jobs.example.test/lanternfish/backend',
      postedAt: 1_898_000_000_000,
    });
    // The whole comment is kept as delivered, entities and all.
    expect(posting?.descriptionHtml).toContain('drones &amp; the software');
    expect(posting?.payload).toMatchObject({ id: 90000101, by: 'lanternfish_hr' });
  });

  it('reads a dash-separated header in another order and joins several roles', () => {
    expect(byId('90000102')).toMatchObject({
      title: 'Product Designer, Staff Frontend Developer',
      companyName: 'Quillworks',
      locationText: 'Berlin, Germany',
      workplaceType: 'Hybrid',
      salaryText: null,
      listingUrl: null,
    });
  });

  it('falls back to "Multiple roles" and takes a bare domain as the link', () => {
    expect(byId('90000105')).toMatchObject({
      title: 'Multiple roles',
      companyName: 'Ferrylane',
      locationText: 'Toronto, Canada',
      workplaceType: 'Onsite',
      listingUrl: 'https://ferrylane.example.com',
    });
  });

  it('titles a direct job story by its first line', () => {
    const posting = byId('90000104');
    expect(posting).toMatchObject({
      title: 'Mossgate (YC X30) Is Hiring a Founding Platform Engineer – $180K-$220K',
      companyName: 'Mossgate',
      salaryText: '$180K-$220K',
      listingUrl: 'https://www.example.test/companies/mossgate/jobs/42',
    });
    expect(posting?.descriptionText).toMatch(/^Founding Platform Engineer at Mossgate/);
    expect(posting?.descriptionHtml).toBeUndefined();
  });

  it('never throws on odd rows; rejects them with a reason', () => {
    const body = JSON.stringify({
      jobs: [
        null,
        'text',
        { id: 1, source: 'who_is_hiring', time: 'soon', text: 'Acme | Engineer' },
        { id: 2, source: 'who_is_hiring', time: 1, text: '' },
        { id: 3, source: 'who_is_hiring', time: 1, text: null },
        { source: 'who_is_hiring', time: 1, text: 'Acme | Engineer' },
        { id: 4, source: 'direct', time: 1, text: '\n\nno title' },
        { id: 5, text: '<p><p>Acme | Data Analyst | NYC' },
        { id: 6, source: 'who_is_hiring', text: '|||' },
      ],
    });
    const parsed = parseHnWhoIsHiring(body);
    expect(parsed.postings.map((p) => [p.externalId, p.title, p.postedAt])).toEqual([
      ['1', 'Engineer', null],
      ['5', 'Data Analyst', null],
    ]);
    expect(parsed.rejected.map((r) => r.reason)).toEqual([
      expect.any(String),
      expect.any(String),
      'empty text',
      'empty text',
      'id: missing id',
      'no title line',
      'no header line',
    ]);
  });

  it('accepts a bare array and throws ParseError only for an unusable body', () => {
    expect(parseHnWhoIsHiring('[{"id": 7, "text": "Acme | Engineer"}]').postings).toHaveLength(1);
    expect(() => parseHnWhoIsHiring('not json')).toThrow(ParseError);
    expect(() => parseHnWhoIsHiring('{"items": []}')).toThrow(ParseError);
  });

  it('is usable as a SourceAdapter', () => {
    const source = createHnWhoIsHiringSource();
    expect(source.platform).toBe('generic');
    expect(source.parse(readDatasetFixture('hn-whoishiring.raw.json'), 'runs/x').postings[0]?.board).toBe(
      'runs/x',
    );
  });
});

describe('HN header helpers', () => {
  it('splits headers on pipes, and on dashes only with three short pieces', () => {
    expect(readHeader('<b>Acme</b> | Engineer<p>more')).toEqual(['Acme', 'Engineer']);
    expect(readHeader('Acme - we build rockets and are hiring<p>')).toBeNull();
    expect(readHeader('')).toBeNull();
  });

  it('classifies segments regardless of order', () => {
    const fields = classifySegments([
      'Acme',
      'https://acme.example.test/jobs',
      '€70k – €90k',
      'Amsterdam or Remote (EU)',
      'Contract',
      'ML Engineer',
    ]);
    expect(fields).toEqual({
      company: 'Acme',
      roles: ['ML Engineer'],
      locations: ['Amsterdam or Remote (EU)'],
      workplace: 'Remote',
      employment: 'Contract',
      salary: '€70k – €90k',
      url: 'https://acme.example.test/jobs',
    });
  });

  it('recognises places from the shared city/country/state tables', () => {
    expect(looksLikePlace('Austin TX')).toBe(true);
    expect(looksLikePlace('SF In-Person')).toBe(true);
    expect(looksLikePlace('stockholm ONSITE')).toBe(true);
    expect(looksLikePlace('Python, AI, Go')).toBe(false);
    expect(looksLikePlace('Full-time')).toBe(false);
  });

  it('reads the company of a YC job story', () => {
    expect(storyCompany('Kettle (YC W30) Is Hiring')).toBe('Kettle');
    expect(storyCompany('Pinecone Labs is hiring a designer')).toBe('Pinecone Labs');
    expect(storyCompany('Tern: Backend Engineer – Remote')).toBe('Tern');
    expect(storyCompany('We build things')).toBeNull();
  });

  it('reads a place written beside the company when no segment names one', () => {
    expect(classifySegments(['Fjordlight Labs (Stockholm)', 'Founding Engineer', 'Full-time'])).toMatchObject(
      {
        company: 'Fjordlight Labs',
        locations: ['Stockholm'],
      },
    );
    expect(classifySegments(['Kilnworks (London or NYC)', 'Research Scientist'])).toMatchObject({
      company: 'Kilnworks',
      locations: ['London or NYC'],
    });
    // A segment that names a place wins; the parenthesis is still not the company's name.
    expect(classifySegments(['Tallow (Austin, TX)', 'Engineer', 'Remote (US)'])).toMatchObject({
      company: 'Tallow',
      locations: ['Remote (US)'],
    });
    // Batches, abbreviations and notes stay with the company.
    for (const company of [
      'Quillbase (YC W22)',
      'Cloud Data Engine (CDE)',
      'Marlow (Series A)',
      'Orbit (EdTech)',
    ])
      expect(classifySegments([company, 'Engineer']).company).toBe(company);
  });

  it("reads pay, place and job type from a YC job page's role line", () => {
    const page =
      'Apply Kettle Instantly draft notices. Enterprise Account Executive (AE) $220K - $260K • 0.05% - 0.25% • ' +
      'New York, NY, US Job type Full-time Role Sales Experience 3+ years Visa US citizen/visa only';
    expect(ycJobLine(page)).toEqual({
      salary: '$220K - $260K',
      location: 'New York, NY, US',
      jobType: 'Full-time',
    });
    expect(ycJobLine('Founding Engineer • Berlin, DE Job type Internship Role Engineering')).toEqual({
      salary: null,
      location: 'Berlin, DE',
      jobType: 'Internship',
    });
    expect(ycJobLine('We are hiring. Job type is whatever you like.')).toBeNull();
  });

  it('gives a YC job story the place, pay and job type of its page', () => {
    const body = JSON.stringify({
      jobs: [
        {
          id: '90000201',
          source: 'direct',
          by: 'founder',
          time: 1_898_000_000,
          text:
            'Kettle (YC W30) Is Hiring a Founding Engineer\n\nFounding Engineer at Kettle | Y Combinator Apply ' +
            'Kettle Founding Engineer $200K - $350K • 0.50% - 2.00% • San Francisco, CA, US Job type Full-time ' +
            'Role Engineering, Full stack Experience Any (new grads ok)',
        },
      ],
    });
    expect(parseHnWhoIsHiring(body).postings[0]).toMatchObject({
      companyName: 'Kettle',
      locationText: 'San Francisco, CA, US',
      salaryText: '$200K - $350K',
      employmentType: 'Full-time',
    });
  });

  it("reads the place a story's title names, not words that are none", () => {
    expect(titlePlace('Harbor (YC W13) Is Hiring in San Francisco and Singapore')).toBe(
      'San Francisco and Singapore',
    );
    expect(titlePlace('Tidewater Is Hiring Engineers in Amsterdam')).toBe('Amsterdam');
    expect(titlePlace('Converge (YC S23) Is Hiring a Founding Platform Engineer (NYC, Onsite)')).toBe(
      'NYC, Onsite',
    );
    expect(titlePlace('Bitcraft (YC S15) Is Hiring Interns in AI for Summer 2026 in Austria')).toBe(
      'Austria',
    );
    expect(titlePlace('Kettle (YC W23) Is Hiring Engineers in AI')).toBeNull();
    expect(titlePlace('Kettle (YC W23) Is Hiring Back End Engineer (Go)')).toBeNull();
  });

  it("reads the places and first pay of a YC company's job list", () => {
    const page =
      'Startup Jobs Log in Apply Kettle Agents. Company Jobs 2 https://kettle.example.test Jobs at Kettle ' +
      'Lead Forward Deployed Engineer San Francisco, United States / Remote (US) $175K - $250K 0.50% - 1.50% ' +
      '6+ years Apply Now › Founding Engineer New York, NY, US $150K - $200K 1.00% - 2.00% Any Apply Now ›';
    expect(ycJobList(page)).toEqual({
      location: 'San Francisco, United States / Remote (US); New York, NY, US',
      salary: '$175K - $250K',
    });
    expect(ycJobList('About us. We build kettles.')).toBeNull();
  });
});
