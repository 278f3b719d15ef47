/**
 * Pay figures in free text: "$53K-$91K (Glassdoor est.)", "€70.000 - €90.000",
 * "USD 100k–120k", "$45/hr", "150-180k", "£32K – £35K", "$25-$35 Per Hour".
 *
 * Returns the amounts as posted (currency unit, stated or inferred period); conversion
 * and plausibility checks happen in salary.ts.
 */
import { USD_PER_UNIT } from '../../domain/fx-rates.ts';
import { parsePeriodScale, type PeriodScale } from '../../domain/salary.ts';
import type { SalaryPeriod } from '../../domain/enums.ts';

export interface SalaryFigures {
  min: number | null;
  max: number | null;
  /** ISO 4217 when the text marks one ("$" resolves through `dollarCurrency`). */
  currency: string | null;
  /** Null when the text names none. */
  period: SalaryPeriod | null;
  /** Whether the figures came from a range ("a - b") rather than one number. */
  isRange: boolean;
  /** Index of the match in the text, for callers that check context. */
  index: number;
  /** Index just after the match. */
  end: number;
}

// Symbols and prefixed dollars; three-letter codes come from the FX table.
const SYMBOLS: ReadonlyArray<[string, string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['NZ$', 'NZD'],
  ['S$', 'SGD'],
  ['HK$', 'HKD'],
  ['R$', 'BRL'],
  ['MX$', 'MXN'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['₹', 'INR'],
  ['¥', 'JPY'],
  ['₱', 'PHP'],
  ['₪', 'ILS'],
  ['zł', 'PLN'],
  ['CHF', 'CHF'],
  ['Rs.', 'INR'],
  ['Rs', 'INR'],
  ['$', '$'],
];
const SYMBOL_TO_CODE = new Map<string, string>(SYMBOLS);
for (const code of Object.keys(USD_PER_UNIT)) SYMBOL_TO_CODE.set(code, code);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CURRENCY_ALT = [...SYMBOL_TO_CODE.keys()]
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join('|');
// A currency token must not be glued to letters on its outer side ("USD100" is fine,
// "MUSD" is not a currency).
const CUR = `(?:(?<![A-Za-z])(?:${CURRENCY_ALT})|[$€£])`;
// After the figures a currency may follow the k/M suffix directly ("45 à 55 k€", "60k€").
const CUR_AFTER = `(?:(?:(?<![A-Za-z])|(?<=\\d\\s?[kKmMtT]))(?:${CURRENCY_ALT}))`;
// Indian lakh grouping ("20,00,000") first, then 3-digit groups, then plain numbers.
const NUM = String.raw`\d{1,3}(?:,\d{2})+,\d{3}|\d{1,3}(?:[.,'\u00a0 ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?`;
// A thousands mark may be glued to a currency code after it: "55 kEUR", "60 TEUR" (German
// "Tausend Euro"). Only the codes salaries are written in this way, and only for thousands:
// "100 mUSD" stays 100 with no currency.
const THOUSANDS_CODES = '(?:EUR|USD|GBP|CHF|SEK|NOK|DKK|PLN|CAD|AUD)(?![A-Za-z])';
const SUFFIX = String.raw`(?:\s?[kKmM](?![A-Za-z])|\s?[kKtT](?=${THOUSANDS_CODES}))`;
// A share is no amount: "0.10% - 0.20%", "5% equity".
const AMOUNT = `(${CUR})?\\s?(${NUM})(?![\\d.,]*\\s?%)(${SUFFIX})?(?:\\s?(${CUR_AFTER}))?`;
const RANGE_SEP = String.raw`\s*(?:-|–|—|~|to|bis|and|à)\s*`;
// Compiled per call (a global regex keeps its lastIndex between callers).
// Not inside a word or a number; a symbol may follow a glued label ("Salary$4,111").
const MONEY_SOURCE = `(?:(?<![\\w.,])|(?<=[A-Za-z])(?=[$€£]))(?:(up to|upto|max\\.?|maximum|from|starting at|min\\.?|minimum|ab|bis zu)\\s+)?${AMOUNT}(?:${RANGE_SEP}${AMOUNT})?`;

/**
 * "120,000" → 120000, "70.000" → 70000 (European thousands), "1.234,56" → 1234.56,
 * "45.50" → 45.5, "1.5" → 1.5. One separator followed by exactly three digits is a
 * thousands separator; anything else is a decimal point.
 */
export function parseAmount(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0']/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    normalized = s.split(thousands).join('').replace(decimal, '.');
  } else if (lastDot >= 0 || lastComma >= 0) {
    // Every separator but the last groups thousands; the last is a decimal point unless
    // three digits follow it ("1.234.567", "1.234.56" = 1234.56).
    const pieces = s.split(lastDot >= 0 ? '.' : ',');
    const last = pieces.pop() as string;
    normalized = last.length === 3 ? pieces.join('') + last : `${pieces.join('')}.${last}`;
  } else {
    normalized = s;
  }
  const n = Number(normalized);
  return Number.isFinite(n) ? n : null;
}

function scale(value: number | null, suffix: string | undefined): number | null {
  if (value === null) return null;
  const s = (suffix ?? '').trim().toLowerCase();
  if (s === 'k' || s === 't') return value * 1_000;
  if (s === 'm') return value * 1_000_000;
  return value;
}

/** The period named right after the figures: "/hr", "per hour", "an hour", "p.a.". */
export function periodAfter(trailing: string): SalaryPeriod | null {
  return periodScaleAfter(trailing)?.period ?? null;
}

