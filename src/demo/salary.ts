/**
 * Pay for a demo posting: a figure that fits the role, level and place, posted in the
 * local currency and a period that fits the employment type, plus the ways employers
 * write it out in prose ("The salary range for this role is $140,000 - $170,000.").
 */
import type { JobTypeClass, PayPeriod } from './feed-styles.ts';
import { USD_RATE, type DemoCountry, type DemoCurrency } from './places.ts';
import type { Rng } from './random.ts';

export interface SalaryPlan {
  min: number | null;
  max: number | null;
  currency: DemoCurrency;
  period: PayPeriod;
}

export interface SalaryInput {
  /** Annual USD for this role and level in the US. */
  usBase: number;
  country: DemoCountry;
  cityPay: number;
  jobType: JobTypeClass;
}

const EURO_AREA = 'EUR';

function choosePeriod(rng: Rng, jobType: JobTypeClass, currency: DemoCurrency): PayPeriod {
  if (jobType === 'contract' || jobType === 'temporary') {
    if ((currency === 'GBP' || currency === EURO_AREA) && rng.chance(0.3)) return 'day';
    return rng.chance(0.75) ? 'hour' : 'year';
  }
  if (jobType === 'part-time') return 'hour';
  if (jobType === 'internship') {
    if (currency === 'USD' || currency === 'CAD') return rng.chance(0.75) ? 'hour' : 'month';
    return rng.chance(0.7) ? 'month' : 'year';
  }
  if (currency === EURO_AREA && rng.chance(0.2)) return 'month';
  return 'year';
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

function stepFor(period: PayPeriod, currency: DemoCurrency, amount: number): number {
  if (period === 'hour') return currency === 'INR' ? 50 : amount > 40 ? 5 : 1;
  if (period === 'day') return currency === 'INR' ? 500 : 25;
  if (period === 'month') return currency === 'INR' ? 5000 : 100;
  return currency === 'INR' ? 50_000 : 1000;
}

/** Figures in the posted currency and period. */
export function planSalary(rng: Rng, input: SalaryInput): SalaryPlan {
  const currency = input.country.currency ?? 'USD';
  const period = choosePeriod(rng, input.jobType, currency);
  const annualUsd = input.usBase * input.country.payFactor * input.cityPay * rng.float(0.9, 1.1);
  let amount = annualUsd * USD_RATE[currency];
  if (period === 'hour') amount = (amount / 2080) * (input.jobType === 'contract' ? 1.25 : 1);
  else if (period === 'day') amount = (amount / 220) * 1.3;
  else if (period === 'month') amount /= 12;
  const low = amount * rng.float(0.84, 0.95);
  const high = low * rng.float(1.12, 1.38);
  const step = stepFor(period, currency, low);
  const min = roundTo(low, step);
  const max = Math.max(roundTo(high, step), min + step);
  const shape = rng.next();
  if (shape < 0.05) return { min, max: null, currency, period };
  if (shape < 0.08) return { min: null, max, currency, period };
  if (shape < 0.13) return { min, max: min, currency, period };
  return { min, max, currency, period };
}

const SYMBOL: Readonly<Record<DemoCurrency, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  INR: '₹',
  AUD: 'A$',
};

function grouped(n: number): string {
  const [whole, cents] = n.toFixed(2).split('.');
  const digits = (whole as string).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents === '00' ? digits : `${digits}.${cents}`;
}

/** Writes one figure: "$140,000", "$140K", "CAD 120,000". */
function money(n: number, currency: DemoCurrency, style: 'symbol' | 'code' | 'k'): string {
  if (style === 'code') return `${currency} ${grouped(n)}`;
  if (style === 'k' && n >= 10_000 && n % 1000 === 0) return `${SYMBOL[currency]}${n / 1000}K`;
  return `${SYMBOL[currency]}${grouped(n)}`;
}

function styleFor(rng: Rng, plan: SalaryPlan): 'symbol' | 'code' | 'k' {
  if (plan.currency === 'CAD' || plan.currency === 'AUD' || plan.currency === 'INR')
    return rng.chance(0.5) ? 'code' : 'symbol';
  if (plan.period === 'year' && rng.chance(0.25)) return 'k';
  return 'symbol';
}

const PER: Readonly<Record<PayPeriod, readonly string[]>> = {
  year: ['per year', 'annually', 'a year', 'per annum'],
  month: ['per month', 'a month', 'monthly'],
  day: ['per day', 'a day'],
  hour: ['per hour', 'an hour', '/hr'],
};

/** The range as written ("$140,000 - $170,000", "up to £65,000", "€4,500"). */
function range(rng: Rng, plan: SalaryPlan): string {
  const style = styleFor(rng, plan);
  const dash = rng.pick([' - ', ' – ', '–', ' to ', '-']);
  const { min, max, currency } = plan;
  if (min !== null && max !== null && min !== max)
    return `${money(min, currency, style)}${dash}${money(max, currency, style)}`;
  if (min !== null && max === null) return `from ${money(min, currency, style)}`;
  if (min === null && max !== null) return `up to ${money(max, currency, style)}`;
  return money(min ?? 0, currency, style);
}

/** A sentence for the description body. */
export function salarySentence(rng: Rng, plan: SalaryPlan, city: string | null): string {
  const text = range(rng, plan);
  const per = rng.pick(PER[plan.period]);
  const perText = per.startsWith('/') ? per : ` ${per}`;
  switch (rng.int(0, 5)) {
    case 0:
      return `The salary range for this role is ${text}${plan.period === 'year' ? '' : perText}.`;
    case 1:
      return `The base salary range for this position${city ? ` in ${city}` : ''} is ${text}${perText}.`;
    case 2:
      return `Compensation: ${text}${perText}, plus equity and benefits.`;
    case 3:
      return `Pay range: ${text}${perText}. Final offers depend on experience and location.`;
    case 4:
      return `We expect to pay ${text}${perText} for this role, depending on experience.`;
    default:
      return `Salary: ${text}${perText}.`;
  }
}

/** The short pay text some platforms carry in a field of its own ("$53K-$91K", "£32K – £35K"). */
export function salaryShortText(rng: Rng, plan: SalaryPlan): string {
  const text = range(rng, plan);
  if (plan.period === 'year' && rng.chance(0.5)) return text;
  return `${text} ${rng.pick(PER[plan.period])}`;
}
