/**
 * Salary vocabulary shared by ingest (annual USD figures) and the API (formatted text).
 * One place fixes the annualization factors: two factors for one job (2080 vs 2016
 * hours) give two yearly figures for the same posting (ats-formats.md §3).
 */
import { foldText } from './text.ts';
import type { SalaryPeriod } from './enums.ts';

/** Work units per year: 40 h × 52 weeks, 5 days × 52 weeks. */
export const PERIODS_PER_YEAR: Readonly<Record<SalaryPeriod, number>> = {
  hour: 2080,
  day: 260,
  week: 52,
  month: 12,
  year: 1,
};

export function annualize(amount: number, period: SalaryPeriod): number {
  return amount * PERIODS_PER_YEAR[period];
}

// Grouped by hand: Intl.NumberFormat's format was 1.8 µs a call, once or twice per posting.
function dollars(n: number): string {
  const whole = Math.round(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0 ? '-' : ''}$${digits}`;
}

/**
 * "$120,000 – $150,000" (en dash with spaces), one value when only one side exists or
 * both round to the same dollar, null when there is no salary at all.
 */
export function formatUsdRange(
  min: number | null | undefined,
  max: number | null | undefined,
): string | null {
  const lo = typeof min === 'number' && Number.isFinite(min) ? min : null;
  const hi = typeof max === 'number' && Number.isFinite(max) ? max : null;
  if (lo === null && hi === null) return null;
  if (lo === null) return dollars(hi as number);
  if (hi === null || Math.round(lo) === Math.round(hi)) return dollars(lo);
  return `${dollars(lo)} – ${dollars(hi)}`;
}

// Words (after folding, split on non-letters) that name a period. Plurals are left out
// on purpose: "5 years of experience" next to a figure is not a pay period. Lever's
// "per-hour-wage", Ashby's "1 YEAR", free text "/hr", "p.a.", German "Stunde"/"Monat".
// Spanish and Portuguese too ("R$ 8.000 por mês", "$15,000 MXN al mes", "por hora", "por año").
const PERIOD_WORDS: ReadonlyArray<[SalaryPeriod, readonly string[]]> = [
  ['hour', ['hour', 'hourly', 'hr', 'hrs', 'stunde', 'std', 'stundenlohn', 'heure', 'hora']],
  ['day', ['day', 'daily', 'diem', 'tag', 'taglich', 'jour', 'dia', 'diario']],
  ['week', ['week', 'weekly', 'wk', 'wks', 'woche', 'wochentlich', 'semana', 'semanal']],
  [
    'month',
    [
      'month',
      'monthly',
      'mo',
      'mos',
      'mth',
      'mths',
      'monat',
      'monatlich',
      'mois',
      'mensuel',
      'mes',
      'mensal',
      'mensual',
    ],
  ],
  [
    'year',
    [
      'year',
      'yearly',
      'yr',
      'yrs',
      'annual',
      'annually',
      'annum',
      'pa',
      'jahr',
      'jahrlich',
      'annuel',
      'ano',
      'anual',
    ],
  ],
];

const WORD_TO_PERIOD = new Map<string, SalaryPeriod>();
for (const [period, words] of PERIOD_WORDS) for (const w of words) WORD_TO_PERIOD.set(w, period);

/**
 * Reads a pay period from free text. The first period word wins, so "per hour, paid
 * yearly" is hourly. "p.a." counts as yearly. Returns null when no word names a period
 * (e.g. Ashby's "NONE" interval of equity components).
 */
export function parsePeriod(text: string | null | undefined): SalaryPeriod | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const folded = foldText(text).replace(/\bp\.\s?a\.?/g, ' pa ');
  for (const word of folded.split(/[^a-z]+/)) {
    const period = WORD_TO_PERIOD.get(word);
    if (period) return period;
  }
  return null;
}

/** A pay period and how many of it one payment covers ("bi-weekly": 2 weeks). */
export interface PeriodScale {
  period: SalaryPeriod;
  per: number;
}

/**
 * Periods written as a multiple of another: "bi-weekly" is two weeks, "semi-monthly"
 * half a month. Read by their last word they were weekly and monthly, which doubled or
 * halved the yearly figure. ("Bi-monthly" is left alone: it means either.)
 */
const MULTIPLES: ReadonlyArray<[RegExp, SalaryPeriod, number]> = [
  [/\b(?:bi[\s_-]?weekly|fortnightly|fortnight)\b/, 'week', 2],
  [/\bsemi[\s_-]?monthly\b/, 'month', 0.5],
];

/** parsePeriod with multiples: the period and how many of it one stated amount covers. */
export function parsePeriodScale(text: string | null | undefined): PeriodScale | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const folded = foldText(text);
  for (const [re, period, per] of MULTIPLES) {
    const m = re.exec(folded);
    // The first period named wins, as in parsePeriod: "per hour, paid bi-weekly" is hourly.
    if (m && parsePeriod(folded.slice(0, m.index)) === null) return { period, per };
  }
  const period = parsePeriod(text);
  return period ? { period, per: 1 } : null;
}
