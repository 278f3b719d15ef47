import type { Bitmap } from './bitmap.ts';

/** The facets with few values that a doc mostly has at most one of (salary: its band). */
export const PACKED_FACETS = ['remoteType', 'jobType', 'seniority', 'category', 'country', 'salary'] as const;
export type PackedFacet = (typeof PACKED_FACETS)[number];

/** Bit 31 marks a doc with several values in some packed field (see `several`). */
const SEVERAL_BIT = 31;

/**
 * Counting a facet per value costs one intersection per value and 64k-doc chunk, about
 * 0.6 µs each once the result is dense (measured at 1M jobs: 78 values, 0.77 ms for a
 * 568k-match search; a sparse result's array chunks cost more, 1.6 ms for 53k); the
 * packed word's pass about 5 ns per matching doc (countGrouped: 0.31 ms for 53k, 2.7
 * for 568k). Reading wins below (values × chunks × 0.6 µs) / 5 ns matches: at 1M and
 * every packed facet asked, about 150,000.
 */
const NS_PER_DOC = 5;
const NS_PER_VALUE_CHUNK = 600;

/**
 * Slots are counted in groups of adjacent slots whose codes together fit in this many
 * bits: one increment per group and match into a histogram of the group's combined
 * codes (16,384 cells, 64 KB: in L2), read back per slot once at the end. Six
 * increments per match (one per slot) cost about 19 ns at 1M jobs — the increments of
 * the few-valued slots hit the same cells match after match and wait on each other —
 * two or three cost about a third of that (README "Search index", facet counting).
 */
const GROUP_BITS = 14;

/** Adjacent slots counted through one histogram of their combined codes. */
interface Group {
  shift: number;
  mask: number;
  slots: number[];
}

interface Slot {
  field: PackedFacet;
  names: string[];
  shift: number;
  /** code 0: no value; 1 … names.length: value code-1; mask: several values. */
  mask: number;
  /** Where its counts start in the shared counts array. */
  base: number;
}

/**
 * Each doc's codes of the packed facets in one 32-bit word, so one read of one word
 * per match counts all of them (six bitmap-per-value counts read six times as many
 * containers). A field only enters if its values fit; a doc with several values of a
 * field (a job in two countries) has the field's all-ones code and its codes kept
 * apart in `several`, counted from there.
 */
export class FacetCodes {
  private readonly words: Uint32Array;
  private readonly slots: Slot[];
  private readonly groups: Group[];
  /** Each group's histogram, two copies side by side (countGrouped), made on first use. */
  private histograms?: Uint32Array[];
  private readonly several: Map<number, Array<[slot: number, codes: number[]]>>;
  private readonly countsSize: number;
  private readonly docCount: number;

  private constructor(words: Uint32Array, slots: Slot[], several: Map<number, Array<[number, number[]]>>) {
    this.words = words;
    this.slots = slots;
    this.several = several;
    this.docCount = words.length;
    const last = slots[slots.length - 1];
    this.countsSize = last ? last.base + last.mask + 1 : 0;
    this.groups = groupSlots(slots);
  }

  /**
   * Packs the fields in order while they fit in 31 bits; a field that does not fit is
   * left to its bitmaps. `values`: each field's value → docs, in the order to list them.
   */
  static build(docCount: number, values: Partial<Record<PackedFacet, Map<string, Bitmap>>>): FacetCodes {
    const words = new Uint32Array(docCount);
    const slots: Slot[] = [];
    const several = new Map<number, Array<[number, number[]]>>();
    let shift = 0;
    let base = 0;
    for (const field of PACKED_FACETS) {
      const bitmaps = values[field];
      if (!bitmaps) continue;
      const names = [...bitmaps.keys()];
      const bits = Math.ceil(Math.log2(names.length + 2));
      if (shift + bits > SEVERAL_BIT) continue;
      const mask = (1 << bits) - 1;
      const slot = slots.length;
      const codes = new Uint32Array(docCount); // this field's code per doc, before packing
      names.forEach((name, i) => {
        for (const d of bitmaps.get(name)!.toUint32Array()) {
          if (codes[d] === 0) codes[d] = i + 1;
          else {
            // A second value: the doc's codes of this field move to `several`.
            let lists = several.get(d);
            if (!lists) several.set(d, (lists = []));
            let mine = lists.find(([s]) => s === slot);
            if (!mine) lists.push((mine = [slot, [codes[d]!]]));
            mine[1].push(i + 1);
            codes[d] = mask;
          }
        }
      });
      for (let d = 0; d < docCount; d++) words[d]! |= codes[d]! << shift;
      slots.push({ field, names, shift, mask, base });
      shift += bits;
      base += mask + 1;
    }
    for (const d of several.keys()) words[d]! |= 1 << SEVERAL_BIT;
    return new FacetCodes(words, slots, several);
  }

