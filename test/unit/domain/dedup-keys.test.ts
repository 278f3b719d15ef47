import { describe, expect, it } from 'vitest';
import {
  companyIdentityOf,
  dedupKeysOf,
  urlIdentities,
  type DedupSubject,
} from '../../../src/domain/dedup-keys.ts';

function subject(over: Partial<DedupSubject>): DedupSubject {
  return {
    source: 'generic',
    board: 'dataset',
    externalId: '1',
    companyNormalizedName: 'acme robotics',
    companyDomain: null,
    normalizedTitle: 'backend engineer',
    listingUrl: null,
    applyUrl: null,
    ...over,
  };
}

describe('urlIdentities', () => {
  it('reads the ATS job and the board token from a board URL', () => {
    expect(urlIdentities(['https://job-boards.greenhouse.io/stripe/jobs/7021234'])).toEqual({
      jobKeys: ['greenhouse:7021234'],
      tokens: ['stripe'],
    });
  });

  it("takes the employer's own domain as a token", () => {
    expect(urlIdentities(['https://careers.datadoghq.com/detail/123/']).tokens).toEqual(['datadoghq']);
  });

  // A job host missing from the list made every employer it hosts share one token: each
  // of their postings was every other's dedup candidate, and similar ones merged.
  it.each([
    ['https://app.careerpuck.com/job-board/acme/job/abc123', 'careerpuck'],
    ['https://ats.comparably.com/api/v1/gh/acme/jobs/42', 'comparably'],
    ['https://wd1.myworkdaysite.com/recruiting/acme/External/job/x', 'myworkdaysite'],
    ['https://jobs.example-ats.test/acme/jobs/1', 'exampleats'],
    ['https://acme.teamtailor.com/jobs/42-backend-engineer', 'teamtailor'],
  ])('a career-site host names no company: %s', (url, hostLabel) => {
    expect(urlIdentities([url]).tokens).not.toContain(hostLabel);
  });

  it.each([
    ['https://leidos.wd5.myworkdayjobs.com/External/job/Reston-VA/Engineer_R-001', 'leidos'],
    ['https://wayve.firststage.co/jobs/123', 'wayve'],
    ['https://acme-labs.bamboohr.com/careers/12', 'acmelabs'],
    ['https://acme.teamtailor.com/jobs/42-backend-engineer', 'acme'],
  ])("a tenant subdomain is the employer's token: %s", (url, token) => {
    expect(urlIdentities([url]).tokens).toEqual([token]);
  });

  it('a host label such as "www" or "jobs" is no tenant', () => {
    expect(urlIdentities(['https://jobs.teamtailor.com/companies']).tokens).toEqual([]);
  });
});

describe('company identity and keys', () => {
  it('two employers on one career-site host share no key', () => {
    const a = subject({
      companyNormalizedName: 'gullwing travel',
      listingUrl: 'https://app.careerpuck.com/job-board/gullwing/job/1',
    });
    const b = subject({
      companyNormalizedName: 'hawkmoor cloud',
      listingUrl: 'https://app.careerpuck.com/job-board/hawkmoor/job/2',
    });
    const shared = dedupKeysOf(a).filter((k) => dedupKeysOf(b).includes(k));
    expect(shared).toEqual([]);
  });

  it('a board token and a full name meet through the initials', () => {
    const token = companyIdentityOf(
      subject({ companyNormalizedName: 'scm', listingUrl: 'https://jobs.lever.co/scm/' }),
    );
    const named = companyIdentityOf(subject({ companyNormalizedName: 'stevens capital management' }));
    expect(token.tokens).toContain('scm');
    expect(named.initials).toEqual(['scm']);
  });
});
