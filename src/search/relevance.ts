import { MATCH_TIERS } from '../domain/relevance.ts';
import { Bitmap, type Scratch } from './bitmap.ts';
import type { PrefixMatch } from './term-index.ts';

/**
 * The matches split into relevance classes, best first, as domain/relevance.ts defines
 * the order (and the SQL path's buildRelevance scores it): each query word takes the
 * tier of its best match in a job — whole word in the title (5), prefix only in the
 * title (4), whole word in the company (3), prefix (2), whole word anywhere else, i.e.
 * the description (1), else a prefix there (0) — and jobs compare by how many words
 * reach tier 5, then 4, … 0. Jobs with the same counts form one class, which the
 * caller orders newest first.
 *
 * This is the one place in the index that knows the ranking.
 */
export interface RelevanceTier {
  /** How many query words reached each tier (index = tier). */
  counts: number[];
  docs: Bitmap;
}

/** Best class first: more words at the highest tier, then at the next … */
export function compareTiers(a: { counts: number[] }, b: { counts: number[] }): number {
  for (let t = a.counts.length - 1; t >= 0; t--)
    if (a.counts[t] !== b.counts[t]) return b.counts[t]! - a.counts[t]!;
  return 0;
}

export function relevanceTiers(matches: Bitmap, words: PrefixMatch[], scratch: Scratch): RelevanceTier[] {
  const tiers = MATCH_TIERS.length;
  // Jobs by how many of the words so far reached each tier (index = tier).
  let states = new Map<string, { counts: number[]; docs: Bitmap }>([
    [Array(tiers).fill(0).join(','), { counts: Array(tiers).fill(0), docs: scratch.own(matches.clone()) }],
  ]);
  for (const word of words) {
    // The word's tiers, best first; what is left after the last one is tier 0.
    const bands: Array<[number, Bitmap]> = [
      [5, word.titleWhole],
      [4, word.title],
      [3, word.companyWhole],
      [2, word.company],
      [1, word.anyWhole],
    ];
    const next = new Map<string, { counts: number[]; docs: Bitmap }>();
    const put = (counts: number[], tier: number, docs: Bitmap) => {
      if (docs.isEmpty) return;
      const moved = counts.slice();
      moved[tier]!++;
      const key = moved.join(',');
      const have = next.get(key);
      if (have) have.docs.orInPlace(docs);
      else next.set(key, { counts: moved, docs });
    };
    for (const { counts, docs } of states.values()) {
      const rest = scratch.own(docs.clone());
      for (const [tier, band] of bands) {
        put(counts, tier, scratch.own(Bitmap.and(rest, band)));
        rest.andNotInPlace(band);
      }
      put(counts, 0, rest);
    }
    states = next;
  }
  return [...states.values()].sort(compareTiers);
}
