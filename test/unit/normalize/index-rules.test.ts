/**
 * normalizePosting's own rules, besides the classifiers it composes (issue 11 item 9:
 * pinned where mutation testing found them unchecked): which rows are refused, which
 * field wins when a feed sends two, and what is cleaned before storing.
 */
import { describe, expect, it } from 'vitest';
import type { RawPosting } from '../../../src/domain/raw-posting.ts';
import { externalIdKey, normalizePosting } from '../../../src/ingest/normalize/index.ts';

const now = new Date('2026-06-01T00:00:00Z');

function raw(overrides: Record<string, unknown> = {}): RawPosting {
  return {
    source: 'lever',
    board: 'acme',
    externalId: 'a-1',
    title: 'Backend Engineer',
    companyName: 'Acme',
    descriptionText: 'Build APIs.',
    payload: { id: 'a-1' },
    ...overrides,
  } as RawPosting;
}

function job(overrides: Record<string, unknown> = {}, opts = { now }) {
  const result = normalizePosting(raw(overrides), opts);
  if (!result.ok) throw new Error(`expected ok, got ${result.reason}`);
  return result.job;
}

const reason = (overrides: Record<string, unknown>) => {
  const result = normalizePosting(raw(overrides), { now });
  return result.ok ? 'ok' : result.reason;
};

describe('refused rows', () => {
  it.each([
    [{ externalId: null }, 'missing external id'],
    [{ externalId: '' }, 'missing external id'],
    [{ externalId: 'x'.repeat(256) }, 'invalid external id'],
    [{ externalId: 'a\tb' }, 'invalid external id'],
    [{ externalId: '\u0000' }, 'missing external id'],
    [{ title: null }, 'missing title'],
    [{ title: '&nbsp;' }, 'missing title'],
    [{ title: `Engineer ${'x'.repeat(300)}` }, 'title too long'],
    [{ board: '  ' }, 'missing board'],
    [{ board: 7 }, 'missing board'],
  ])('%j: %s', (overrides, expected) => {
    expect(reason(overrides)).toBe(expected);
  });

  it('an id of 255 characters, NUL characters dropped, is kept', () => {
    expect(job({ externalId: 'x'.repeat(255) }).externalId).toHaveLength(255);
    expect(job({ externalId: ' a\u0000-1 ' }).externalId).toBe('a-1');
    expect(externalIdKey(' a\u0000-1 ')).toBe('a-1');
  });

  it('a throw that is not an Error is named in the reason', () => {
    const hostile = raw();
    Object.defineProperty(hostile, 'descriptionText', {
      get: () => {
        throw 'bad getter';
      },
      enumerable: true,
    });
    expect(normalizePosting(hostile, { now })).toEqual({
      ok: false,
      reason: 'normalization failed: bad getter',
    });
  });
});

