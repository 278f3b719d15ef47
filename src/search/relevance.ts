import { Bitmap, type Scratch } from './bitmap.ts';
import type { PrefixMatch } from './term-index.ts';

/**
 * The matches split into relevance tiers, best first: the SQL path's score
 * (job-filter.sql.ts buildRelevance) is, per query word, 100 when it matches the
 * title, else 10 for the company, else 1 for the description, summed; jobs of equal
 * score form one tier, which the caller orders newest first. Words are counted per
 * (title, company) pair, so with n words the score is 99·t + 9·c + n, and tiers with
 * equal scores (possible from 11 words on) are merged as the sum would merge them.
 *
 * This is the one place that knows the ranking: change it with buildRelevance.
 */
export function relevanceTiers(matches: Bitmap, words: PrefixMatch[], scratch: Scratch): Bitmap[] {
  // Jobs by how many words matched their title (t) and, of the rest, their company (c).
  let states = new Map<string, { t: number; c: number; docs: Bitmap }>([
    ['0,0', { t: 0, c: 0, docs: scratch.own(matches.clone()) }],
  ]);
  for (const word of words) {
    const next = new Map<string, { t: number; c: number; docs: Bitmap }>();
    const put = (t: number, c: number, docs: Bitmap) => {
      if (docs.isEmpty) return;
      const key = `${t},${c}`;
      const have = next.get(key);
      if (have) have.docs.orInPlace(docs);
      else next.set(key, { t, c, docs });
    };
    for (const { t, c, docs } of states.values()) {
      const inTitle = scratch.own(Bitmap.and(docs, word.title));
      const rest = scratch.own(Bitmap.andNot(docs, word.title));
      const inCompany = scratch.own(Bitmap.and(rest, word.company));
      rest.andNotInPlace(word.company);
      put(t + 1, c, inTitle);
      put(t, c + 1, inCompany);
      put(t, c, rest);
    }
    states = next;
  }
  const n = words.length;
  const byScore = new Map<number, Bitmap[]>();
  for (const { t, c, docs } of states.values()) {
    const score = 100 * t + 10 * c + (n - t - c);
    byScore.set(score, [...(byScore.get(score) ?? []), docs]);
  }
  return [...byScore]
    .sort((a, b) => b[0] - a[0])
    .map(([, list]) => (list.length === 1 ? list[0]! : scratch.own(Bitmap.orMany(list))));
}
