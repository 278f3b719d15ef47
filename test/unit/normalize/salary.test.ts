import { describe, expect, it } from 'vitest';
import { FX_RATES_AS_OF, knownCurrency, toUsd, USD_PER_UNIT } from '../../../src/domain/fx-rates.ts';
import { annualize, formatUsdRange, parsePeriod } from '../../../src/domain/salary.ts';
import { normalizeSalary, type SalaryInput } from '../../../src/ingest/normalize/salary.ts';
import { parseAmount, periodAfter } from '../../../src/ingest/normalize/salary-text.ts';

describe('fx-rates', () => {
  it('is dated and covers the currencies feeds use', () => {
    expect(FX_RATES_AS_OF).toBe('2026-11-01');
    for (const code of [
      'EUR',
      'GBP',
      'CAD',
      'AUD',
      'INR',
      'PHP',
      'JPY',
      'CHF',
      'SEK',
      'NOK',
      'DKK',
      'PLN',
      'BRL',
      'MXN',
      'SGD',
      'HKD',
      'NZD',
      'ZAR',
      'ILS',
      'CZK',
    ]) {
      expect(USD_PER_UNIT[code], code).toBeGreaterThan(0);
    }
    expect(Object.keys(USD_PER_UNIT).length).toBeGreaterThanOrEqual(30);
  });

  it('converts with the table and refuses unknown currencies', () => {
    expect(toUsd(100, 'USD')).toBe(100);
    expect(toUsd(100, 'eur')).toBeCloseTo(100 * (USD_PER_UNIT.EUR as number));
    expect(toUsd(100, 'XYZ')).toBeNull();
    expect(toUsd(Number.NaN, 'USD')).toBeNull();
    expect(knownCurrency(' gbp ')).toBe('GBP');
    expect(knownCurrency('toString')).toBeNull();
  });
});

describe('annualize', () => {
  it.each([
    [45, 'hour', 93_600],
    [400, 'day', 104_000],
    [2_000, 'week', 104_000],
    [5_000, 'month', 60_000],
    [120_000, 'year', 120_000],
  ] as const)('%d per %s = %d a year', (amount, period, expected) => {
    expect(annualize(amount, period)).toBe(expected);
  });
});

describe('formatUsdRange', () => {
  it.each([
    [120_000, 150_000, '$120,000 – $150,000'],
    [120_000, null, '$120,000'],
    [null, 150_000, '$150,000'],
    [120_000, 120_000, '$120,000'],
    [93_600.4, 93_600.2, '$93,600'],
    [null, null, null],
    [Number.NaN, undefined, null],
  ])('(%s, %s) → %j', (min, max, expected) => {
    expect(formatUsdRange(min, max)).toBe(expected);
  });
});

describe('parsePeriod', () => {
  it.each([
    ['per-hour-wage', 'hour'],
    ['per-day-wage', 'day'],
    ['per-week-salary', 'week'],
    ['per-month-salary', 'month'],
    ['per-year-salary', 'year'],
    ['1 YEAR', 'year'],
    ['1 HOUR', 'hour'],
    ['1 MONTH', 'month'],
    ['hr', 'hour'],
    ['hourly', 'hour'],
    ['/yr', 'year'],
    ['annually', 'year'],
    ['p.a.', 'year'],
    ['month', 'month'],
    ['pro Stunde', 'hour'],
    ['NONE', null],
    ['', null],
    ['5 years of experience', null], // plurals are not periods
  ])('%j → %s', (text, expected) => {
    expect(parsePeriod(text)).toBe(expected);
  });
});

