/**
 * findSalaryFigures, parseAmount and periodAfter on the forms pay text takes (issue 11
 * item 9: pinned where mutation testing found the rules unchecked).
 */
import { describe, expect, it } from 'vitest';
import { findSalaryFigures, parseAmount, periodAfter } from '../../../src/ingest/normalize/salary-text.ts';

const one = (text: string) => {
  const found = findSalaryFigures(text);
  expect(found, text).toHaveLength(1);
  return found[0]!;
};

describe('currency marks', () => {
  it.each([
    ['US$120,000', 'USD'],
    ['CA$90,000', 'CAD'],
    ['C$90,000', 'CAD'],
    ['AU$100,000', 'AUD'],
    ['A$100,000', 'AUD'],
    ['NZ$80,000', 'NZD'],
    ['S$6,000', 'SGD'],
    ['HK$30,000', 'HKD'],
    ['R$8.000', 'BRL'],
    ['MX$40,000', 'MXN'],
    ['€70.000', 'EUR'],
    ['£32K', 'GBP'],
    ['₹20,00,000', 'INR'],
    ['¥8,000,000', 'JPY'],
    ['₱50,000', 'PHP'],
    ['₪30,000', 'ILS'],
    ['8000 zł', 'PLN'],
    ['CHF 120,000', 'CHF'],
    ['Rs. 50,000', 'INR'],
    ['Rs 50,000', 'INR'],
    ['usd 90,000', 'USD'],
    ['gbp 50,000', 'GBP'],
    ['USD100k', 'USD'],
    ['90 - 120 USD', 'USD'],
    ['$90,000', '$'],
  ])('%j is %s', (text, currency) => {
    expect(one(text).currency).toBe(currency);
  });

  it('a code glued to letters on its outer side is no currency ("MUSD")', () => {
    expect(one('MUSD 100')).toMatchObject({ currency: null, min: 100, index: 5 });
  });
});

describe('amounts and ranges', () => {
  it.each([
    ['€70.000 - €90.000', 70_000, 90_000],
    ['£32K – £35K', 32_000, 35_000],
    ['EUR 60k to 70k', 60_000, 70_000],
    ['60 bis 70k EUR', 60_000, 70_000],
    ['$100k and $120k', 100_000, 120_000],
    ['$100k~$120k', 100_000, 120_000],
    ['$100k—$120k', 100_000, 120_000],
    ['45 à 55 k', 45_000, 55_000],
    ['45 à 55 k€', 45_000, 55_000],
    ['150-180k', 150_000, 180_000],
    ['$90,000 - 120,000', 90_000, 120_000],
  ])('%j is a range %d–%d', (text, min, max) => {
    expect(one(text)).toMatchObject({ min, max, isRange: true, index: 0, end: text.length });
  });

  it('"$400+k": a floor in thousands, the k written after the plus (a real HN header)', () => {
    expect(one('Compensation: $400+k total')).toMatchObject({ min: 400_000, max: null });
    // The plus alone keeps the figure as written.
    expect(one('$150k+ base')).toMatchObject({ min: 150_000, max: null });
    expect(one('$45+ per hour')).toMatchObject({ min: 45, max: null });
  });

  it('a code after the figures says which dollar sign it was ("$142,700 - $214,100 CAD", a real HN post)', () => {
    expect(one('$142,700 - $214,100 CAD')).toMatchObject({ min: 142_700, max: 214_100, currency: 'CAD' });
    expect(one('$15,000 MXN')).toMatchObject({ min: 15_000, currency: 'MXN' });
    // Only the dollar sign is open to a code after it: other symbols name their currency.
    expect(one('€60,000 CAD')).toMatchObject({ min: 60_000, currency: 'EUR' });
    expect(one('£40,000 USD a year')).toMatchObject({ min: 40_000, currency: 'GBP' });
    // A plain dollar figure stays "$" (resolved by the posting's country).
    expect(one('$120,000 - $150,000')).toMatchObject({ currency: '$' });
  });

  it('a currency written right after the k suffix is the currency ("k€", French postings)', () => {
    expect(one('45 à 55 k€')).toMatchObject({ min: 45_000, max: 55_000, currency: 'EUR' });
    expect(one('60k€ - 70k€ brut annuel')).toMatchObject({ min: 60_000, max: 70_000, currency: 'EUR' });
    // A code glued to other letters is still no currency.
    expect(one('100 mUSD')).toMatchObject({ min: 100, currency: null });
  });

  it('a thousands mark glued to a currency code is both ("55 kEUR", German "TEUR")', () => {
    expect(one('55 kEUR')).toMatchObject({ min: 55_000, max: 55_000, currency: 'EUR' });
    expect(one('50-60 kEUR')).toMatchObject({ min: 50_000, max: 60_000, currency: 'EUR' });
    expect(one('60 - 70 TEUR brutto')).toMatchObject({ min: 60_000, max: 70_000, currency: 'EUR' });
    expect(one('45 kCHF p.a.')).toMatchObject({ min: 45_000, currency: 'CHF', period: 'year' });
    // Not a code after the letter: the letter is no mark.
    expect(one('12 Kunden')).toMatchObject({ min: 12, currency: null });
    expect(one('5 teure')).toMatchObject({ min: 5, currency: null });
  });

  it('a single figure is both ends, scaled by its suffix', () => {
    expect(one('$1.5M')).toMatchObject({ min: 1_500_000, max: 1_500_000, isRange: false });
    expect(one('₹20,00,000')).toMatchObject({ min: 2_000_000, max: 2_000_000 });
  });

  it('a suffix written once applies to a small first end only', () => {
    expect(one('150-180k')).toMatchObject({ min: 150_000, max: 180_000 });
    // A first end of 1,000 or more is already a full figure.
    expect(one('90,000-120k')).toMatchObject({ min: 90_000, max: 120_000 });
    expect(one('$1,000 - 2K per month')).toMatchObject({ min: 1_000, max: 2_000, period: 'month' });
  });

  it.each([
    ['up to $90,000', null, 90_000],
    ['upto $90,000', null, 90_000],
    ['max. 5000 EUR', null, 5_000],
    ['maximum $90,000', null, 90_000],
    ['bis zu 60.000 €', null, 60_000],
    ['from $90,000', 90_000, null],
    ['starting at $25', 25, null],
    ['min. 5000 EUR', 5_000, null],
    ['minimum $90,000', 90_000, null],
    ['ab 50.000 €', 50_000, null],
    ['£150k+', 150_000, null],
    ['$240k + Profit Sharing', 240_000, 240_000],
  ])('%j is open on one side: %s–%s', (text, min, max) => {
    expect(one(text)).toMatchObject({ min, max, isRange: false });
  });

  it('a qualifier before a range leaves both ends: the range says what they are', () => {
    expect(one('from $80,000 to $100,000')).toMatchObject({ min: 80_000, max: 100_000, isRange: true });
    expect(one('up to £45,000 - £50,000')).toMatchObject({ min: 45_000, max: 50_000, isRange: true });
    // "+" after a range's top end is something besides it ("+ bonus"), not an open top.
    expect(one('£40k - £50k+ bonus')).toMatchObject({ min: 40_000, max: 50_000 });
  });

  // The scan starts near each digit (figureScanStart): a figure's qualifier and currency
  // are still read however much text or whitespace comes before them.
  it.each([' ', '    ', '\n\n', ' '.repeat(17), ' '.repeat(40), '\t \n '.repeat(9)])(
    'reads the qualifier and currency before a figure across whitespace %j',
    (space) => {
      const filler = 'We build payment rails for small businesses. '.repeat(3);
      expect(one(`${filler}starting at${space}US$ 5,000 a month`)).toMatchObject({
        min: 5_000,
        max: null,
        currency: 'USD',
        period: 'month',
      });
      expect(one(`${filler}Up to${space}CHF120k`)).toMatchObject({
        min: null,
        max: 120_000,
        currency: 'CHF',
      });
      expect(one(`${filler}maximum${space}$90`)).toMatchObject({ min: null, max: 90, currency: '$' });
      expect(one(`Pay: bis zu${space}€ 60.000 brutto`)).toMatchObject({
        min: null,
        max: 60_000,
        currency: 'EUR',
      });
    },
  );

  it('reports every figure in order, with where it is', () => {
    const text = 'Base: $120k - $150k per year, plus a $5,000 signing bonus.';
    expect(findSalaryFigures(text).map((f) => [f.min, f.max, f.period, f.index, f.end])).toEqual([
      [120_000, 150_000, 'year', 6, 19],
      [5_000, 5_000, null, 37, 43],
    ]);
  });
});

