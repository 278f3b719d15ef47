/**
 * preparePosting: what a worker thread hands back for one raw posting (issue 11 item 9:
 * prepare.ts had no unit test in the process Stryker mutates; normalize-pool.test.ts
 * runs it in worker threads).
 */
import { describe, expect, it } from 'vitest';
import type { RawPosting } from '../../../src/domain/raw-posting.ts';
import { dedupKeysOf, makeDedupKeys, matchKeysOf } from '../../../src/domain/dedup-keys.ts';
import { searchVectorBinary } from '../../../src/domain/search-text.ts';
import { preparePosting } from '../../../src/ingest/normalize/prepare.ts';

const now = new Date('2026-06-01T00:00:00Z');
const raw = (overrides: Record<string, unknown> = {}) =>
  ({
    source: 'lever',
    board: 'feed-board',
    externalId: 'a1',
    title: 'Backend Engineer',
    companyName: 'Acme',
    descriptionText: 'Build APIs in Go and PostgreSQL.',
    payload: {},
    ...overrides,
  }) as RawPosting;

describe('preparePosting', () => {
  it('the batch decides the platform and board, whatever the row says', () => {
    const result = preparePosting(raw(), { platform: 'greenhouse', board: 'acme', now });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.job).toMatchObject({ source: 'greenhouse', atsPlatform: 'greenhouse', board: 'acme' });
  });

  it('carries the dedup keys made from the normalized posting, which the main thread then reads as they are', () => {
    const result = preparePosting(
      raw({
        companyName: 'Stevens Capital Management LP',
        listingUrl: 'https://boards.greenhouse.io/scm/jobs/4012345',
      }),
      { platform: 'lever', board: 'acme', now },
    );
    if (!result.ok) throw new Error(result.reason);
    const { dedupKeys, ...job } = result.job;
    expect(dedupKeys).toEqual(makeDedupKeys(job));
    expect(dedupKeys?.stored).toEqual(
      expect.arrayContaining(['ats:greenhouse:4012345', 'i:scm|backend engineer', 't:scm|backend engineer']),
    );
    expect(dedupKeysOf(result.job)).toBe(dedupKeys!.stored);
    expect(matchKeysOf(result.job)).toBe(dedupKeys!.match);
  });

  it('carries the search vector of the normalized title, company and text', () => {
    const result = preparePosting(raw(), { platform: 'lever', board: 'acme', now });
    if (!result.ok) throw new Error(result.reason);
    const { job } = result;
    expect(Buffer.from(result.searchVector)).toEqual(
      Buffer.from(searchVectorBinary(job.title, job.companyName, job.descriptionText)),
    );
    expect(result.searchVector.length).toBeGreaterThan(4);
  });

  it('passes an unusable row back with its reason', () => {
    expect(preparePosting(raw({ title: '  ' }), { platform: 'lever', board: 'acme', now })).toEqual({
      ok: false,
      reason: 'missing title',
    });
  });

  it('dates are judged against the batch time', () => {
    const result = preparePosting(raw({ postedAt: '2027-01-01' }), { platform: 'lever', board: 'acme', now });
    if (!result.ok) throw new Error(result.reason);
    expect(result.job.postedAt?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    const early = preparePosting(raw({ postedAt: '2027-01-01' }), {
      platform: 'lever',
      board: 'acme',
      now: new Date('2025-06-01T00:00:00Z'),
    });
    if (!early.ok) throw new Error(early.reason);
    expect(early.job.postedAt).toBeNull();
  });
});
