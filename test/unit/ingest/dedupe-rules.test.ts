/**
 * The parts of the duplicate rule (src/ingest/dedupe.ts) that mutation testing
 * (npm run mutate) found unpinned by dedupe.test.ts: place overlap, description
 * similarity and its threshold, the same-source guard, and which candidate wins.
 */
import { describe, expect, it } from 'vitest';
import { dedupKeysOf } from '../../../src/domain/dedup-keys.ts';
import type { NormalizedJob, PlaceParts } from '../../../src/domain/job.ts';
import {
  descriptionSimilarity,
  findDuplicate,
  MIN_COMPARABLE_WORDS,
  placesOverlap,
  type DedupCandidate,
} from '../../../src/ingest/dedupe.ts';
import { normalizedPosting } from '../../helpers/factories.ts';

const place = (city: string | null, countryCode: string | null): PlaceParts => ({
  city,
  region: null,
  countryCode,
});

/** `n` distinct words of letters only, from `offset` on ("kaa", "kab", …). */
function words(n: number, offset = 0): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: n }, (_, i) => {
    const k = i + offset;
    return `k${letters[Math.floor(k / 26) % 26]}${letters[k % 26]}`;
  });
}
const text = (ws: string[]) => ws.join(' ');

describe('placesOverlap', () => {
  const radnor = place('Radnor', 'US');
  it('no place at all overlaps anything', () => {
    expect(placesOverlap([], [radnor])).toBe(true);
    expect(placesOverlap([radnor], [])).toBe(true);
  });

  it('two countries never overlap; one city in one country does, whatever its case or accents', () => {
    expect(placesOverlap([radnor], [place('Radnor', 'GB')])).toBe(false);
    expect(placesOverlap([place('Zürich', 'CH')], [place('ZURICH', 'CH')])).toBe(true);
    expect(placesOverlap([radnor], [place('Denver', 'US')])).toBe(false);
  });

  it('a city missing on one side overlaps within the same country, or where neither names one', () => {
    expect(placesOverlap([place(null, 'US')], [radnor])).toBe(true);
    expect(placesOverlap([radnor], [place(null, 'US')])).toBe(true);
    expect(placesOverlap([place('Radnor', null)], [place(null, null)])).toBe(true);
    // A country on one side only, and no city to compare: not the same place.
    expect(placesOverlap([place(null, 'US')], [place('Radnor', null)])).toBe(false);
    expect(placesOverlap([place('Radnor', null)], [place(null, 'US')])).toBe(false);
  });

  it('a city on one side and a country-less city on the other compare by city', () => {
    expect(placesOverlap([place('Radnor', null)], [radnor])).toBe(true);
    expect(placesOverlap([place('Denver', null)], [radnor])).toBe(false);
  });

  it('one shared place among several is enough, on either side', () => {
    const berlin = place('Berlin', 'DE');
    expect(placesOverlap([berlin, radnor], [radnor])).toBe(true);
    expect(placesOverlap([radnor], [berlin, radnor])).toBe(true);
  });
});

describe('descriptionSimilarity', () => {
  it('is null when either side has fewer than 30 words of three letters or more', () => {
    const enough = text(words(MIN_COMPARABLE_WORDS));
    const short = text(words(MIN_COMPARABLE_WORDS - 1));
    expect(descriptionSimilarity(enough, enough)).toBe(1);
    expect(descriptionSimilarity(short, enough)).toBeNull();
    expect(descriptionSimilarity(enough, short)).toBeNull();
    // Forty two-letter words are still too short to compare.
    const twoLetters = Array.from({ length: 40 }, (_, i) => `${'abcdefghij'[i % 10]}${'klmn'[i % 4]}`);
    expect(descriptionSimilarity(`${short} ${twoLetters.join(' ')}`, enough)).toBeNull();
  });

  it('is the Jaccard index of the word sets, ignoring words under three letters', () => {
    const a = words(40);
    const b = [...words(20), ...words(20, 100)];
    // 20 shared of 60 distinct words.
    expect(descriptionSimilarity(text(a), text(b))).toBeCloseTo(1 / 3, 10);
    expect(descriptionSimilarity(`${text(a)} we go to it`, `${text(a)} an of by`)).toBe(1);
  });
});

/** A posting as normalization gives it, in Radnor unless it says otherwise. */
function posting(overrides: Parameters<typeof normalizedPosting>[0]): NormalizedJob {
  return normalizedPosting({ places: [place('Radnor', 'US')], ...overrides });
}

function stored(job: NormalizedJob, jobId = 'stored'): DedupCandidate {
  return {
    jobId,
    sources: [`${job.source}:${job.board}`],
    dedupKeys: dedupKeysOf(job),
    title: job.title,
    places: job.places,
    descriptionText: job.descriptionText,
    listingUrl: job.listingUrl,
    applyUrl: job.applyUrl,
  };
}

const greenhouse = (id: string, descriptionText = 'Short.') =>
  posting({
    source: 'greenhouse',
    board: 'acme',
    externalId: id,
    company: 'Acme',
    title: 'Store Manager',
    listingUrl: `https://job-boards.greenhouse.io/acme/jobs/${id}`,
    descriptionText,
  });
