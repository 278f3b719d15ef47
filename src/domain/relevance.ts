/**
 * The relevance order of a ranked search, defined once so that every search path
 * (the SQL path, an in-memory index) can reproduce it exactly (issue 9, item 6):
 *
 * 1. Each query word gets the tier of its best match in the job: a whole word ranks
 *    above a prefix-only match in the same field, and title over company over
 *    description. A word is whole when the job has exactly that word (after
 *    search-text folding, at most MAX_TERM_LENGTH letters); a prefix-only match has
 *    only longer words starting with it.
 * 2. Jobs compare by how many query words reach tier 5, then tier 4, … down to 0.
 *    The score Σ TIER_BASE^tier orders them exactly so: there are at most
 *    MAX_QUERY_TERMS words, so no number of lower tiers adds up to one higher tier.
 * 3. Equal scores: newest first (posted_at desc), then id desc.
 */
import { MAX_QUERY_TERMS } from './search-text.ts';

export type MatchField = 'title' | 'company' | 'description';

export interface MatchTier {
  tier: number;
  field: MatchField;
  /** The job has the query word itself, not only longer words it begins. */
  whole: boolean;
}

/** Best first. Every word of a matching job matches at least a description prefix (tier 0). */
export const MATCH_TIERS: readonly MatchTier[] = [
  { tier: 5, field: 'title', whole: true },
  { tier: 4, field: 'title', whole: false },
  { tier: 3, field: 'company', whole: true },
  { tier: 2, field: 'company', whole: false },
  { tier: 1, field: 'description', whole: true },
  { tier: 0, field: 'description', whole: false },
];

/** One more than the most words a query has, so scores compare tier counts lexicographically. */
export const TIER_BASE = MAX_QUERY_TERMS + 1;

/** A word's share of the score: TIER_BASE^tier (1 … 371,293; a 12-word sum stays below 2^31). */
export function tierScore(tier: number): number {
  return TIER_BASE ** tier;
}

/** A job's score from the tiers of its query words. */
export function relevanceScore(tiers: readonly number[]): number {
  return tiers.reduce((sum, tier) => sum + tierScore(tier), 0);
}