  /** An index's codes: its packed fields' value bitmaps, and the salary bands as salary's values. */
  static ofIndex(
    docCount: number,
    values: Record<Exclude<PackedFacet, 'salary'>, { bitmaps: Map<string, Bitmap> }>,
    salaryBands: readonly { value: string; docs: Bitmap }[],
  ): FacetCodes {
    return FacetCodes.build(docCount, {
      ...Object.fromEntries(
        PACKED_FACETS.filter((f) => f !== 'salary').map((f) => [
          f,
          values[f as Exclude<PackedFacet, 'salary'>].bitmaps,
        ]),
      ),
      salary: new Map(salaryBands.map((b) => [b.value, b.docs])),
    });
  }

  has(field: PackedFacet): boolean {
    return this.slots.some((s) => s.field === field);
  }

  /**
   * Whether one pass over `matches` docs costs less than counting `fields` per value
   * with `bitmapValues` values each.
   */
  pays(matches: number, fields: readonly PackedFacet[]): boolean {
    const chunks = Math.ceil(this.docCount / 65_536);
    let values = 0;
    for (const s of this.slots) if (fields.includes(s.field)) values += s.names.length;
    return values > 0 && matches * NS_PER_DOC < values * chunks * NS_PER_VALUE_CHUNK;
  }

  /**
   * Counts of every packed field over `docs`, values with none left out. Through the
   * groups' histograms when there are more docs than cells to read back, else one
   * increment per slot and doc; `how` forces one way (tests compare them).
   */
  count(
    docs: Uint32Array,
    how: 'auto' | 'grouped' | 'direct' = 'auto',
  ): Map<PackedFacet, { value: string; count: number }[]> {
    const counts = new Uint32Array(this.countsSize + 1);
    // Three groups at most (31 bits whose slots group badly take four: then directly).
    const grouped =
      how === 'grouped' ? this.groups.length <= 3 : how === 'auto' && this.groupedFor(docs.length);
    const flagged = grouped ? this.countGrouped(docs, counts) : this.countDirect(docs, counts);
    return this.lists(counts, flagged);
  }

  /**
   * The layout a fused pass (fused-count.ts) counts the packed codes with, when they are
   * counted through the groups' histograms (at most three groups): each group's shift
   * and mask, its histogram of two copies (docs alternate between them), and room for
   * the docs with several values of a field (at most every such doc, +1). Else null.
   */
  fusedLayout(): {
    words: Uint32Array;
    groups: readonly { shift: number; mask: number }[];
    histograms: Uint32Array[];
    room: Uint32Array;
  } | null {
    if (this.groups.length > 3) return null;
    const histograms = (this.histograms ??= this.groups.map(
      (group) => new Uint32Array(2 * (group.mask + 1)),
    ));
    this.room ??= new Uint32Array(this.several.size + 1);
    return { words: this.words, groups: this.groups, histograms, room: this.room };
  }

  /** Room for a fused pass's several-valued docs (fusedLayout). */
  private room?: Uint32Array;

  /** Whether a pass over `docs` matches is counted through the histograms (see count). */
  groupedFor(docs: number): boolean {
    return this.groups.length <= 3 && docs > this.groups.reduce((n, g) => n + g.mask + 1, 0);
  }

  /** A fused pass's counts: from the histograms it filled (zeroed here) and the first `m` docs of the room. */
  fusedLists(m: number): Map<PackedFacet, { value: string; count: number }[]> {
    const counts = new Uint32Array(this.countsSize + 1);
    this.readGroups(counts);
    return this.lists(counts, this.room!.subarray(0, m));
  }