describe('fields', () => {
  it('board and title are cleaned; a title is repaired before it is read', () => {
    expect(job({ board: ' acme ', title: 'Caf&eacute; Manager' })).toMatchObject({
      board: 'acme',
      title: 'Café Manager',
    });
  });

  it('a description text the feed gives wins over the HTML text; the HTML still comes from the HTML', () => {
    const j = job({ descriptionText: '  Given   text ', descriptionHtml: '<p>From <b>HTML</b></p>' });
    expect(j.descriptionText).toBe('Given text');
    expect(j.descriptionHtml).toBe('<p>From <b>HTML</b></p>');
    const onlyHtml = job({ descriptionText: null, descriptionHtml: '<p>From <b>HTML</b></p>' });
    expect(onlyHtml.descriptionText).toBe('From HTML');
    const onlyText = job({ descriptionText: 'A & B', descriptionHtml: 42 });
    expect(onlyText.descriptionHtml).toBe('<p>A &amp; B</p>');
  });

  it('the location text is the main one, else the extra ones, else the structured fields', () => {
    expect(job({ locationText: ' Berlin ', extraLocations: ['Munich'] }).locationText).toBe('Berlin');
    expect(job({ extraLocations: ['Munich', ' ', 5, ' Hamburg '] }).locationText).toBe('Munich; Hamburg');
    expect(job({ city: 'Paris', region: ' ', country: 'France' }).locationText).toBe('Paris, France');
    expect(job({}).locationText).toBe('');
  });

  it('company: name cut to 300 characters, the board when it has none, domain and logo checked', () => {
    expect(job({ companyName: 'A'.repeat(400) }).companyName).toHaveLength(300);
    expect(job({ companyName: '  ' }).companyName).toBe('acme');
    expect(job({ companyName: 42 }).companyName).toBe('acme');
    const j = job({
      companyName: 'Acme, Inc.',
      companyDomain: 'https://www.acme.com/jobs',
      companyLogoUrl: ' https://acme.com/logo.png ',
    });
    expect(j).toMatchObject({
      companyName: 'Acme, Inc.',
      companyNormalizedName: 'acme',
      companyDomain: 'acme.com',
      companyLogoUrl: 'https://acme.com/logo.png',
    });
    expect(job({ companyLogoUrl: 'ftp://acme.com/logo.png' }).companyLogoUrl).toBeNull();
  });

  it('plain http links are links too; other schemes are not', () => {
    expect(
      job({ listingUrl: 'http://jobs.acme.test/1', applyUrl: 'https://jobs.acme.test/1/apply' }),
    ).toMatchObject({
      listingUrl: 'http://jobs.acme.test/1',
      applyUrl: 'https://jobs.acme.test/1/apply',
    });
    expect(job({ applyUrl: 'mailto:jobs@acme.test' }).applyUrl).toBeNull();
  });

  it('department and tags are trimmed; blank ones are none', () => {
    expect(job({ department: ' Engineering ' }).department).toBe('Engineering');
    expect(job({ department: '   ' }).department).toBeNull();
    expect(job({ department: 'D'.repeat(300) }).department).toHaveLength(200);
    expect(job({ tags: [' react ', '', 3] }).skills).toEqual(['React']);
  });

  it('flags are taken only as booleans', () => {
    expect(job({ visaSponsorship: true }).visaSponsorship).toBe(true);
    expect(job({ visaSponsorship: 'yes' }).visaSponsorship).toBeNull();
    expect(job({ remoteFlag: true }).remoteType).toBe('remote');
    expect(job({ remoteFlag: 'true' }).remoteType).not.toBe('remote');
  });

  it('the first place gives the city, region and country, and the country the currency of "$"', () => {
    expect(job({ locationText: 'Austin, TX' })).toMatchObject({
      city: 'Austin',
      region: 'TX',
      countryCode: 'US',
    });
    expect(job({ locationText: 'Toronto, Canada', salaryText: '$90,000 - $110,000' })).toMatchObject({
      region: 'ON',
      countryCode: 'CA',
      salaryCurrency: 'CAD',
    });
  });

  it('no description at all: empty text and HTML', () => {
    expect(job({ descriptionText: null })).toMatchObject({ descriptionText: '', descriptionHtml: '' });
  });

  it('no salary: no currency and no inferred flag', () => {
    expect(job({})).toMatchObject({ salaryCurrency: null, salaryCurrencyInferred: null, salaryMin: null });
    // A stated currency is not inferred.
    expect(job({ salaryText: 'USD 120,000 - 150,000' })).toMatchObject({
      salaryCurrency: 'USD',
      salaryCurrencyInferred: false,
    });
  });

  it('nested text is made storable, the payload is only hashed', () => {
    const j = job({ salary: { min: 50_000, max: 60_000, currency: 'E\u0000UR', period: 'year' } });
    expect(j.salaryCurrency).toBe('EUR');
    const withNul = job({ payload: { note: 'a\u0000b' } });
    const without = job({ payload: { note: 'ab' } });
    expect(withNul.payloadHash).not.toBe(without.payloadHash);
  });
});

describe('status and dates', () => {
  it('closed beats every date; an expiry at or before now is expired', () => {
    expect(job({ closed: true, expiresAt: '2027-01-01' }).status).toBe('closed');
    expect(job({ closed: 'yes' }).status).toBe('open');
    expect(job({ expiresAt: '2026-06-01T00:00:00Z' }).status).toBe('expired');
    expect(job({ expiresAt: '2026-06-01T00:00:01Z' }).status).toBe('open');
    expect(job({ expiresAt: '2026-05-01' })).toMatchObject({ status: 'expired' });
  });

  it('an invalid reference time falls back to the clock', () => {
    const j = job({ postedAt: '2020-01-01' }, { now: new Date('x') });
    expect(j.postedAt?.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect(job({ postedAt: '2020-01-01' }, {} as { now: Date }).postedAt).not.toBeNull();
  });
});
