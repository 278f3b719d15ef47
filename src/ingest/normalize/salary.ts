/**
 * Salary as posted plus its annual-USD equivalent.
 *
 * Order of trust: the structured fields (Lever salaryRange, Ashby summaryComponents,
 * Recruitee salary; Greenhouse cents are divided by the adapter), then the feed's pay
 * text, then the description. Figures that annualize to less than $1,000 or more than
 * $5,000,000 are treated as no salary: they are parse errors or units mistakes, and a
 * wrong figure is worse for a salary filter than none.
 */
import type { SalaryPeriod } from '../../domain/enums.ts';
import { knownCurrency, toUsd } from '../../domain/fx-rates.ts';
import { annualize, formatUsdRange, parsePeriodScale } from '../../domain/salary.ts';
import { descriptionAmountReject, isBenefitOrTarget } from './salary-context.ts';
import { findSalaryFigures, type SalaryFigures } from './salary-text.ts';

export interface SalaryInput {
  structured?: {
    min?: number | string | null;
    max?: number | string | null;
    currency?: string | null;
    period?: string | null;
  } | null;
  text?: string | null;
  descriptionText?: string | null;
  /**
   * Currency of the posting's country, for "$" and unmarked figures: the second guess,
   * after a symbol or code in the pay text.
   */
  countryCurrency?: string | null;
  /** The source's (mapping's) default currency: the last guess, when no country is known. */
  defaultCurrency?: string | null;
  /** The posting's title: an amount in the description about another role is refused. */
  title?: string | null;
}

/** Why a salary candidate was refused; counted per reason in the run summary. */
export type SalaryReject =
  | 'implausible for its period'
  | 'no currency'
  | 'about another role'
  | 'company funding or revenue'
  | 'a benefit or target, not pay';

export interface NormalizedSalary {
  min: number | null;
  max: number | null;
  currency: string | null;
  /**
   * True when the posting stated no currency and it was inferred (from the country or
   * the source's default). "$" counts as stated; its dollar comes from the country.
   */
  currencyInferred: boolean;
  period: SalaryPeriod | null;
  minUsd: number | null;
  maxUsd: number | null;
  /** "$120,000 – $150,000" (annual USD) or null. */
  text: string | null;
  /** Candidates refused on the way, one reason each (the accepted one is not here). */
  rejects: SalaryReject[];
}

export const MIN_ANNUAL_USD = 1_000;
export const MAX_ANNUAL_USD = 5_000_000;

/**
 * Plausible pay per period in USD, checked before annualizing: "$25" a year is an
 * hourly figure misread, "$400,000" a month is a yearly one or a funding figure.
 * Bounds are wide on purpose (low-wage countries, executives); they catch unit errors.
 */
export const PLAUSIBLE_USD_PER_PERIOD: Readonly<Record<SalaryPeriod, readonly [number, number]>> = {
  hour: [2, 1_000],
  day: [15, 8_000],
  week: [60, 40_000],
  month: [150, 200_000],
  year: [MIN_ANNUAL_USD, MAX_ANNUAL_USD],
};

const NONE: NormalizedSalary = {
  min: null,
  max: null,
  currency: null,
  currencyInferred: false,
  period: null,
  minUsd: null,
  maxUsd: null,
  text: null,
  rejects: [],
};

const DOLLAR_CURRENCIES = new Set(['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN']);

/** A positive amount; 0 and anything else is no bound (a posted minimum of 0 is open). */
function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? v : null;
  if (typeof v === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(v)) {
    const n = Number(v);
    return n > 0 ? n : null;
  }
  return null;
}

interface Currency {
  code: string | null;
  inferred: boolean;
}

type Outcome = { ok: true; salary: NormalizedSalary } | { ok: false; reject: SalaryReject | null };

const isPlausible = (usdPerPeriod: number, period: SalaryPeriod) => {
  const [lo, hi] = PLAUSIBLE_USD_PER_PERIOD[period];
  return usdPerPeriod >= lo && usdPerPeriod <= hi;
};

