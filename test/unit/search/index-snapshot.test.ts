import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticRows } from '../../../scripts/bench/search-index.ts';
import type { SortOrder } from '../../../src/domain/enums.ts';
import type { JobFilter } from '../../../src/domain/job-filter.ts';
import type { Postings } from '../../../src/search/bitmap.ts';
import { assembleIndexData, JobIndexBuilder, type IndexParts } from '../../../src/search/index-builder.ts';
import {
  loadIndexSnapshot,
  saveIndexSnapshot,
  type SnapshotMeta,
} from '../../../src/search/index-snapshot.ts';
import { SearchIndex } from '../../../src/search/search-index.ts';
import { SnapshotError, type SnapshotProblem } from '../../../src/search/snapshot-error.ts';

/**
 * The snapshot file gives back exactly the parts it was given, and refuses every damaged
 * or foreign file with a SnapshotError (never a wrong index, never a crash).
 */
const ORG = '00000000-0000-4000-8000-0000000000aa';
const NOW = new Date('2026-11-22T12:00:00Z');
let dir: string;
let parts: IndexParts;
let meta: SnapshotMeta;
/** A snapshot in small blocks (many of each kind), read back by the damage tests. */
let file: string;
let bytes: Buffer;

function buildParts(count: number): IndexParts {
  const { ids, rows } = syntheticRows(count);
  const builder = new JobIndexBuilder(ids);
  builder.addCompanies(
    rows.slice(0, 50).map((r, i) => ({ id: r.companyId, nameKey: `company ${i}`, normalizedName: `co${i}` })),
  );
  builder.addJobs(rows);
  builder.addMemberships(
    rows.filter((_, i) => i % 7 === 0).map((r) => ({ organizationId: ORG, jobId: r.id })),
  );
  return builder.finish();
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'index-snapshot-'));
  parts = buildParts(3000);
  meta = { position: '0/1A2B3C:42', builtAt: NOW.toISOString(), docCount: parts.ids.length };
  file = join(dir, 'small-blocks.snapshot');
  await saveIndexSnapshot(file, parts, meta, { blockBytes: 4096 });
  bytes = await readFile(file);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function expectSameParts(a: IndexParts, b: IndexParts) {
  expect(b.ids).toEqual(a.ids);
  for (const f of ['postedUs', 'firstSeenUs', 'salaryHigh', 'salaryLow'] as const)
    expect(Buffer.from(b[f].buffer).equals(Buffer.from(a[f].buffer)), f).toBe(true);
  expect(b.hasSalaryMin.isEqual(a.hasSalaryMin)).toBe(true);
  if (a.ids.length > 0) expect(a.geo.lat.length, 'some coordinates').toBeGreaterThan(0);
  expect([...b.geo.start]).toEqual([...a.geo.start]);
  for (const f of ['lat', 'lon'] as const)
    expect(Buffer.from(b.geo[f].buffer).equals(Buffer.from(a.geo[f].buffer)), `geo.${f}`).toBe(true);
  // Docs as arrays: a small index's words may be doc arrays rather than bitmaps (Postings).
  const docs = (p: Postings) => [...(p instanceof Uint32Array ? p : p.toUint32Array())];
  const sameMaps = (x: Map<string, Postings>, y: Map<string, Postings>, what: string) => {
    expect([...y.keys()].sort(), what).toEqual([...x.keys()].sort());
    for (const [key, postings] of x) expect(docs(y.get(key)!), `${what} ${key}`).toEqual(docs(postings));
  };
  for (const f of Object.keys(a.words) as (keyof IndexParts['words'])[])
    sameMaps(a.words[f], b.words[f], `words.${f}`);
  for (const f of Object.keys(a.values) as (keyof IndexParts['values'])[])
    sameMaps(a.values[f], b.values[f], `values.${f}`);
  expect(b.companiesByName).toEqual(a.companiesByName);
}

async function expectRefused(content: Uint8Array, problems: SnapshotProblem[], name = 'damaged') {
  const path = join(dir, name);
  await writeFile(path, content);
  const error = await loadIndexSnapshot(path).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `${name}: loaded`).toBeInstanceOf(SnapshotError);
  expect(problems, (error as Error).message).toContain((error as SnapshotError).problem);
  return error as SnapshotError;
}

