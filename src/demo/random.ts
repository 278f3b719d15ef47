/**
 * A small seeded PRNG for the demo generator: sfc32 seeded through splitmix32.
 * Everything the generator draws comes from here, so the same seed always yields
 * the same postings; nothing in the generator uses the global random source.
 */

/** 32-bit FNV-1a hash of a string; used to turn labels and seeds into numbers. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A weighted list prepared once (cumulative weights) so each draw is a binary search. */
export interface WeightedTable<T> {
  readonly items: readonly T[];
  readonly cumulative: readonly number[];
  readonly total: number;
}

export function createWeightedTable<T>(entries: readonly (readonly [T, number])[]): WeightedTable<T> {
  const items: T[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const [item, weight] of entries) {
    if (weight <= 0) continue;
    total += weight;
    items.push(item);
    cumulative.push(total);
  }
  if (items.length === 0) throw new Error('createWeightedTable: no entry with a positive weight');
  return { items, cumulative, total };
}

export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  /** Seeds from any number of integer or string parts, e.g. `new Rng(seed, index)`. */
  constructor(...parts: (number | string)[]) {
    let mixed = 0x2545f491;
    for (const part of parts) {
      const n = typeof part === 'number' ? part : hashString(part);
      mixed = Math.imul(mixed ^ (n >>> 0), 0x9e3779b1) ^ hashString(String(n));
    }
    const next = splitmix32(mixed);
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with the given probability (0..1). */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick: empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; pass a prepared table for lists drawn from often. */
  weightedPick<T>(source: WeightedTable<T> | readonly (readonly [T, number])[]): T {
    const table = 'cumulative' in source ? source : createWeightedTable(source);
    const target = this.next() * table.total;
    let lo = 0;
    let hi = table.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((table.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return table.items[lo] as T;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** `count` distinct items in random order (partial Fisher–Yates, no full shuffle). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const n = Math.min(count, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const tmp = pool[i] as T;
      pool[i] = pool[j] as T;
      pool[j] = tmp;
    }
    return pool.slice(0, n);
  }
}
