import { describe, expect, it } from 'vitest';
import { normalizePosting } from '../../../src/ingest/normalize/index.ts';
import { createGenericSource } from '../../../src/ingest/sources/generic.source.ts';

describe('a generic mapping can name the currency its pay columns are in (issue 11)', () => {
  // A US employer's export: amounts and periods, no currency column, no country (the
  // gazetteer places a bare "Springfield" in the US, so the places say none either).
  const csv = 'Title,Min,Max,Period,Where\nClerk,18,22,hour,On site\nAnalyst,70000,0,year,Remote\n';
  const fields = {
    title: 'Title',
    salaryMin: 'Min',
    salaryMax: 'Max',
    salaryPeriod: 'Period',
    locationText: 'Where',
  };

  it('without it the figures stay posted only; with it they become annual USD, marked inferred', () => {
    const parse = (defaultCurrency?: string) =>
      createGenericSource({ mapping: { name: 'us-export', fields, defaultCurrency }, format: 'csv' })
        .parse(csv, 'us-export')
        .postings.map((p) => normalizePosting(p))
        .map((r) => (r.ok ? r.job : null));
    expect(parse().map((j) => j?.salaryMinUsd)).toEqual([null, null]);
    const [clerk, analyst] = parse('USD');
    expect(clerk).toMatchObject({
      salaryCurrency: 'USD',
      salaryCurrencyInferred: true,
      salaryMinUsd: 37_440,
    });
    // A 0 maximum is an open bound: the minimum stays.
    expect(analyst).toMatchObject({ salaryMin: 70_000, salaryMax: null, salaryMinUsd: 70_000 });
  });
});