/** periodAfter, and how many of the period one stated amount covers ("bi-weekly": 2 weeks). */
export function periodScaleAfter(trailing: string): PeriodScale | null {
  // The 40 characters after the figures, up to the first line, clause or sentence end
  // (41 read: a ". " that starts at the 40th still ends it). Not a split of the whole
  // rest: this runs once per number of a description.
  const head = trailing.slice(0, 41);
  const stop = head.search(/\n|;|\.\s/);
  const window = (stop < 0 ? head : head.slice(0, stop)).slice(0, 40);
  // A gross/net word may come first ("brut annuel", "brutto pro Jahr", "gross per year").
  const m =
    /^[\s)]*(?:\([^)]*\)\s*)?(?:(?:gross|brut|brute|bruts|brutto|net|netto)\b\s*)?(?:(\/|(?:per|an?|each|every|par|pro|por|al)\b)\s*)?([a-zA-Z.\u00c0-\u024f]+(?:-[a-zA-Z]+)*)/i.exec(
      window,
    );
  if (!m) return null;
  // Scraped pages glue the next field on: "$5,122.96 monthlyDate Posted".
  const written = m[2] as string; // the word's group is not optional
  const word = written.replace(/(?<=[a-z])[A-Z].*$/, '');
  // French "par an" / "par année": "an" alone is English's article, so only after "par".
  if (m[1] !== undefined && /^par$/i.test(m[1]))
    return /^an(?:n[ée]e)?(?![a-zà-ÿ])/i.test(window.slice(m[0].length - written.length))
      ? { period: 'year', per: 1 }
      : parsePeriodScale(word);
  if (m[1] === '/' && /^h\.?$/i.test(word)) return { period: 'hour', per: 1 };
  if (m[1] === '/' && /^(?:y|a)\.?$/i.test(word)) return { period: 'year', per: 1 };
  if (m[1] === '/' && /^(?:m|mo)\.?$/i.test(word)) return { period: 'month', per: 1 };
  return parsePeriodScale(word);
}

/**
 * The furthest back a figure whose first digit is at `digit` can start, not before `from`:
 * before the digit come at most a currency and a space (4 characters: "US$ "), and before
 * those a qualifier (the longest, "starting at", is 11) and the whitespace after it,
 * however long. So: 4 back, then back over whitespace, then 16 more (11 would do). No
 * match starts in between: its first digit would be this one, further away than that.
 */
function figureScanStart(text: string, from: number, digit: number): number {
  let at = digit - 4;
  while (at > from && /\s/.test(text[at - 1] as string)) at--;
  return Math.max(from, at - 16);
}

/**
 * Every money figure or range in the text, in order. `$` is reported as the currency
 * "$" so the caller can resolve it with the posting's country.
 */
export function findSalaryFigures(text: string): SalaryFigures[] {
  const found: SalaryFigures[] = [];
  const re = new RegExp(MONEY_SOURCE, 'gi');
  const digit = /\d/g;
  // The money pattern tried at every character of a description was most of its cost:
  // the scan starts near the next digit instead (every figure has one), no further back
  // than a figure's start can be (figureScanStart). The same matches, in the same order.
  const next = () => {
    digit.lastIndex = re.lastIndex;
    const d = digit.exec(text);
    if (d === null) return null;
    re.lastIndex = figureScanStart(text, re.lastIndex, d.index);
    return re.exec(text);
  };
  for (let m = next(); m !== null; m = next()) {
    const [whole, qualifier, cur1, num1, suf1, cur2, cur3, num2, suf2, cur4] = m;
    // "on 1099 — $4,000–$6,000/month": a currency on the second end alone makes the first
    // no amount of it (a form's number, a count); read again from the second.
    if (num2 !== undefined && cur3 && !cur1 && !cur2) {
      re.lastIndex = m.index + whole.indexOf(num1 as string) + (num1 as string).length;
      continue;
    }
    // "$15,000 MXN": a code after the figures says which dollar sign it was.
    const code = [cur2, cur4].find((c) => c !== undefined && /^[A-Za-z]{3}$/.test(c));
    const currencyToken = (cur1 ?? cur3) === '$' && code ? code : (cur1 ?? cur2 ?? cur3 ?? cur4);
    // The first amount is not optional in the pattern (num1 always matched).
    let first = scale(parseAmount(num1 as string), suf1);
    const second = num2 !== undefined ? scale(parseAmount(num2), suf2) : null;
    // "150-180k": the suffix written once applies to both ends.
    if (second !== null && first !== null && !suf1 && suf2 && first < 1000)
      first = scale(parseAmount(num1 as string), suf2);
    const currency = currencyToken
      ? (SYMBOL_TO_CODE.get(currencyToken) ?? SYMBOL_TO_CODE.get(currencyToken.toUpperCase()) ?? null)
      : null;
    const q = (qualifier ?? '').toLowerCase();
    const upTo = /up|max|bis/.test(q);
    let min = first;
    let max = second ?? first;
    if (second === null && upTo) min = null;
    if (second === null && /from|start|min|ab/.test(q)) max = null;
    // "£150k+": a floor, open above ("$240k + profit sharing" is pay besides the figure).
    // "$400+k": the same floor with its thousands written after the plus.
    if (second === null && text[m.index + whole.length] === '+') {
      max = null;
      if (
        !suf1 &&
        /^\+\s?[kK](?![A-Za-z])/.test(text.slice(m.index + whole.length, m.index + whole.length + 4))
      )
        min = scale(min, 'k');
    }
    const after = periodScaleAfter(text.slice(m.index + whole.length));
    const per = after?.per ?? 1;
    found.push({
      min: min === null ? null : min / per,
      max: max === null ? null : max / per,
      currency,
      period: after?.period ?? null,
      isRange: second !== null,
      index: m.index,
      end: m.index + whole.length,
    });
  }
  return found;
}
