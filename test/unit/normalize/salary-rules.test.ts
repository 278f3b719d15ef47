import { describe, expect, it } from 'vitest';
import { normalizeSalary } from '../../../src/ingest/normalize/salary.ts';
import { descriptionAmountReject } from '../../../src/ingest/normalize/salary-context.ts';

describe('a 0 bound is an open bound (issue 11)', () => {
  it('a structured minimum of 0 keeps the maximum', () => {
    expect(normalizeSalary({ structured: { min: 0, max: 150_000, currency: 'USD' } })).toMatchObject({
      min: null,
      max: 150_000,
      maxUsd: 150_000,
      text: '$150,000',
    });
  });

  it('a structured maximum of 0 keeps the minimum', () => {
    expect(normalizeSalary({ structured: { min: 90_000, max: 0, currency: 'USD' } })).toMatchObject({
      min: 90_000,
      max: null,
      minUsd: 90_000,
    });
  });

  it('"$0 - $120,000" in pay text is up to $120,000', () => {
    expect(normalizeSalary({ text: '$0 - $120,000 per year' })).toMatchObject({
      min: null,
      max: 120_000,
      maxUsd: 120_000,
      rejects: [],
    });
  });

  it('0 and 0 is no salary, and not a reject', () => {
    expect(normalizeSalary({ structured: { min: 0, max: 0, currency: 'USD' } })).toMatchObject({
      text: null,
      rejects: [],
    });
  });
});

describe('currency: the text symbol, then the country, then the source default, recorded as inferred', () => {
  it('a stated code is not inferred', () => {
    expect(normalizeSalary({ text: '€70.000 - €90.000', countryCurrency: 'GBP' })).toMatchObject({
      currency: 'EUR',
      currencyInferred: false,
    });
  });

  it('"$" is stated; its dollar comes from the country', () => {
    expect(normalizeSalary({ text: '$90,000', countryCurrency: 'CAD' })).toMatchObject({
      currency: 'CAD',
      currencyInferred: false,
    });
  });

  it('unmarked figures take the country currency, inferred', () => {
    expect(
      normalizeSalary({ text: '60.000 - 70.000 per year', countryCurrency: 'EUR', defaultCurrency: 'USD' }),
    ).toMatchObject({ currency: 'EUR', currencyInferred: true });
  });

  it('without a country, the source default, inferred', () => {
    expect(
      normalizeSalary({ structured: { min: 80_000, max: 95_000, period: 'year' }, defaultCurrency: 'USD' }),
    ).toMatchObject({ currency: 'USD', currencyInferred: true, minUsd: 80_000, maxUsd: 95_000 });
  });

  it('structured figures without a currency take the pay text symbol first', () => {
    expect(
      normalizeSalary({
        structured: { min: 30_000, max: 35_000 },
        text: '£30K – £35K',
        countryCurrency: 'USD',
        defaultCurrency: 'USD',
      }),
    ).toMatchObject({ currency: 'GBP', currencyInferred: false });
  });

  it('nothing to infer from: posted figures only, no USD', () => {
    expect(normalizeSalary({ structured: { min: 80_000, max: 95_000 } })).toMatchObject({
      currency: null,
      currencyInferred: false,
      minUsd: null,
    });
  });
});

describe('plausibility by period', () => {
  it.each([
    ['$3,000 an hour', { text: '$3,000 per hour' }],
    ['$0.50 an hour', { text: '$0.50 per hour' }],
    ['$300,000 a month', { text: '$300,000 per month' }],
    ['$10 a day', { text: '$10 per day' }],
    ['$50,000 a week', { text: '$50,000 per week' }],
  ])('%s is refused with its reason', (_name, input) => {
    expect(normalizeSalary(input)).toMatchObject({ text: null, rejects: ['implausible for its period'] });
  });

  it.each([
    ['$60 an hour', { text: '$60 per hour' }, 124_800],
    ['$8,000 a month', { text: '$8,000 per month' }, 96_000],
    ['$500 a day', { text: '$500 per day' }, 130_000],
  ] as const)('%s is kept', (_name, input, annual) => {
    expect(normalizeSalary(input)).toMatchObject({ minUsd: annual, rejects: [] });
  });

  it('a range with one implausible end is refused whole', () => {
    expect(normalizeSalary({ text: '$20 - $150,000 per hour' })).toMatchObject({ text: null });
  });
});

describe('amounts in a description count only when about this job', () => {
  const founding =
    'About us\nOur founding engineers earn $250,000 – $350,000 per year plus equity.\nThe internship pays well.';

  it("an intern does not get the founding engineers' pay", () => {
    expect(
      normalizeSalary({ descriptionText: founding, title: 'Software Engineering Intern' }),
    ).toMatchObject({ text: null, rejects: ['about another role'] });
  });

  it('the same sentence in a founding engineer posting is its pay', () => {
    expect(normalizeSalary({ descriptionText: founding, title: 'Founding Engineer' })).toMatchObject({
      minUsd: 250_000,
      maxUsd: 350_000,
    });
  });

  it('funding is not pay', () => {
    const text = 'We raised $40M - $50M in our Series B from top investors.';
    expect(normalizeSalary({ descriptionText: text, title: 'Designer' })).toMatchObject({
      text: null,
      rejects: ['company funding or revenue'],
    });
  });

  it('a sentence about "this role" is this job even when it names a role', () => {
    const text = 'The salary range for this role (Senior Engineer) is $150,000 - $180,000.';
    expect(normalizeSalary({ descriptionText: text, title: 'Data Analyst' })).toMatchObject({
      minUsd: 150_000,
    });
  });

  it('a pay sentence naming no role is this job', () => {
    const text = 'Compensation: $120,000 - $140,000 per year, plus benefits.';
    expect(normalizeSalary({ descriptionText: text, title: 'Data Analyst' })).toMatchObject({
      minUsd: 120_000,
    });
  });

  it('the pay text field is never checked for roles (it is the posting’s own)', () => {
    expect(normalizeSalary({ text: 'Senior engineers: $150k-$180k', title: 'Intern' })).toMatchObject({
      minUsd: 150_000,
    });
  });

  it('descriptionAmountReject reads the sentence around the amount only', () => {
    const text = 'Managers earn a lot. Pay: $100k-$120k.';
    const at = text.indexOf('$');
    expect(descriptionAmountReject(text, at, at + 11, 'Analyst')).toBeNull();
  });
});