/** Orders, converts and checks one set of figures. A 0 bound is open (no bound). */
function finish(min: number | null, max: number | null, currency: Currency, period: SalaryPeriod): Outcome {
  let lo = min === 0 ? null : min;
  let hi = max === 0 ? null : max;
  if (lo === null && hi === null) return { ok: false, reject: null };
  if (lo !== null && hi !== null && lo > hi) [lo, hi] = [hi, lo];
  if (currency.code === null) {
    // Without a currency there is no USD figure; still refuse absurd magnitudes.
    const annual = annualize(hi ?? lo ?? 0, period);
    if (annual < MIN_ANNUAL_USD || annual > 50 * MAX_ANNUAL_USD)
      return { ok: false, reject: 'implausible for its period' };
    return { ok: true, salary: { ...NONE, min: lo, max: hi, period, rejects: [] } };
  }
  const code = currency.code;
  const perPeriod = (v: number | null) => (v === null ? null : toUsd(v, code));
  const usdLo = perPeriod(lo);
  const usdHi = perPeriod(hi);
  if ([usdLo, usdHi].some((v) => v !== null && !isPlausible(v, period)))
    return { ok: false, reject: 'implausible for its period' };
  // The per-period bounds keep every annual figure within MIN_ANNUAL_USD..MAX_ANNUAL_USD
  // (the smallest is $150 a month, $1,800 a year): no second check after annualizing.
  const annual = (v: number | null) => (v === null ? null : Math.round(annualize(v, period)));
  const minUsd = annual(usdLo);
  const maxUsd = annual(usdHi);
  return {
    ok: true,
    salary: {
      min: lo,
      max: hi,
      currency: code,
      currencyInferred: currency.inferred,
      period,
      minUsd,
      maxUsd,
      text: formatUsdRange(minUsd, maxUsd),
      rejects: [],
    },
  };
}

function fromStructured(s: NonNullable<SalaryInput['structured']>, fallback: Currency): Outcome {
  const min = num(s.min);
  const max = num(s.max);
  const stated = knownCurrency(s.currency);
  const currency = stated ? { code: stated, inferred: false } : fallback;
  // A payment covering two weeks is half of it a week ("bi-weekly"); the figures are kept per period.
  const scale = parsePeriodScale(s.period);
  const per = scale?.per ?? 1;
  return finish(
    min === null ? null : min / per,
    max === null ? null : max / per,
    currency,
    scale?.period ?? 'year',
  );
}

/**
 * The currency of figures: the text's symbol or code, then the job's country, then the
 * source's default. "$" takes the country's dollar when it has one.
 */
function resolveCurrency(
  token: string | null,
  countryCurrency: string | null,
  sourceDefault: string | null,
): Currency {
  if (token === '$') {
    const local = countryCurrency ?? sourceDefault;
    return { code: local && DOLLAR_CURRENCIES.has(local) ? local : 'USD', inferred: false };
  }
  if (token !== null) return { code: token, inferred: false };
  const code = countryCurrency ?? sourceDefault;
  return { code, inferred: code !== null };
}

/**
 * Without a period, a top figure worth $1,500 to $10,000 in one of these currencies is a
 * month's pay: where they are paid no job pays that little a year full time, and monthly
 * scales are written so (a California state pay scale's "$4,784.00 - $5,988.00", Polish
 * "15 000 - 18 000 PLN"). Below $1,500 it may be a day rate or a week's pay ("£450 -
 * £500" in a UK contract): left yearly, so it is refused as implausible. Elsewhere a
 * year's pay may be that small ("₹4,00,000 - ₹5,00,000" is $4,800 - $6,000 a year).
 */
export const MONTHLY_USD = [1_500, 10_000] as const;
const MONTHLY_WHEN_SMALL = new Set(
  'USD CAD AUD NZD GBP EUR CHF SEK NOK DKK ISK SGD HKD JPY KRW ILS PLN CZK'.split(' '),
);

/**
 * Figures without a stated period: an hourly-looking amount (< 500) is hourly, since
 * "$25-$35" is never a yearly salary; a month's pay by MONTHLY_USD is monthly; otherwise yearly.
 */
function inferPeriod(f: SalaryFigures, currency: string | null): SalaryPeriod {
  if (f.period) return f.period;
  const top = f.max ?? f.min ?? 0;
  if (top < 500) return 'hour';
  const usd = currency === null || !MONTHLY_WHEN_SMALL.has(currency) ? null : toUsd(top, currency);
  return usd !== null && usd >= MONTHLY_USD[0] && usd < MONTHLY_USD[1] ? 'month' : 'year';
}