describe('parseAmount and periodAfter', () => {
  it.each([
    ['120,000', 120_000],
    ['70.000', 70_000],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['45.50', 45.5],
    ['1.5', 1.5],
    ['150 000', 150_000],
    ['1.000.000', 1_000_000],
  ])('parseAmount(%j) = %d', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it.each([
    ['/hr', 'hour'],
    ['/h', 'hour'],
    [' per hour', 'hour'],
    [' an hour', 'hour'],
    [' annually', 'year'],
    [' /yr', 'year'],
    [' (Glassdoor est.)', null],
    ['\nWe work 40 hours', null],
  ])('periodAfter(%j) = %s', (text, expected) => {
    expect(periodAfter(text)).toBe(expected);
  });
});

describe('normalizeSalary', () => {
  const cases: Array<[string, SalaryInput, Partial<ReturnType<typeof normalizeSalary>>]> = [
    [
      'Glassdoor estimate',
      { text: '$53K-$91K (Glassdoor est.)' },
      {
        min: 53_000,
        max: 91_000,
        currency: 'USD',
        period: 'year',
        minUsd: 53_000,
        maxUsd: 91_000,
        text: '$53,000 – $91,000',
      },
    ],
    [
      'Employer provided prefix',
      { text: 'Employer Provided Salary:$150K-$160K' },
      { min: 150_000, max: 160_000, currency: 'USD' },
    ],
    ['Employer est. glued', { text: '$110K-$150K(Employer est.)' }, { min: 110_000, max: 150_000 }],
    [
      'hourly range',
      { text: '$25-$35 Per Hour' },
      { min: 25, max: 35, period: 'hour', minUsd: 52_000, maxUsd: 72_800 },
    ],
    [
      'pounds with en dash',
      { text: '£32K – £35K' },
      { min: 32_000, max: 35_000, currency: 'GBP', period: 'year', minUsd: 40_960, maxUsd: 44_800 },
    ],
    [
      'European thousands separator',
      { text: '€70.000 - €90.000' },
      { min: 70_000, max: 90_000, currency: 'EUR', minUsd: 75_600, maxUsd: 97_200 },
    ],
    [
      'full figures per year',
      { text: '$120,000 - $150,000 per year' },
      { min: 120_000, max: 150_000, period: 'year', text: '$120,000 – $150,000' },
    ],
    ['code prefix and k on both', { text: 'USD 100k–120k' }, { min: 100_000, max: 120_000, currency: 'USD' }],
    [
      '$45/hr',
      { text: '$45/hr' },
      { min: 45, max: 45, period: 'hour', minUsd: 93_600, maxUsd: 93_600, text: '$93,600' },
    ],
    [
      'unmarked 150-180k with a US posting',
      { text: '150-180k', countryCurrency: 'USD' },
      { min: 150_000, max: 180_000, currency: 'USD', minUsd: 150_000 },
    ],
    [
      'unmarked 150-180k without a country keeps posted figures only',
      { text: '150-180k' },
      { min: 150_000, max: 180_000, currency: null, minUsd: null, text: null },
    ],
    [
      '"$" in a Canadian posting is CAD',
      { text: '$90,000 - $110,000', countryCurrency: 'CAD' },
      { currency: 'CAD', minUsd: 64_800 },
    ],
    [
      '"$" in a German posting is still USD',
      { text: '$90,000', countryCurrency: 'EUR' },
      { currency: 'USD' },
    ],
    ['up to', { text: 'up to $150k' }, { min: null, max: 150_000, text: '$150,000' }],
    ['reversed range is swapped', { text: '$150k - $120k' }, { min: 120_000, max: 150_000 }],
    [
      'structured Lever range',
      { structured: { min: 70_000, max: 90_000, currency: 'EUR', period: 'per-year-salary' } },
      { min: 70_000, max: 90_000, currency: 'EUR', period: 'year', minUsd: 75_600 },
    ],
    [
      'structured monthly (Recruitee strings)',
      { structured: { min: '4500', max: '5500', currency: 'EUR', period: 'month' } },
      { min: 4_500, max: 5_500, period: 'month', minUsd: 58_320, maxUsd: 71_280 },
    ],
    [
      'structured hourly (Ashby 1 HOUR)',
      { structured: { min: 30, max: 40, currency: 'USD', period: '1 HOUR' } },
      { period: 'hour', minUsd: 62_400, maxUsd: 83_200 },
    ],
    [
      'structured reversed',
      { structured: { min: 200_000, max: 150_000, currency: 'USD', period: '1 YEAR' } },
      { min: 150_000, max: 200_000 },
    ],
    [
      'structured wins over text',
      { structured: { min: 100_000, max: 110_000, currency: 'USD', period: 'year' }, text: '$1-$2' },
      { min: 100_000 },
    ],
    [
      'structured without currency borrows the text symbol',
      { structured: { min: 30_000, max: 40_000 }, text: '£30k-£40k' },
      { currency: 'GBP' },
    ],
    [
      'absurd structured falls back to text',
      { structured: { min: 1, max: 2, currency: 'USD', period: '1 YEAR' }, text: '$80k-$90k' },
      { min: 80_000, max: 90_000 },
    ],
    [
      'description pay line',
      {
        descriptionText:
          'We raised $200M from investors.\nThe base salary range for this role is $150,000 - $185,000.',
      },
      { min: 150_000, max: 185_000, minUsd: 150_000 },
    ],
    [
      'INR lakh grouping converts',
      { text: '₹20,00,000 - ₹30,00,000' },
      { min: 2_000_000, max: 3_000_000, currency: 'INR', minUsd: 23_600 },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(normalizeSalary(input)).toMatchObject(expected);
  });

  const none = { min: null, max: null, currency: null, period: null, minUsd: null, maxUsd: null, text: null };
  it.each([
    ['nothing', {}],
    ['absurdly low annual', { text: '$5 - $10 per year' }],
    ['absurdly high', { text: '$10M-$20M' }],
    ['funding in a description is not pay', { descriptionText: 'We raised $200M and offer a 401(k) match.' }],
    [
      'bare numbers in a description are not pay',
      { descriptionText: 'Team of 150-180 engineers in 12 offices.' },
    ],
    ['unknown currency structured with absurd values', { structured: { min: 0, max: -5, currency: 'USD' } }],
    [
      'garbage shapes',
      { structured: 'x' as unknown as SalaryInput['structured'], text: 42 as unknown as string },
    ],
  ] as const)('%s → no salary', (_name, input) => {
    expect(normalizeSalary(input as SalaryInput)).toMatchObject(none);
  });

  it('rounds annual USD to whole dollars', () => {
    const r = normalizeSalary({ structured: { min: 21.37, max: 21.37, currency: 'USD', period: 'hour' } });
    expect(r.minUsd).toBe(44_450);
    expect(Number.isInteger(r.minUsd)).toBe(true);
  });
});

describe('normalizeSalary: open floors, "+ extras", "Comp:", and a job site estimate (issue 11)', () => {
  it('reads "£150k+" as a floor open above, and "$240k + Profit Sharing" as that figure', () => {
    const floor = normalizeSalary({ text: '£150k+ cash/equity' });
    expect([floor.min, floor.max, floor.currency]).toEqual([150_000, null, 'GBP']);
    const plus = normalizeSalary({ text: '$240k + Profit Sharing' });
    expect([plus.min, plus.max]).toEqual([240_000, 240_000]);
  });

  it('takes a description amount after "Comp:"', () => {
    const r = normalizeSalary({
      descriptionText:
        'Experience with AI evaluation systems is a plus. Comp: $150k + 0.75% equity. Apply now.',
      title: 'Founding Engineer',
    });
    expect([r.min, r.max, r.currency]).toEqual([150_000, 150_000, 'USD']);
  });

  it("prefers the employer's figure in the description to a job site's estimate, not to an employer's", () => {
    const descriptionText = 'Posted On: Friday, March 13, 2020\nCompensation: 165,000-185,000 USD\nApply now';
    const site = normalizeSalary({ text: '$66K-$123K (Glassdoor est.)', descriptionText });
    expect([site.min, site.max]).toEqual([165_000, 185_000]);
    const employer = normalizeSalary({ text: '$66K-$123K (Employer est.)', descriptionText });
    expect([employer.min, employer.max]).toEqual([66_000, 123_000]);
  });
});

describe('normalizeSalary: a labelled description amount without a currency (issue 11)', () => {
  it("takes the job's country currency right after a pay label, as inferred, and nowhere else", () => {
    const labelled = normalizeSalary({
      text: '$66K-$123K (Glassdoor est.)',
      descriptionText: 'Posted On: Friday, March 13, 2020 Compensation: 165,000-185,000 Apply now',
      countryCurrency: 'USD',
    });
    expect([labelled.min, labelled.max, labelled.currency]).toEqual([165_000, 185_000, 'USD']);
    const unlabelled = normalizeSalary({
      descriptionText: 'We have 165,000-185,000 users in 30 countries.',
      countryCurrency: 'USD',
    });
    expect(unlabelled.min).toBeNull();
  });
});
