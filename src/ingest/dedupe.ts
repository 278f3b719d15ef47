import type { NormalizedJob, PlaceParts } from '../domain/job.ts';
import { fold, tokenize } from '../domain/search-text.ts';

/**
 * The cross-source duplicate rule (README "Deduplication"). Two postings from
 * different sources are one job when all of these hold:
 *  1. the same normalized company and normalized title (the dedup key);
 *  2. their places overlap: a shared country with the same city, or a city missing
 *     on one side; a posting with no place at all overlaps anything;
 *  3. their descriptions are alike: word-set Jaccard ≥ 0.5 — unless either side is
 *     too short to compare (< 30 words; listings without descriptions), when 1 and 2
 *     decide.
 * Two postings from the same source (platform + board) are never merged: one board
 * listing a title twice means two openings. The same title in two countries stays
 * two jobs by rule 2.
 */
export const DESCRIPTION_SIMILARITY_THRESHOLD = 0.5;
export const MIN_COMPARABLE_WORDS = 30;

export interface DedupCandidate {
  jobId: string;
  /** Every (platform, board) that already feeds this job. */
  sources: string[];
  dedupKey: string;
  places: PlaceParts[];
  descriptionText: string;
}

export function dedupKeyOf(job: Pick<NormalizedJob, 'companyNormalizedName' | 'normalizedTitle'>): string {
  return `${job.companyNormalizedName}|${job.normalizedTitle}`;
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
  const wa = wordSet(a);
  const wb = wordSet(b);
  if (wa.size < MIN_COMPARABLE_WORDS || wb.size < MIN_COMPARABLE_WORDS) return null;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / (wa.size + wb.size - shared);
}

/** The existing job an incoming posting duplicates, or undefined. The most similar wins. */
export function findDuplicate(
  incoming: NormalizedJob,
  candidates: DedupCandidate[],
): DedupCandidate | undefined {
  const key = dedupKeyOf(incoming);
  const own = sourceKeyOf(incoming);
  let best: { candidate: DedupCandidate; score: number } | undefined;
  for (const candidate of candidates) {
    if (candidate.dedupKey !== key || candidate.sources.includes(own)) continue;
    if (!placesOverlap(incoming.places, candidate.places)) continue;
    const similarity = descriptionSimilarity(incoming.descriptionText, candidate.descriptionText);
    if (similarity !== null && similarity < DESCRIPTION_SIMILARITY_THRESHOLD) continue;
    const score = similarity ?? 0;
    if (!best || score > best.score) best = { candidate, score };
  }
  return best?.candidate;
}
