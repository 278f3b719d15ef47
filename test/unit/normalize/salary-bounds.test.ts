/**
 * Salary rules that mutation testing (npm run mutate) found unpinned: periods inferred for
 * figures that state none, the plausibility bounds, structured bounds as feeds send them,
 * and which description amounts count. Each case breaks if its rule is deleted or loosened.
 */
import { describe, expect, it } from 'vitest';
import { PERIODS_PER_YEAR } from '../../../src/domain/salary.ts';
import {
  MAX_ANNUAL_USD,
  MIN_ANNUAL_USD,
  normalizeSalary,
  PLAUSIBLE_USD_PER_PERIOD,
} from '../../../src/ingest/normalize/salary.ts';

describe('figures without a period', () => {
  it('in pay text, a top figure under 500 is hourly ("$25 - $35" is never a yearly salary)', () => {
    expect(normalizeSalary({ text: '$25 - $35' })).toMatchObject({
      min: 25,
      max: 35,
      period: 'hour',
      minUsd: 52_000,
      maxUsd: 72_800,
    });
    expect(normalizeSalary({ text: '$480 - $499' })).toMatchObject({ period: 'hour', max: 499 });
  });

  it('in pay text, a top figure of 500 or more is yearly, and $500 a year is refused', () => {
    expect(normalizeSalary({ text: '$450 - $500' })).toMatchObject({
      period: null,
      minUsd: null,
      rejects: ['implausible for its period'],
    });
    expect(normalizeSalary({ text: '$95,000 - $120,000' })).toMatchObject({ period: 'year', minUsd: 95_000 });
  });

  it('structured figures without a period are yearly, however small', () => {
    expect(normalizeSalary({ structured: { min: 120_000, max: 150_000, currency: 'USD' } })).toMatchObject({
      period: 'year',
      minUsd: 120_000,
      maxUsd: 150_000,
    });
    // Unlike pay text, "45-60" from a salary field is not read as hourly: it is refused.
    expect(normalizeSalary({ structured: { min: 45, max: 60, currency: 'USD' } })).toMatchObject({
      period: null,
      minUsd: null,
      rejects: ['implausible for its period'],
    });
  });
});

describe('plausibility', () => {
  it('a range with one implausible end is refused as a whole, not trimmed to the other end', () => {
    expect(
      normalizeSalary({ structured: { min: 10, max: 150_000, currency: 'USD', period: 'year' } }),
    ).toMatchObject({ min: null, max: null, text: null, rejects: ['implausible for its period'] });
    expect(normalizeSalary({ text: '$15 - $150,000 per year' })).toMatchObject({
      minUsd: null,
      maxUsd: null,
      rejects: ['implausible for its period'],
    });
  });

  it('a refused structured salary is counted as a reject, and the pay text still has its say', () => {
    expect(
      normalizeSalary({
        structured: { min: 10, max: 15, currency: 'USD', period: 'year' },
        text: '$90,000 - $110,000 per year',
      }),
    ).toMatchObject({ minUsd: 90_000, maxUsd: 110_000, rejects: ['implausible for its period'] });
  });

  it('the per-period bounds are inclusive', () => {
    expect(normalizeSalary({ text: '$2 - $1,000 per hour' })).toMatchObject({ min: 2, max: 1_000 });
    expect(normalizeSalary({ text: '$1,000 per year' })).toMatchObject({ minUsd: 1_000 });
  });

  it('a weekly figure is checked against the weekly bounds', () => {
    expect(normalizeSalary({ text: '$1,500 per week' })).toMatchObject({ period: 'week', minUsd: 78_000 });
    expect(normalizeSalary({ text: '$50 per week' })).toMatchObject({
      rejects: ['implausible for its period'],
    });
  });

  it('every per-period bound annualizes inside the annual limits (so no second check is needed)', () => {
    for (const [period, [lo, hi]] of Object.entries(PLAUSIBLE_USD_PER_PERIOD)) {
      const perYear = PERIODS_PER_YEAR[period as keyof typeof PERIODS_PER_YEAR];
      expect(lo * perYear, period).toBeGreaterThanOrEqual(MIN_ANNUAL_USD);
      expect(hi * perYear, period).toBeLessThanOrEqual(MAX_ANNUAL_USD);
    }
  });
});

