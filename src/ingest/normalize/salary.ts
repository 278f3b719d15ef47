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
import { annualize, formatUsdRange, parsePeriod } from '../../domain/salary.ts';
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
  /** Currency of the posting's country, used for "$" and unmarked figures. */
  defaultCurrency?: string | null;
}

export interface NormalizedSalary {
  min: number | null;
  max: number | null;
  currency: string | null;
  period: SalaryPeriod | null;
  minUsd: number | null;
  maxUsd: number | null;
  /** "$120,000 – $150,000" (annual USD) or null. */
  text: string | null;
}

export const MIN_ANNUAL_USD = 1_000;
export const MAX_ANNUAL_USD = 5_000_000;

const NONE: NormalizedSalary = {
  min: null,
  max: null,
  currency: null,
  period: null,
  minUsd: null,
  maxUsd: null,
  text: null,
};

const DOLLAR_CURRENCIES = new Set(['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD', 'MXN']);

function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v > 0 ? v : null;
  if (typeof v === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(v)) {
    const n = Number(v);
    return n > 0 ? n : null;
  }
  return null;
}

/** Orders, converts and checks one set of figures; null when implausible. */
function finish(
  min: number | null,
  max: number | null,
  currency: string | null,
  period: SalaryPeriod,
): NormalizedSalary | null {
  let lo = min;
  let hi = max;
  if (lo === null && hi === null) return null;
  if (lo !== null && hi !== null && lo > hi) [lo, hi] = [hi, lo];
  let minUsd: number | null = null;
  let maxUsd: number | null = null;
  if (currency !== null) {
    const convert = (v: number | null) => {
      const usd = v === null ? null : toUsd(annualize(v, period), currency);
      return usd === null ? null : Math.round(usd);
    };
    minUsd = convert(lo);
    maxUsd = convert(hi);
    const outOfRange = (v: number | null) => v !== null && (v < MIN_ANNUAL_USD || v > MAX_ANNUAL_USD);
    if (outOfRange(minUsd) || outOfRange(maxUsd)) return null;
  } else {
    // Without a currency there is no USD figure; still refuse absurd magnitudes.
    const annual = annualize(hi ?? lo ?? 0, period);
    if (annual < MIN_ANNUAL_USD || annual > 50 * MAX_ANNUAL_USD) return null;
  }
  return { min: lo, max: hi, currency, period, minUsd, maxUsd, text: formatUsdRange(minUsd, maxUsd) };
}

function fromStructured(
  s: NonNullable<SalaryInput['structured']>,
  fallbackCurrency: string | null,
): NormalizedSalary | null {
  const min = num(s.min);
  const max = num(s.max);
  if (min === null && max === null) return null;
  const currency = knownCurrency(s.currency) ?? fallbackCurrency;
  return finish(min, max, currency, parsePeriod(s.period) ?? 'year');
}

function resolveCurrency(token: string | null, defaultCurrency: string | null): string | null {
  if (token === '$')
    return defaultCurrency && DOLLAR_CURRENCIES.has(defaultCurrency) ? defaultCurrency : 'USD';
  return token ?? defaultCurrency;
}

/**
 * Figures without a stated period: an hourly-looking amount (< 500) is hourly, since
 * "$25-$35" is never a yearly salary; otherwise yearly.
 */
function inferPeriod(f: SalaryFigures): SalaryPeriod {
  if (f.period) return f.period;
  const top = f.max ?? f.min ?? 0;
  return top < 500 ? 'hour' : 'year';
}

const PAY_WORDS =
  /\b(?:salary|salaries|pay|compensation|base|range|wage|wages|ote|earn|gehalt|remuneration|rate|per year|annually|hourly)\b/i;

function fromText(text: string, defaultCurrency: string | null, strict: boolean): NormalizedSalary | null {
  for (const figures of findSalaryFigures(text)) {
    if (strict) {
      // A description mentions many amounts ("raised $200M", "401(k)"); only a marked
      // currency with a range, an explicit period or pay words just before it counts.
      const before = text.slice(Math.max(0, figures.index - 80), figures.index);
      if (figures.currency === null) continue;
      if (!figures.isRange && figures.period === null && !PAY_WORDS.test(before)) continue;
    }
    const currency = resolveCurrency(figures.currency, defaultCurrency);
    const result = finish(figures.min, figures.max, currency, inferPeriod(figures));
    if (result) return result;
  }
  return null;
}

export function normalizeSalary(input: SalaryInput): NormalizedSalary {
  const i = input ?? {};
  const defaultCurrency = knownCurrency(i.defaultCurrency);
  const text = typeof i.text === 'string' ? i.text.slice(0, 2_000) : '';
  // Structured figures without a currency borrow the one in the pay text, if any.
  const textCurrency = text ? (findSalaryFigures(text)[0]?.currency ?? null) : null;
  const structuredCurrency = resolveCurrency(textCurrency, defaultCurrency);
  if (i.structured && typeof i.structured === 'object') {
    const r = fromStructured(i.structured, structuredCurrency);
    if (r) return r;
  }
  if (text) {
    const r = fromText(text, defaultCurrency, false);
    if (r) return r;
  }
  if (typeof i.descriptionText === 'string' && i.descriptionText) {
    const r = fromText(i.descriptionText.slice(0, 100_000), defaultCurrency, true);
    if (r) return r;
  }
  return { ...NONE };
}