  /** Per-slot counts with the several-valued docs' codes added, as lists per field. */
  private lists(
    counts: Uint32Array,
    flagged: Uint32Array,
  ): Map<PackedFacet, { value: string; count: number }[]> {
    const s = this.slots;
    for (let i = 0; i < flagged.length; i++)
      for (const [slot, codes] of this.several.get(flagged[i]!)!)
        for (const c of codes) counts[s[slot]!.base + c]!++;
    const out = new Map<PackedFacet, { value: string; count: number }[]>();
    for (const slot of s) {
      const list: { value: string; count: number }[] = [];
      // Codes 1 … names.length; 0 (none) and the mask (several, counted per value above) left out.
      for (let c = 1; c <= slot.names.length; c++) {
        const count = counts[slot.base + c]!;
        if (count > 0) list.push({ value: slot.names[c - 1]!, count });
      }
      out.set(slot.field, list);
    }
    return out;
  }

  /**
   * One increment per group and doc into the group's histogram, then each cell's count
   * added to its slots' codes. Returns the docs with several values of some field,
   * noted in the pass (a second pass over every match to find them cost as much).
   *
   * Docs go in pairs, each into its own copy of the histograms: most jobs share a few
   * combinations (on-site, full-time, mid-level), and increments of one cell match after
   * match wait on each other (3.5 ms for 568k matches with three increments each, 0.7
   * for a load and one increment). The histograms are kept and zeroed for the next call
   * (queries are synchronous): a fresh 64 KB array per call cost as much as the pass.
   */
  private countGrouped(docs: Uint32Array, counts: Uint32Array): Uint32Array {
    const words = this.words;
    const flags = new Flagged();
    const g = this.groups;
    const h = (this.histograms ??= g.map((group) => new Uint32Array(2 * (group.mask + 1))));
    const n = docs.length;
    const last = n - (n & 1);
    // One, two or three groups (up to 31 bits in groups of GROUP_BITS), each loop unrolled.
    if (g.length === 1) {
      const [h0] = h as [Uint32Array];
      const s0 = g[0]!.shift;
      const m0 = g[0]!.mask;
      const o0 = m0 + 1;
      for (let i = 0; i < last; i += 2) {
        const w = words[docs[i]!]!;
        const v = words[docs[i + 1]!]!;
        h0[(w >>> s0) & m0]!++;
        h0[o0 + ((v >>> s0) & m0)]!++;
        if ((w | v) >>> SEVERAL_BIT) flags.pair(docs, i, w, v);
      }
    } else if (g.length === 2) {
      const [h0, h1] = h as [Uint32Array, Uint32Array];
      const [s0, s1] = [g[0]!.shift, g[1]!.shift];
      const [m0, m1] = [g[0]!.mask, g[1]!.mask];
      const [o0, o1] = [m0 + 1, m1 + 1];
      for (let i = 0; i < last; i += 2) {
        const w = words[docs[i]!]!;
        const v = words[docs[i + 1]!]!;
        h0[(w >>> s0) & m0]!++;
        h1[(w >>> s1) & m1]!++;
        h0[o0 + ((v >>> s0) & m0)]!++;
        h1[o1 + ((v >>> s1) & m1)]!++;
        if ((w | v) >>> SEVERAL_BIT) flags.pair(docs, i, w, v);
      }
    } else {
      const [h0, h1, h2] = h as [Uint32Array, Uint32Array, Uint32Array];
      const [s0, s1, s2] = [g[0]!.shift, g[1]!.shift, g[2]!.shift];
      const [m0, m1, m2] = [g[0]!.mask, g[1]!.mask, g[2]!.mask];
      const [o0, o1, o2] = [m0 + 1, m1 + 1, m2 + 1];
      for (let i = 0; i < last; i += 2) {
        const w = words[docs[i]!]!;
        const v = words[docs[i + 1]!]!;
        h0[(w >>> s0) & m0]!++;
        h1[(w >>> s1) & m1]!++;
        h2[(w >>> s2) & m2]!++;
        h0[o0 + ((v >>> s0) & m0)]!++;
        h1[o1 + ((v >>> s1) & m1)]!++;
        h2[o2 + ((v >>> s2) & m2)]!++;
        if ((w | v) >>> SEVERAL_BIT) flags.pair(docs, i, w, v);
      }
    }
    if (last < n) {
      // The odd doc out.
      const w = words[docs[last]!]!;
      g.forEach((group, k) => h[k]![(w >>> group.shift) & group.mask]!++);
      if (w >>> SEVERAL_BIT) flags.add(docs[last]!);
    }
    this.readGroups(counts);
    return flags.docs();
  }

