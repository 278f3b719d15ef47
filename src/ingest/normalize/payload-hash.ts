/**
 * A stable hash of a raw source payload, so an unchanged posting is skipped on the next
 * fetch. Object keys are sorted (feeds reorder keys between fetches without changing
 * anything), and the serializer never throws: cycles, BigInt, functions and symbols
 * get fixed placeholders instead.
 */
import { hash } from 'node:crypto';

function stable(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (depth > 200) return '[depth]';
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return `${value.toString()}n`;
  if (typeof value === 'undefined' || typeof value === 'function' || typeof value === 'symbol') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  const obj = value as object;
  if (seen.has(obj)) return '[circular]';
  seen.add(obj);
  let out: unknown;
  if (Array.isArray(obj)) {
    out = obj.map((v) => stable(v, seen, depth + 1));
  } else {
    const record: Record<string, unknown> = {};
    for (const key of Object.keys(obj).sort()) {
      let v: unknown;
      try {
        v = (obj as Record<string, unknown>)[key];
      } catch {
        v = '[getter threw]';
      }
      if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
      record[key] = stable(v, seen, depth + 1);
    }
    out = record;
  }
  seen.delete(obj);
  return out;
}

/** JSON with sorted keys; equal data gives equal text regardless of key order. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(stable(value, new WeakSet(), 0)) ?? 'null';
}

/** sha256 hex of the stable JSON form (one-shot `hash`: no Hash object per posting). */
export function payloadHash(payload: unknown): string {
  return hash('sha256', stableStringify(payload), 'hex');
}
