import { describe, expect, it } from 'vitest';
import { predictSame, scorePairs, type PairOutcome } from '../../../src/ingest/quality/pair-scores.ts';
import type { GoldenPair } from '../../../src/ingest/quality/golden-set.ts';
import { makeJob } from '../../helpers/factories.ts';

const ref = { dataset: 'd', file: 'f', id: '1' };
const pair = (same: boolean): GoldenPair => ({ a: ref, b: ref, same, kind: 'test' });
const outcome = (same: boolean, predicted: boolean): PairOutcome => ({
  pair: pair(same),
  predicted,
  by: 'rule',
});

describe('dedup on the golden pairs', () => {
  it('counts one source posting as one job and two postings of one board as two', () => {
    const a = makeJob({ source: 'greenhouse', board: 'acme', externalId: '1' });
    expect(predictSame(a, { ...a })).toEqual({ same: true, by: 'same-posting' });
    expect(predictSame(a, { ...a, externalId: '2' })).toEqual({ same: false, by: 'same-board' });
  });

  it('asks the pipeline rule across sources', () => {
    // Descriptions too short to compare: company, title and place decide.
    const a = makeJob({
      source: 'greenhouse',
      board: 'acme',
      externalId: '1',
      descriptionText: 'Short.',
      title: 'Analyst',
    });
    const b = makeJob({
      source: 'generic',
      board: 'list',
      externalId: 'x',
      descriptionText: 'Short.',
      title: 'Analyst',
    });
    expect(predictSame(a, b)).toEqual({ same: true, by: 'rule' });
    expect(predictSame(a, { ...b, companyNormalizedName: 'other co' })).toEqual({
      same: false,
      by: 'no-match',
    });
  });

  it('computes precision and recall, 1 when there is nothing to count', () => {
    const scores = scorePairs([
      outcome(true, true),
      outcome(true, false),
      outcome(false, true),
      outcome(false, false),
    ]);
    expect(scores).toMatchObject({ precision: 0.5, recall: 0.5, truePositives: 1, trueNegatives: 1 });
    expect(scores.wrong).toHaveLength(2);
    expect(scorePairs([])).toMatchObject({ precision: 1, recall: 1 });
  });
});