  /** Each histogram cell's count (both copies) added to its slots' codes; the histograms zeroed. */
  private readGroups(counts: Uint32Array): void {
    const g = this.groups;
    const h = this.histograms!;
    g.forEach((group, k) => {
      const histogram = h[k]!;
      const cells = group.mask + 1;
      const slots = group.slots.map((i) => this.slots[i]!);
      for (let cell = 0; cell < cells; cell++) {
        const count = histogram[cell]! + histogram[cells + cell]!;
        if (count === 0) continue;
        const combined = cell << group.shift;
        for (const slot of slots) counts[slot.base + ((combined >>> slot.shift) & slot.mask)]! += count;
      }
      histogram.fill(0);
    });
  }

  /** One increment per slot and doc (few docs: less than reading back the histograms). */
  private countDirect(docs: Uint32Array, counts: Uint32Array): Uint32Array {
    const words = this.words;
    const flags = new Flagged();
    // Six slots unrolled; unused ones count into a spare last cell that is never read.
    const spare = this.countsSize;
    const s = this.slots;
    const sh = [0, 0, 0, 0, 0, 0];
    const mk = [0, 0, 0, 0, 0, 0];
    const bs = [spare, spare, spare, spare, spare, spare];
    s.forEach((slot, i) => {
      sh[i] = slot.shift;
      mk[i] = slot.mask;
      bs[i] = slot.base;
    });
    const [s0, s1, s2, s3, s4, s5] = sh as [number, number, number, number, number, number];
    const [m0, m1, m2, m3, m4, m5] = mk as [number, number, number, number, number, number];
    const [b0, b1, b2, b3, b4, b5] = bs as [number, number, number, number, number, number];
    for (let i = 0, n = docs.length; i < n; i++) {
      const w = words[docs[i]!]!;
      counts[b0 + ((w >>> s0) & m0)]!++;
      counts[b1 + ((w >>> s1) & m1)]!++;
      counts[b2 + ((w >>> s2) & m2)]!++;
      counts[b3 + ((w >>> s3) & m3)]!++;
      counts[b4 + ((w >>> s4) & m4)]!++;
      counts[b5 + ((w >>> s5) & m5)]!++;
      if (w >>> SEVERAL_BIT) flags.add(docs[i]!);
    }
    return flags.docs();
  }

  /** Counts over a bitmap's docs (tests compare it with counting per value). */
  countBitmap(result: Bitmap): Map<PackedFacet, { value: string; count: number }[]> {
    return this.count(result.toUint32Array());
  }
}

/** Adjacent slots in groups of at most GROUP_BITS bits (every slot is narrower). */
function groupSlots(slots: readonly Slot[]): Group[] {
  const groups: Group[] = [];
  let current: Group | undefined;
  let bits = 0;
  slots.forEach((slot, i) => {
    const width = Math.log2(slot.mask + 1);
    if (!current || bits + width > GROUP_BITS) {
      groups.push((current = { shift: slot.shift, mask: 0, slots: [] }));
      bits = 0;
    }
    bits += width;
    current.mask = 2 ** bits - 1;
    current.slots.push(i);
  });
  return groups;
}

/** A growing list of docs (those with several values of a packed field). */
class Flagged {
  private list = new Uint32Array(64);
  private size = 0;

  add(doc: number): void {
    if (this.size === this.list.length) {
      const grown = new Uint32Array(this.list.length * 2);
      grown.set(this.list);
      this.list = grown;
    }
    this.list[this.size++] = doc;
  }

  /** docs[i] and docs[i + 1], whose words are w and v, if they have the flag. */
  pair(docs: Uint32Array, i: number, w: number, v: number): void {
    if (w >>> SEVERAL_BIT) this.add(docs[i]!);
    if (v >>> SEVERAL_BIT) this.add(docs[i + 1]!);
  }

  docs(): Uint32Array {
    return this.list.subarray(0, this.size);
  }
}