describe('parseAmount', () => {
  it.each([
    ['1 234', 1_234],
    ["1'234", 1_234],
    ['1\u00a0234', 1_234],
    ['12,5', 12.5],
    ['1,5', 1.5],
    ['1.234', 1_234],
    ['1,234,567', 1_234_567],
    ['12.345,67', 12_345.67],
    ['1.234.567,89', 1_234_567.89],
    ['1.234.567', 1_234_567],
    ['20,00,000', 2_000_000],
    // Only the last separator can be a decimal point: two digits after it make it one.
    ['1.234.56', 1_234.56],
    ['45000', 45_000],
    ['45', 45],
    ['abc', null],
  ])('%j = %s', (raw, expected) => {
    expect(parseAmount(raw)).toBe(expected);
  });
});

describe('periodAfter', () => {
  it.each([
    // Spanish and Portuguese.
    [' por mês', 'month'],
    [' al mes', 'month'],
    [' mensal', 'month'],
    [' por hora', 'hour'],
    [' por año', 'year'],
    [' por ano', 'year'],
    ['/y', 'year'],
    ['/a', 'year'],
    ['/m', 'month'],
    ['/mo', 'month'],
    ['/mo.', 'month'],
    ['/month', 'month'],
    ['/h', 'hour'],
    ['/hr', 'hour'],
    [' per-hour', 'hour'],
    [' per-annum', 'year'],
    [' (DOE)/hr', 'hour'],
    // Per piece of work, not per period: a writer's article, a driver's mile, a tutor's term.
    ['/article', null],
    ['/mile', null],
    ['/term', null],
    // Spanish "y" is "and", not a year; an annual bonus is not the figure's period.
    [' y prestaciones', null],
    [' + annual bonus', null],
    ['/h.', 'hour'],
    ['/day', 'day'],
    ['/week', 'week'],
    ['/ hour', 'hour'],
    [' / year', 'year'],
    [' per month', 'month'],
    [' a year', 'year'],
    [' each week', 'week'],
    [' p.a.', 'year'],
    [' (est.) per year', 'year'],
    [' per year; benefits', 'year'],
    [' monthly', 'month'],
    [' daily', 'day'],
    [' every two weeks', null],
    // French and German, with the gross/net word that often comes first.
    [' par an', 'year'],
    [' brut par an', 'year'],
    [' par année', 'year'],
    [' par mois', 'month'],
    [' par heure', 'hour'],
    [' brut annuel', 'year'],
    [' brutto pro Jahr', 'year'],
    [' pro Stunde', 'hour'],
    [' gross per year', 'year'],
    [' par annonce', null],
    [' an', null],
    ['; per year', null],
    ['. Per year', null],
  ])('%j → %s', (text, expected) => {
    expect(periodAfter(text)).toBe(expected);
  });
});
