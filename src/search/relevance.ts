import { MATCH_TIERS } from '../domain/relevance.ts';
import { Bitmap, EMPTY, type Scratch } from './bitmap.ts';
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

const TIERS = MATCH_TIERS.length;

/** Best class first: more words at the highest tier, then at the next … */
export function compareTiers(a: { counts: number[] }, b: { counts: number[] }): number {
  for (let t = a.counts.length - 1; t >= 0; t--)
    if (a.counts[t] !== b.counts[t]) return b.counts[t]! - a.counts[t]!;
  return 0;
}

const classLists = new Map<number, number[][]>();

/**
 * Every class a query of `words` words can have (tier counts summing to `words`), best
 * first. The same list for every segment, so segments' classes line up by position.
 */
export function classesOf(words: number): readonly number[][] {
  let list = classLists.get(words);
  if (!list) {
    list = [];
    const counts = Array<number>(TIERS).fill(0);
    const fill = (tier: number, left: number) => {
      if (tier === 0) {
        counts[0] = left;
        list!.push(counts.slice());
        return;
      }
      for (let n = left; n >= 0; n--) {
        counts[tier] = n;
        fill(tier - 1, left - n);
      }
      counts[tier] = 0;
    };
    fill(TIERS - 1, words);
    list.sort((a, b) => compareTiers({ counts: a }, { counts: b }));
    classLists.set(words, list);
  }
  return list;
}

/**
 * A segment's matches split into relevance classes on demand. A page usually needs only
 * the first classes (a broad query's best class alone holds more than a page), so each
 * class is computed when asked, from memoized parts:
 *
 * - a word's tier docs: the matches whose best tier for that word is t, computed tier by
 *   tier from the top (each band ANDed with what the higher bands left);
 * - the docs whose first k words reach a given multiset of tiers, whatever word took
 *   which: the union over the k-th word's tiers t of (the first k-1 words' multiset
 *   minus t) AND (word k's tier-t docs). The class is that set for all the words.
 *
 * Asking for every class costs what splitting every state word by word did (the same
 * sets, memoized); asking for the first few costs a few ANDs.
 */
export class RelevanceSplit {
  private readonly matches: Bitmap;
  private readonly words: PrefixMatch[];
  private readonly scratch: Scratch;
  /** Per word: its tier docs found so far (index = tier), and the matches below them. */
  private readonly byWord: Array<{
    tiers: Array<Bitmap | undefined>;
    /** The matches below the tiers found so far, once `above` (the last band) is taken out. */
    rest: Bitmap;
    above?: Bitmap;
    next: number;
  }>;
  private readonly reached = new Map<string, Bitmap>();

  constructor(matches: Bitmap, words: PrefixMatch[], scratch: Scratch) {
    this.matches = matches;
    this.words = words;
    this.scratch = scratch;
    this.byWord = words.map(() => ({ tiers: [], rest: matches, next: TIERS - 1 }));
  }

  /** The non-empty classes, best first, computed as the caller goes. */
  *classes(): Generator<RelevanceTier> {
    for (const counts of classesOf(this.words.length)) {
      const docs = this.classDocs(counts);
      if (!docs.isEmpty) yield { counts, docs };
    }
  }

  /** The docs of one class (tier counts summing to the number of words); may be empty. */
  classDocs(counts: readonly number[]): Bitmap {
    const k = this.words.length;
    if (k > 1 && counts[TIERS - 1] === k) return this.allWholeInTitle();
    return this.reach(counts, k);
  }

  /**
   * The best class — every word whole in the title — is the words' title bands ANDed,
   * smallest first, then the matches: the bands are few jobs beside the matches of a
   * broad query, where the tier-by-tier way ANDs all the matches with each band first
   * ("senior data" at 1M jobs: 81,400 matches against 45,300 and 238,400 title jobs,
   * 108 µs; this way about a third). A page filled by this class needs nothing else.
   */
  private allWholeInTitle(): Bitmap {
    const key = 'title';
    const have = this.reached.get(key);
    if (have) return have;
    const bands = this.words.map((w) => w.titleWhole).sort((a, b) => a.size - b.size);
    let out = this.scratch.own(Bitmap.and(bands[0]!, bands[1]!));
    for (const band of bands.slice(2)) out.andInPlace(band);
    if (!out.isEmpty) out = this.scratch.own(Bitmap.and(out, this.matches));
    this.reached.set(key, out);
    return out;
  }

  /** The matches whose first `k` words reach exactly the tiers `counts` (summing to k). */
  private reach(counts: readonly number[], k: number): Bitmap {
    if (k === 0) return this.matches;
    const key = `${k}:${counts.join(',')}`;
    const have = this.reached.get(key);
    if (have) return have;
    let out: Bitmap | undefined;
    const fewer = counts.slice();
    for (let t = TIERS - 1; t >= 0; t--) {
      if (counts[t] === 0) continue;
      const mine = this.tierDocs(k - 1, t);
      if (mine.isEmpty) continue;
      fewer[t]!--;
      const before = this.reach(fewer, k - 1);
      fewer[t]!++;
      if (before.isEmpty) continue;
      const both = k === 1 ? mine : this.scratch.own(Bitmap.and(before, mine));
      if (!out) out = both;
      else {
        if (out === mine) out = this.scratch.own(out.clone());
        out.orInPlace(both);
      }
    }
    const result = out ?? EMPTY;
    this.reached.set(key, result);
    return result;
  }

  /** The matches whose best tier for word `w` is `tier`. */
  private tierDocs(w: number, tier: number): Bitmap {
    const state = this.byWord[w]!;
    const word = this.words[w]!;
    const bands: Bitmap[] = [word.anyWhole, word.company, word.companyWhole, word.title, word.titleWhole];
    while (state.next >= tier) {
      const t = state.next--;
      if (state.above) {
        state.rest = this.scratch.own(Bitmap.andNot(state.rest, state.above));
        state.above = undefined;
      }
      if (t === 0) {
        state.tiers[0] = state.rest;
        break;
      }
      const band = bands[t - 1]!;
      state.tiers[t] = this.scratch.own(Bitmap.and(state.rest, band));
      // Taken out of the rest only when a lower tier is asked: a page filled by the
      // best class never needs it (two of a two-word search's five ops, ~120 µs at 1M).
      state.above = band;
    }
    return state.tiers[tier]!;
  }
}