describe('figures without any currency', () => {
  it('are kept as posted, with no USD figure and no inferred currency', () => {
    expect(normalizeSalary({ text: 'Salary: 120,000 - 150,000 per year' })).toMatchObject({
      min: 120_000,
      max: 150_000,
      currency: null,
      currencyInferred: false,
      period: 'year',
      minUsd: null,
      text: null,
    });
  });

  it('are still refused when absurd for their period', () => {
    expect(normalizeSalary({ text: 'Pay: 5 - 10 per year' })).toMatchObject({
      min: null,
      rejects: ['implausible for its period'],
    });
    expect(normalizeSalary({ text: 'Pay: 300,000,000 per year' })).toMatchObject({
      min: null,
      rejects: ['implausible for its period'],
    });
    expect(normalizeSalary({ text: 'Pay: 1,000 per year' })).toMatchObject({ min: 1_000, rejects: [] });
  });

  it('an open-ended floor is checked on the floor', () => {
    expect(normalizeSalary({ text: 'Compensation: from 120,000 per year' })).toMatchObject({
      min: 120_000,
      max: null,
      period: 'year',
      rejects: [],
    });
  });
});

describe('currencies', () => {
  it.each(['CAD', 'AUD', 'NZD'])('"$" is the local dollar where the country uses %s', (countryCurrency) => {
    expect(normalizeSalary({ text: '$90,000 - $110,000 per year', countryCurrency })).toMatchObject({
      currency: countryCurrency,
      currencyInferred: false,
    });
  });

  it('"$" stays the US dollar in a country without a dollar', () => {
    expect(normalizeSalary({ text: '$90,000 - $110,000 per year', countryCurrency: 'EUR' })).toMatchObject({
      currency: 'USD',
    });
  });

  it('"$" is the local dollar in Singapore, Hong Kong and Mexico', () => {
    expect(normalizeSalary({ text: '$5,000 per month', countryCurrency: 'SGD' })).toMatchObject({
      currency: 'SGD',
      currencyInferred: false,
    });
    expect(normalizeSalary({ text: '$5,000 per month', countryCurrency: 'HKD' })).toMatchObject({
      currency: 'HKD',
    });
    expect(normalizeSalary({ text: '$60,000 per year', countryCurrency: 'MXN' })).toMatchObject({
      currency: 'MXN',
    });
  });

  it('a structured salary with its own currency is not inferred; one borrowing the country’s is', () => {
    expect(
      normalizeSalary({ structured: { min: 90_000, max: 120_000, currency: 'EUR' }, countryCurrency: 'USD' }),
    ).toMatchObject({ currency: 'EUR', currencyInferred: false });
    expect(
      normalizeSalary({ structured: { min: 90_000, max: 120_000 }, countryCurrency: 'USD' }),
    ).toMatchObject({
      currency: 'USD',
      currencyInferred: true,
    });
  });
});

describe('structured bounds as feeds send them', () => {
  it('a negative bound is no bound', () => {
    expect(normalizeSalary({ structured: { min: -1, max: 150_000, currency: 'USD' } })).toMatchObject({
      min: null,
      max: 150_000,
      maxUsd: 150_000,
    });
  });

  it('numeric strings may be padded and carry decimals', () => {
    expect(
      normalizeSalary({ structured: { min: ' 95000', max: '120000.50 ', currency: 'USD' } }),
    ).toMatchObject({ min: 95_000, max: 120_000.5 });
  });

  it('exponent or other non-decimal strings are not figures', () => {
    expect(normalizeSalary({ structured: { min: '1e5', max: '2e5', currency: 'USD' } })).toMatchObject({
      min: null,
      max: null,
      text: null,
    });
  });
});

