/**
 * Currency conversion for the "annual USD" salary figures.
 *
 * The table is committed in code on purpose: normalization must be pure and repeatable
 * (the same payload always yields the same USD figures), and a salary filter does not
 * need live rates. The rates are APPROXIMATE mid-market values as of FX_RATES_AS_OF,
 * rounded to a few significant digits; refresh them by editing this file.
 */

export const FX_RATES_AS_OF = '2026-11-01';

/** US dollars per one unit of the currency (ISO 4217 code). Approximate. */
export const USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.28,
  CAD: 0.72,
  AUD: 0.66,
  NZD: 0.6,
  INR: 0.0118,
  PHP: 0.0174,
  JPY: 0.0067,
  CNY: 0.14,
  KRW: 0.00073,
  TWD: 0.031,
  HKD: 0.128,
  SGD: 0.75,
  MYR: 0.22,
  THB: 0.029,
  IDR: 0.000062,
  VND: 0.000039,
  CHF: 1.14,
  SEK: 0.095,
  NOK: 0.092,
  DKK: 0.145,
  ISK: 0.0073,
  PLN: 0.25,
  CZK: 0.043,
  HUF: 0.0027,
  RON: 0.217,
  BGN: 0.55,
  TRY: 0.028,
  UAH: 0.024,
  ILS: 0.27,
  AED: 0.2723,
  SAR: 0.2667,
  EGP: 0.02,
  ZAR: 0.055,
  NGN: 0.00065,
  KES: 0.0077,
  BRL: 0.18,
  MXN: 0.054,
  ARS: 0.001,
  CLP: 0.00105,
  COP: 0.00025,
  PEN: 0.27,
  PKR: 0.0036,
};

/** The upper-cased code when the table knows it, else null. */
export function knownCurrency(code: string | null | undefined): string | null {
  if (typeof code !== 'string') return null;
  const upper = code.trim().toUpperCase();
  return Object.hasOwn(USD_PER_UNIT, upper) ? upper : null;
}

/**
 * Converts an amount to US dollars with the committed table. Returns null for an
 * unknown currency or a non-finite amount rather than guessing a rate.
 */
export function toUsd(amount: number, currency: string): number | null {
  const code = knownCurrency(currency);
  if (code === null || !Number.isFinite(amount)) return null;
  return amount * (USD_PER_UNIT[code] as number);
}