/** The file's blocks: [offset, length] of each payload. */
function blocksOf(content: Buffer): [number, number][] {
  const out: [number, number][] = [];
  for (let at = 16; at < content.length;) {
    const length = content.readUInt32LE(at);
    out.push([at + 8, length]);
    at += 8 + length;
  }
  return out;
}

/**
 * Rewrites one block's payload with valid checksums (and the end block's chain): a file
 * that passes every checksum but says something this build did not write.
 */
function reframed(content: Buffer, block: number, edit: (payload: Buffer) => Buffer): Buffer {
  const payloads: Buffer[] = blocksOf(content).map(([at, n]) => Buffer.from(content.subarray(at, at + n)));
  payloads[block] = edit(payloads[block]!);
  const out: Buffer[] = [content.subarray(0, 16)];
  let chain = 0;
  payloads.forEach((payload, i) => {
    if (i === payloads.length - 1) payload.writeUInt32LE(chain >>> 0, 5);
    const frame = Buffer.alloc(8);
    frame.writeUInt32LE(payload.length, 0);
    frame.writeUInt32LE(crc32(payload), 4);
    chain = crc32(frame.subarray(4, 8), chain);
    out.push(frame, payload);
  });
  return Buffer.concat(out);
}

describe('index snapshot', () => {
  it('gives back the parts it was given, and the meta', async () => {
    const loaded = await loadIndexSnapshot(file);
    expectSameParts(parts, loaded.parts);
    expect(loaded.meta).toMatchObject({ ...meta, format: 1, bytes: bytes.length });
    expect(loaded.meta.checksum).toMatch(/^[0-9a-f]{8}$/);
    // Small blocks: every kind spans many of them.
    expect(blocksOf(bytes).length).toBeGreaterThan(100);
  });

  it('with the default block size too, and an index over it answers as the built one', async () => {
    const path = join(dir, 'default.snapshot');
    const info = await saveIndexSnapshot(path, parts, meta);
    const loaded = await loadIndexSnapshot(path);
    expect(loaded.meta.checksum).toBe(info.checksum);
    expectSameParts(parts, loaded.parts);
    const built = new SearchIndex(assembleIndexData(buildParts(3000)), () => NOW);
    const restored = new SearchIndex(assembleIndexData(loaded.parts), () => NOW);
    const page = { offset: 0, limit: 20 };
    const cases: [JobFilter, SortOrder | undefined][] = [
      [{ query: 'engineer' }, undefined],
      [{ query: 'ka te', remoteTypes: ['remote'] }, 'relevance'],
      [{ countries: ['US'], minSalaryUsd: 120_000 }, 'salary'],
      [{ organizationId: ORG }, 'newest'],
      [{ skills: ['skill1'] }, 'first_seen'],
    ];
    for (const [filter, sort] of cases)
      expect(restored.query(filter, sort, page, { facets: true })).toEqual(
        built.query(filter, sort, page, { facets: true }),
      );
  });

  it('with blocks smaller than one item (each item then gets a block of its own)', async () => {
    const few = buildParts(300);
    const path = join(dir, 'tiny-blocks.snapshot');
    await saveIndexSnapshot(path, few, { ...meta, docCount: 300 }, { blockBytes: 16 });
    expectSameParts(few, (await loadIndexSnapshot(path)).parts);
  });

  it('an empty index', async () => {
    const empty = buildParts(0);
    const path = join(dir, 'empty.snapshot');
    await saveIndexSnapshot(path, empty, { ...meta, docCount: 0 });
    const loaded = await loadIndexSnapshot(path);
    expectSameParts(empty, loaded.parts);
    expect(loaded.meta.docCount).toBe(0);
  });

  it('replaces the old file whole and leaves no temporary behind', async () => {
    const path = join(dir, 'replaced.snapshot');
    await saveIndexSnapshot(path, buildParts(10), { ...meta, docCount: 10 });
    await saveIndexSnapshot(path, parts, meta);
    expect((await loadIndexSnapshot(path)).meta.docCount).toBe(parts.ids.length);
    // A save that fails keeps the old file.
    await expect(saveIndexSnapshot(path, parts, { ...meta, docCount: 1 })).rejects.toThrow(/docCount/);
    expect((await loadIndexSnapshot(path)).meta.docCount).toBe(parts.ids.length);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a missing file and a file that is no snapshot', async () => {
    await expect(loadIndexSnapshot(join(dir, 'nothing-here'))).rejects.toMatchObject({ problem: 'missing' });
    await expectRefused(Buffer.from('{"jobs": [1, 2, 3]}\n'), ['foreign'], 'foreign.json');
    await expectRefused(Buffer.alloc(0), ['truncated'], 'empty');
  });

  it('refuses an older or newer format', async () => {
    for (const version of [0, 2, 0xffffffff]) {
      const copy = Buffer.from(bytes);
      copy.writeUInt32LE(version, 8);
      const error = await expectRefused(copy, ['version'], `version-${version}`);
      expect(error.message).toContain(`format ${version}`);
    }
  });

  it('refuses a file cut anywhere', async () => {
    const blocks = blocksOf(bytes);
    const cuts = new Set([1, 8, 15, 16, 17, 20, bytes.length - 1]);
    // Every block boundary (a whole file short of its last blocks) and mid-block.
    for (const [at, n] of blocks.filter((_, i) => i % 29 === 0)) {
      cuts.add(at - 8);
      cuts.add(at + Math.floor(n / 2));
    }
    for (const cut of cuts)
      await expectRefused(bytes.subarray(0, cut), ['truncated', 'foreign'], `cut-${cut}`);
  });

  it('refuses a file with any byte changed', async () => {
    const rnd = seeded(7);
    const positions = new Set([0, 7, 8, 11, 12, 15, 16, 19, 20, 23, 24, bytes.length - 1]);
    while (positions.size < 100) positions.add(Math.floor(rnd() * bytes.length));
    for (const at of positions) {
      const copy = Buffer.from(bytes);
      copy[at]! ^= 1 << Math.floor(rnd() * 8);
      await expectRefused(copy, ['corrupt', 'truncated', 'foreign', 'version'], `flip-${at}`);
    }
  });

  it('refuses extra bytes after the end, and blocks repeated or left out', async () => {
    await expectRefused(Buffer.concat([bytes, Buffer.from([0])]), ['corrupt', 'truncated'], 'trailing');
    const blocks = blocksOf(bytes);
    const [at, n] = blocks[5]!;
    const withoutBlock = Buffer.concat([bytes.subarray(0, at - 8), bytes.subarray(at + n)]);
    await expectRefused(withoutBlock, ['corrupt'], 'block-left-out');
    const repeated = Buffer.concat([bytes.subarray(0, at + n), bytes.subarray(at - 8)]);
    await expectRefused(repeated, ['corrupt'], 'block-repeated');
  });

  it('refuses a whole file of another index layout, and parts that do not fit together', async () => {
    const header = (edit: (h: { fingerprint: string; meta: SnapshotMeta }) => void) =>
      reframed(bytes, 0, (payload) => {
        const h = JSON.parse(payload.subarray(5).toString()) as Parameters<typeof edit>[0];
        edit(h);
        const json = Buffer.from(JSON.stringify(h));
        const out = Buffer.alloc(5 + json.length);
        out[0] = payload[0]!;
        out.writeUInt32LE(json.length, 1);
        json.copy(out, 5);
        return out;
      });
    // The reframing itself keeps a valid file valid.
    expectSameParts(parts, (await loadIndexSnapshot(await written(header(() => undefined)))).parts);
    await expectRefused(
      header((h) => (h.fingerprint = '0123456789abcdef')),
      ['layout'],
      'layout',
    );
    await expectRefused(
      header((h) => (h.meta.docCount -= 1)),
      ['corrupt'],
      'fewer-docs',
    );
    await expectRefused(
      header((h) => (h.meta.docCount += 1)),
      ['corrupt'],
      'more-docs',
    );
  });
});

async function written(content: Buffer): Promise<string> {
  const path = join(dir, 'reframed');
  await writeFile(path, content);
  return path;
}

function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