const aggregator = (descriptionText: string, url: string | null = null) =>
  posting({
    source: 'generic',
    board: 'simplify-newgrad',
    company: 'Acme',
    title: 'Store Manager',
    listingUrl: url,
    applyUrl: url,
    descriptionText,
  });

describe('findDuplicate: descriptions', () => {
  const base = words(40);

  it('long descriptions must be at least half alike (Jaccard 0.5 is enough)', () => {
    const board = greenhouse('1001', text(base));
    // 40 shared of 80 distinct words: exactly 0.5.
    expect(findDuplicate(aggregator(text([...base, ...words(40, 200)])), [stored(board)])).toBeDefined();
    // 40 shared of 81: just under.
    expect(findDuplicate(aggregator(text([...base, ...words(41, 200)])), [stored(board)])).toBeUndefined();
  });

  it('a short description on either side decides nothing', () => {
    const board = greenhouse('1001', text(base));
    expect(findDuplicate(aggregator('Apply on our site.'), [stored(board)])).toBeDefined();
  });
});

describe('findDuplicate: which candidate', () => {
  const base = words(40);

  it('never a candidate the incoming posting’s own source already feeds, even with its ATS job', () => {
    const board = greenhouse('1001');
    expect(findDuplicate(greenhouse('1001'), [stored(board)])).toBeUndefined();
    const fedByBoth = {
      ...stored(aggregator('Short.')),
      sources: ['generic:simplify-newgrad', 'greenhouse:acme'],
    };
    expect(findDuplicate(greenhouse('1001'), [fedByBoth])).toBeUndefined();
  });

  it('an ATS job in common wins over a description that is alike word for word', () => {
    const incoming = aggregator(text(base), 'https://boards.greenhouse.io/acme/jobs/1001');
    const sameWords = stored(aggregator(text(base)), 'same-words');
    sameWords.sources = ['generic:hn-whoishiring'];
    const sameJob = stored(greenhouse('1001', text(words(40, 300))), 'same-job');
    expect(findDuplicate(incoming, [sameWords, sameJob])?.jobId).toBe('same-job');
  });

  it('the most alike description wins, and the first of equals', () => {
    const incoming = greenhouse('1001', text(base));
    const alike = (jobId: string, ws: string[], board: string) => ({
      ...stored(aggregator(text(ws)), jobId),
      sources: [`generic:${board}`],
    });
    const closer = alike('closer', [...base, ...words(2, 400)], 'a');
    const further = alike('further', [...base, ...words(10, 400)], 'b');
    expect(findDuplicate(incoming, [closer, further])?.jobId).toBe('closer');
    expect(findDuplicate(incoming, [further, closer])?.jobId).toBe('closer');
    const twin = alike('twin', [...base, ...words(2, 400)], 'c');
    expect(findDuplicate(incoming, [closer, twin])?.jobId).toBe('closer');
  });

  it('a job of another ATS platform does not keep two copies apart', () => {
    const lever = posting({
      source: 'lever',
      board: 'acme',
      externalId: '449bf7c1-41d7-47a4-89a7-0ee0b31f5918',
      company: 'Acme',
      title: 'Store Manager',
      listingUrl: 'https://jobs.lever.co/acme/449bf7c1-41d7-47a4-89a7-0ee0b31f5918',
    });
    expect(findDuplicate(greenhouse('1001'), [stored(lever)])).toBeDefined();
    // Another job of the same platform does.
    expect(
      findDuplicate(greenhouse('1001'), [{ ...stored(greenhouse('2002')), sources: ['x:y'] }]),
    ).toBeUndefined();
  });
});

describe('findDuplicate: a cohort named only in a link', () => {
  // Real: Simplify's "Network Planning Sales Engineer – Intern" (2024) merged with the
  // board's "Network Planning Sales Engineer Intern (Winter 2026)" (stop 23, ../shared/data).
  const board = posting({
    source: 'greenhouse',
    board: 'acme',
    externalId: '4597440006',
    company: 'Acme',
    title: 'Network Planning Sales Engineer Intern (Winter 2026)',
    listingUrl: 'https://job-boards.greenhouse.io/acme/jobs/4597440006',
  });
  const copy = (slug: string) => {
    const url = `https://simplify.jobs/p/48786275-ab60-40fd-8f3d-5e27060e4821/${slug}`;
    return posting({
      source: 'generic',
      board: 'simplify-summer2025',
      company: 'Acme',
      title: 'Network Planning Sales Engineer – Intern',
      listingUrl: url,
      applyUrl: url,
    });
  };

  it("keeps the aggregator's copy of another cohort apart, either way round", () => {
    const summer2024 = copy('Network-Planning-Sales-Engineer--Intern-Summer-2024');
    expect(findDuplicate(summer2024, [stored(board)])).toBeUndefined();
    expect(findDuplicate(board, [stored(summer2024)])).toBeUndefined();
  });

  it('a link naming the same cohort, or none, decides nothing', () => {
    expect(
      findDuplicate(copy('Network-Planning-Sales-Engineer--Intern-Winter-2026'), [stored(board)]),
    ).toBeDefined();
    expect(findDuplicate(copy('Network-Planning-Sales-Engineer--Intern'), [stored(board)])).toBeDefined();
  });
});