describe('description amounts', () => {
  it('an unmarked figure counts only right after a pay label', () => {
    const countryCurrency = 'USD';
    expect(
      normalizeSalary({
        descriptionText:
          'Compensation: competitive, plus equity. The platform serves 120,000-150,000 members.',
        countryCurrency,
      }),
    ).toMatchObject({ min: null, max: null });
    expect(
      normalizeSalary({ descriptionText: 'Compensation : 165,000 - 185,000', countryCurrency }),
    ).toMatchObject({ min: 165_000, max: 185_000, currencyInferred: true });
    expect(
      normalizeSalary({ descriptionText: 'Compensation:  165,000 - 185,000', countryCurrency }),
    ).toMatchObject({ min: 165_000, max: 185_000 });
    expect(
      normalizeSalary({ descriptionText: 'Compensation:165,000 - 185,000', countryCurrency }),
    ).toMatchObject({ min: 165_000, max: 185_000 });
  });

  it('a funding word nearby refuses an amount without a period, not one with a period', () => {
    expect(
      normalizeSalary({ descriptionText: 'We are backed by top investors and pay $60 per hour.' }),
    ).toMatchObject({ min: 60, period: 'hour', rejects: [] });
    expect(
      normalizeSalary({ descriptionText: 'We are backed by top investors and pay $60,000 - $80,000.' }),
    ).toMatchObject({ min: null, rejects: ['company funding or revenue'] });
  });

  it('a single amount counts with a period or pay words, not alone', () => {
    expect(normalizeSalary({ descriptionText: 'Perks include a $2,500 home-office stipend.' })).toMatchObject(
      {
        min: null,
        text: null,
      },
    );
    expect(normalizeSalary({ descriptionText: 'Starting at $45 per hour with overtime.' })).toMatchObject({
      min: 45,
      period: 'hour',
    });
  });
});

describe('how much text is read', () => {
  const filler = (n: number) => 'x'.repeat(n);

  it('the first 2,000 characters of pay text', () => {
    expect(normalizeSalary({ text: `${filler(1_900)} $90,000 - $110,000 per year` })).toMatchObject({
      minUsd: 90_000,
    });
    expect(normalizeSalary({ text: `${filler(2_000)} $90,000 - $110,000 per year` })).toMatchObject({
      minUsd: null,
    });
  });

  it('the first 100,000 characters of a description', () => {
    const pay = ' Salary: $90,000 - $110,000 per year.';
    expect(normalizeSalary({ descriptionText: `${filler(99_000)}.${pay}` })).toMatchObject({
      minUsd: 90_000,
    });
    expect(normalizeSalary({ descriptionText: `${filler(100_000)}.${pay}` })).toMatchObject({ minUsd: null });
  });
});

describe('periods written as a multiple of another', () => {
  it('reads a bi-weekly payment as two weeks of pay, not one (the yearly figure was doubled)', () => {
    expect(normalizeSalary({ text: '$3,000 - $3,500 bi-weekly' })).toMatchObject({
      min: 1_500,
      max: 1_750,
      period: 'week',
      minUsd: 78_000,
      maxUsd: 91_000,
    });
    expect(normalizeSalary({ text: '$3,000 biweekly' })).toMatchObject({ period: 'week', minUsd: 78_000 });
    expect(
      normalizeSalary({ structured: { min: 3_000, max: 3_500, currency: 'USD', period: 'Bi-Weekly' } }),
    ).toMatchObject({ period: 'week', minUsd: 78_000, maxUsd: 91_000 });
  });

  it('reads a semi-monthly payment as half a month of pay (the yearly figure was halved)', () => {
    expect(normalizeSalary({ text: '$4,000 semi-monthly' })).toMatchObject({
      min: 8_000,
      period: 'month',
      minUsd: 96_000,
    });
    expect(
      normalizeSalary({ structured: { min: 4_000, currency: 'USD', period: 'SEMI_MONTHLY' } }),
    ).toMatchObject({ period: 'month', minUsd: 96_000 });
  });

  it('keeps the first period named: an hourly rate paid bi-weekly is hourly', () => {
    expect(normalizeSalary({ text: '$40 per hour, paid bi-weekly' })).toMatchObject({
      min: 40,
      period: 'hour',
      minUsd: 83_200,
    });
    expect(
      normalizeSalary({ structured: { min: 40, currency: 'USD', period: 'hourly, paid biweekly' } }),
    ).toMatchObject({ period: 'hour', minUsd: 83_200 });
  });
});
