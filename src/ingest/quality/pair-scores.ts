/**
 * Dedup precision and recall on the golden pairs with the pipeline's own rules: one
 * source posting (same platform, board and external id) is one job; two postings of one
 * board are never merged; otherwise `findDuplicate` (dedupe.ts) decides, with `a`
 * arriving while `b` is stored.
 */
import type { NormalizedJob } from '../../domain/job.ts';
import { dedupKeysOf } from '../../domain/dedup-keys.ts';
import { findDuplicate, sourceKeyOf, type DedupCandidate } from '../dedupe.ts';
import type { GoldenPair } from './golden-set.ts';

export type PairVerdict = 'same-posting' | 'same-board' | 'rule' | 'no-match';

/** Whether the pipeline would store `a` and `b` as one job, and which rule said so. */
export function predictSame(a: NormalizedJob, b: NormalizedJob): { same: boolean; by: PairVerdict } {
  if (sourceKeyOf(a) === sourceKeyOf(b)) {
    return a.externalId === b.externalId
      ? { same: true, by: 'same-posting' }
      : { same: false, by: 'same-board' };
  }
  const stored: DedupCandidate = {
    jobId: 'b',
    sources: [sourceKeyOf(b)],
    dedupKeys: dedupKeysOf(b),
    title: b.title,
    places: b.places,
    descriptionText: b.descriptionText,
  };
  return findDuplicate(a, [stored]) ? { same: true, by: 'rule' } : { same: false, by: 'no-match' };
}

export interface PairOutcome {
  pair: GoldenPair;
  predicted: boolean;
  by: PairVerdict;
}

export interface PairScores {
  pairs: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  /** Share of predicted merges that are right; 1 when nothing was merged. */
  precision: number;
  /** Share of true copies that were merged. */
  recall: number;
  wrong: PairOutcome[];
}

export function scorePairs(outcomes: readonly PairOutcome[]): PairScores {
  const count = (pred: (o: PairOutcome) => boolean) => outcomes.filter(pred).length;
  const tp = count((o) => o.pair.same && o.predicted);
  const fp = count((o) => !o.pair.same && o.predicted);
  const fn = count((o) => o.pair.same && !o.predicted);
  return {
    pairs: outcomes.length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    trueNegatives: outcomes.length - tp - fp - fn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    wrong: outcomes.filter((o) => o.pair.same !== o.predicted),
  };
}
