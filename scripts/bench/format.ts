/** Output helpers: one line to stdout, number formats, plain-text tables and percentiles. */

export const log = (line = '') => console.log(line);

/** A number with thousands separators and `digits` decimals. */
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Milliseconds with about three significant digits. */
export const ms = (n: number) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0));

/** A `|`-separated table; the first `alignLeft` columns are left-aligned, the rest right-aligned. */
export function table(header: string[], rows: (string | number)[][], alignLeft = 1): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    r.map((v, c) => (c < alignLeft ? v.padEnd(widths[c] ?? 0) : v.padStart(widths[c] ?? 0))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.slice(1).map(line)].join('\n');
}

/** Nearest-rank percentile of an ascending list; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}
