import { matchKeysOf } from '../domain/dedup-keys.ts';
import type { NormalizedJob, PlaceParts } from '../domain/job.ts';
import { fold, tokenize } from '../domain/search-text.ts';
import { openingsConflict, openingTagsOf, type OpeningTags } from './opening-tags.ts';

/**
 * The cross-source duplicate rule (README "Deduplication and lifecycle"). Postings from
 * two sources are one job when nothing keeps the openings apart — a cohort year or
 * season, or a requisition id, that both state and that differ (opening-tags.ts) — and
 *  A. they carry the same ATS job (domain/dedup-keys.ts: the posting's own Greenhouse,
 *     Ashby, Lever, Workable or SmartRecruiters id, or one named by any of its URLs, as a
 *     Simplify or HN row linking the employer's board does). The id settles it: places
 *     and wording may differ between the copies (a retitle, "Remote in USA" vs "Home
 *     based - Worldwide"). Or
 *  B. neither names a job of an ATS platform the other names another job of, they share
 *     a company identity (name, initials ↔ board token, domain) and the title
 *     key (the stored key says which), their places overlap (a shared country with the
 *     same city, or a city missing on one side; no place at all overlaps anything), and
 *     their descriptions are alike: word-set Jaccard ≥ 0.5, unless either side is too
 *     short to compare (< 30 words; listings without descriptions).
 * Two postings from the same source (platform + board) are never merged: one board
 * listing a title twice means two openings.
 */
export const DESCRIPTION_SIMILARITY_THRESHOLD = 0.5;
export const MIN_COMPARABLE_WORDS = 30;

export interface DedupCandidate {
  jobId: string;
  /** Every (platform, board) that already feeds this job. */
  sources: string[];
  /** The job's stored keys (`job.dedup_keys`, domain/dedup-keys.ts). */
  dedupKeys: string[];
  title: string;
  places: PlaceParts[];
  descriptionText: string;
  /** The job's listing and apply URLs: their slugs may name the cohort its title drops. */
  listingUrl?: string | null;
  applyUrl?: string | null;
}

export function sourceKeyOf(job: Pick<NormalizedJob, 'source' | 'board'>): string {
  return `${job.source}:${job.board}`;
}

export function placesOverlap(a: PlaceParts[], b: PlaceParts[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  return a.some((p) =>
    b.some((q) => {
      if (p.countryCode && q.countryCode && p.countryCode !== q.countryCode) return false;
      if (!p.city || !q.city)
        return Boolean(p.countryCode && q.countryCode) || (!p.countryCode && !q.countryCode);
      return fold(p.city) === fold(q.city);
    }),
  );
}

function wordSet(text: string): Set<string> {
  return new Set(tokenize(text).filter((w) => w.length > 2));
}

/** Jaccard similarity of the two texts' word sets, or null when either is too short to tell. */
export function descriptionSimilarity(a: string, b: string): number | null {
  return similarityOfSets(wordSet(a), wordSet(b));
}

/**
 * A posting's or candidate's word set and opening tags, made once per object: a batch
 * compares each new posting with every candidate sharing a key, and a chain's board has
 * many openings of one title, so the same descriptions were folded and split again for
 * every pair (the cold ingest's main thread spent most of its dedup time there).
 */
const wordSets = new WeakMap<object, Set<string>>();
const tagSets = new WeakMap<object, OpeningTags>();
type Described = {
  title: string;
  descriptionText: string;
  listingUrl?: string | null;
  applyUrl?: string | null;
};
function wordsOf(x: Described): Set<string> {
  let words = wordSets.get(x);
  if (!words) wordSets.set(x, (words = wordSet(x.descriptionText)));
  return words;
}
function tagsOf(x: Described): OpeningTags {
  let tags = tagSets.get(x);
  if (!tags) tagSets.set(x, (tags = openingTagsOf(x.title, x.descriptionText, [x.listingUrl, x.applyUrl])));
  return tags;
}

function similarityOfSets(wa: Set<string>, wb: Set<string>): number | null {
  if (wa.size < MIN_COMPARABLE_WORDS || wb.size < MIN_COMPARABLE_WORDS) return null;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / (wa.size + wb.size - shared);
}

const platformOf = (atsKey: string) => atsKey.split(':')[1];

/**
 * Whether the two name different jobs of one ATS platform (and none in common, which
 * was checked first): one board's two openings, each copy carrying its own id.
 */
function otherAtsJobs(matchKeys: Set<string>, stored: string[]): boolean {
  const mine = new Set([...matchKeys].filter((k) => k.startsWith('ats:')).map(platformOf));
  return stored.some((k) => k.startsWith('ats:') && mine.has(platformOf(k)));
}

/**
 * Whether the candidate can be the posting's copy as far as its keys and places tell:
 * what matchScore checks first, without the description. A candidate that fails it
 * scores null, so its description need not be read (the pipeline reads descriptions
 * only for candidates some posting of the batch passes with).
 */
export function mayDuplicate(
  incoming: NormalizedJob,
  candidate: Pick<DedupCandidate, 'dedupKeys' | 'places'>,
  matchKeys: Set<string> = new Set(matchKeysOf(incoming)),
): boolean {
  const shared = candidate.dedupKeys.filter((k) => matchKeys.has(k));
  if (shared.length === 0) return false;
  if (shared.some((k) => k.startsWith('ats:'))) return true;
  return !otherAtsJobs(matchKeys, candidate.dedupKeys) && placesOverlap(incoming.places, candidate.places);
}

/**
 * How alike the incoming posting and a candidate are, or null when they are two
 * openings. An ATS job in common scores above any description similarity.
 */
function matchScore(
  incoming: NormalizedJob,
  matchKeys: Set<string>,
  candidate: DedupCandidate,
): number | null {
  if (!mayDuplicate(incoming, candidate, matchKeys)) return null;
  if (openingsConflict(tagsOf(incoming), tagsOf(candidate))) return null;
  if (candidate.dedupKeys.some((k) => k.startsWith('ats:') && matchKeys.has(k))) return 2;
  const similarity = similarityOfSets(wordsOf(incoming), wordsOf(candidate));
  if (similarity !== null && similarity < DESCRIPTION_SIMILARITY_THRESHOLD) return null;
  return similarity ?? 0;
}

/** The existing job an incoming posting duplicates, or undefined. The most alike wins. */
export function findDuplicate(
  incoming: NormalizedJob,
  candidates: DedupCandidate[],
): DedupCandidate | undefined {
  const own = sourceKeyOf(incoming);
  const matchKeys = new Set(matchKeysOf(incoming));
  let best: { candidate: DedupCandidate; score: number } | undefined;
  for (const candidate of candidates) {
    if (candidate.sources.includes(own)) continue;
    const score = matchScore(incoming, matchKeys, candidate);
    if (score === null) continue;
    if (!best || score > best.score) best = { candidate, score };
  }
  return best?.candidate;
}
