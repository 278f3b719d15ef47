import type { FacetCodes } from './facet-codes.ts';
import { perDocCounts, type PerDoc } from './value-index.ts';

/**
 * One pass over a result's docs that counts the packed facet codes (facet-codes.ts)
 * and the per-doc codes of the many-valued facets (value-index.ts: cities, skills)
 * together. Counted one after the other, each pass read the docs again and waited on
 * its own array's cache misses; in one loop the three arrays' misses overlap. Measured
 * at 1M demo jobs over 81,400 matches ("senior data"): 0.97–1.08 ms in three passes,
 * 0.61–0.63 in one; with the caches cold (another 32 MB read between counts, as the
 * page read and the server leave them under load) 1.58–1.66 against 1.06–1.27.
 *
 * The loop is generated for the layout (groups' shifts and masks, each field's lanes
 * and flag) and compiled once per layout: a loop over the groups and lanes, their
 * numbers unknown to the compiler, ran 1.5–3× slower (value-index.ts, countPerDoc). It
 * does what FacetCodes' grouped count and countPerDoc do, increment for increment, and
 * their read-backs make the counts (tests compare the two ways).
 */
export interface FusedCounts {
  packed: ReturnType<FacetCodes['fusedLists']>;
  /** Per field of `fields`, counts per code (index: code). */
  perCode: Uint32Array[];
}

type Pass = (
  docs: Uint32Array,
  words: Uint32Array,
  histograms: Uint32Array[],
  room: Uint32Array,
  codes: Array<PerDoc['codes']>,
  laneHistograms: Uint32Array[],
  flagged: Uint32Array[],
) => number[];

const passes = new Map<string, Pass>();

/** The counts of `codes` and of `fields` over `docs` in one pass; null when the packed codes are not counted through histograms. */
export function fusedCount(
  codes: FacetCodes,
  fields: readonly PerDoc[],
  docs: Uint32Array,
): FusedCounts | null {
  const layout = codes.fusedLayout();
  if (!layout || !codes.groupedFor(docs.length)) return null;
  const groups = layout.groups.map((g) => ({ shift: g.shift, mask: g.mask }));
  const lanes = fields.map((f) => ({ lanes: f.lanes, flag: f.flag }));
  const key = JSON.stringify({ groups, lanes });
  let pass = passes.get(key);
  if (!pass) passes.set(key, (pass = compile(groups, lanes)));
  const ms = pass(
    docs,
    layout.words,
    layout.histograms,
    layout.room,
    fields.map((f) => f.codes),
    fields.map((f) => f.histograms),
    fields.map((f) => f.flagged),
  );
  return {
    packed: codes.fusedLists(ms[0]!),
    perCode: fields.map((f, i) => perDocCounts(f, ms[i + 1]!)),
  };
}

/**
 * The pass's source for one layout. Only numbers from the index's own layout are
 * written into it (shifts, masks, lane counts, flags), never data.
 */
function compile(
  groups: readonly { shift: number; mask: number }[],
  fields: readonly { lanes: number; flag: number }[],
): Pass {
  const int = (n: number) => {
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`fused count: bad layout number ${n}`);
    return String(n);
  };
  const head: string[] = ['let mp = 0;'];
  const body: string[] = ['const d = docs[i];', 'const w = words[d];', 'const o = i & 1;'];
  groups.forEach((g, k) => {
    head.push(`const h${k} = histograms[${k}];`);
    body.push(`h${k}[o * ${int(g.mask + 1)} + ((w >>> ${int(g.shift)}) & ${int(g.mask)})]++;`);
  });
  // The several-valued docs, branch-free: written whatever the flag, kept when it is set.
  body.push('room[mp] = d;', 'mp += w >>> 31;');
  fields.forEach(({ lanes, flag }, j) => {
    head.push(
      `const c${j} = codes[${j}], g${j} = laneHistograms[${j}], f${j} = flagged[${j}];`,
      `let m${j} = 0;`,
    );
    const stride = flag + 1;
    const at = (lane: number) => (lane === 0 ? `b${j}` : `b${j} + ${int(lane)}`);
    body.push(`const b${j} = d * ${int(lanes)};`);
    for (let lane = 0; lane < lanes - 1; lane++)
      body.push(`g${j}[${int(lane * stride)} + c${j}[${at(lane)}]]++;`);
    body.push(
      `const z${j} = c${j}[${at(lanes - 1)}];`,
      `g${j}[${int((lanes - 1) * stride)} + z${j}]++;`,
      `f${j}[m${j}] = d;`,
      `m${j} += ((z${j} ^ ${int(flag)}) - 1) >>> 31;`,
    );
  });
  const source = [
    ...head,
    'for (let i = 0, n = docs.length; i < n; i++) {',
    ...body.map((line) => `  ${line}`),
    '}',
    `return [mp${fields.map((_, j) => `, m${j}`).join('')}];`,
  ].join('\n');
  return new Function(
    'docs',
    'words',
    'histograms',
    'room',
    'codes',
    'laneHistograms',
    'flagged',
    source,
  ) as Pass;
}
