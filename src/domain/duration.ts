const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/**
 * Durations as operators type them: `90d`, `24h`, `30m`, `45s`, `2w`, or `0`. Returns
 * milliseconds, or null for anything else (a bare number is refused: minutes or days?).
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const m = /^(\d{1,6})([smhdw])$/.exec(trimmed);
  return m ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] : null;
}