const LABELLED = /\b(?:salary|compensation|comp|pay|base pay|wage)(?: range)?\s*[:\-–]\s*$/i;

const THIRD_PARTY_ESTIMATE = /\b(?:glassdoor|indeed|ziprecruiter|linkedin) est/i;

const PAY_WORDS =
  /\b(?:salary|salaries|pay|compensation|comp|base|range|wage|wages|ote|earn|gehalt|remuneration|rate|per year|annually|hourly)\b/i;

interface TextOptions {
  countryCurrency: string | null;
  sourceDefault: string | null;
  /** Description mode: only amounts that are plainly this job's pay count. */
  strict: boolean;
  title: string | null;
}

function fromText(text: string, o: TextOptions, rejects: SalaryReject[]): NormalizedSalary | null {
  // In a description the first amount after a pay label wins ("Starting Total
  // Compensation: $72,000" after a list of perks' amounts), else the first that passes.
  let first: { salary: NormalizedSalary; rejects: number } | null = null;
  for (const figures of findSalaryFigures(text)) {
    if (o.strict) {
      // A description mentions many amounts ("raised $200M", "401(k)"); only a marked
      // currency with a range, an explicit period or pay words just before it counts.
      const before = text.slice(Math.max(0, figures.index - 80), figures.index);
      // No currency: only right after a pay label ("Compensation: 165,000-185,000"), and in
      // the job's country's currency (recorded as inferred).
      if (figures.currency === null && !(o.countryCurrency && LABELLED.test(before))) continue;
      if (!figures.isRange && figures.period === null && !PAY_WORDS.test(before)) continue;
      const reject = descriptionAmountReject(
        text,
        figures.index,
        figures.end,
        o.title,
        figures.period !== null,
      );
      if (reject) {
        rejects.push(reject);
        continue;
      }
    } else if (isBenefitOrTarget(text, figures.index, figures.end, figures.period !== null)) {
      // A pay field too may name one ("Visa + €10k Signing Bonus", "$8k contract": HN headers).
      rejects.push('a benefit or target, not pay');
      continue;
    }
    const currency = resolveCurrency(figures.currency, o.countryCurrency, o.sourceDefault);
    const result = finish(figures.min, figures.max, currency, inferPeriod(figures, currency.code));
    if (result.ok) {
      if (!o.strict || LABELLED.test(text.slice(Math.max(0, figures.index - 80), figures.index)))
        return result.salary;
      first ??= { salary: result.salary, rejects: rejects.length };
      continue;
    }
    if (result.reject) rejects.push(result.reject);
  }
  // The amounts read after the one kept were not refused on its behalf.
  if (first) rejects.length = first.rejects;
  return first?.salary ?? null;
}

export function normalizeSalary(input: SalaryInput): NormalizedSalary {
  const i = input ?? {};
  const countryCurrency = knownCurrency(i.countryCurrency);
  const sourceDefault = knownCurrency(i.defaultCurrency);
  const title = typeof i.title === 'string' ? i.title : null;
  const rejects: SalaryReject[] = [];
  const done = (s: NormalizedSalary) => ({ ...s, rejects });
  const text = typeof i.text === 'string' ? i.text.slice(0, 2_000) : '';
  // Structured figures without a currency borrow the one in the pay text, if any.
  const textCurrency = text ? (findSalaryFigures(text)[0]?.currency ?? null) : null;
  if (i.structured && typeof i.structured === 'object') {
    const r = fromStructured(i.structured, resolveCurrency(textCurrency, countryCurrency, sourceDefault));
    if (r.ok) return done(r.salary);
    if (r.reject) rejects.push(r.reject);
  }
  const options = { countryCurrency, sourceDefault, title };
  const fromDescription = () =>
    typeof i.descriptionText === 'string' && i.descriptionText
      ? fromText(i.descriptionText.slice(0, 100_000), { ...options, strict: true }, rejects)
      : null;
  // A job site's own estimate ("$66K-$123K (Glassdoor est.)") yields to the employer's
  // figure in the description; an employer's estimate ("Employer est.") is the employer's.
  if (text && THIRD_PARTY_ESTIMATE.test(text)) {
    const own = fromDescription();
    if (own) return done(own);
  }
  if (text) {
    const r = fromText(text, { ...options, strict: false }, rejects);
    if (r) return done(r);
  }
  const r = fromDescription();
  return done(r ?? NONE);
}
