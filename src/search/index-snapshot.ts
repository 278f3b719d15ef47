import { createHash, randomUUID } from 'node:crypto';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { endianness } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { asPostings, Bitmap, type Postings } from './bitmap.ts';
import { VALUE_FIELDS, type ValueField } from './index-data.ts';
import type { IndexParts } from './index-builder.ts';
import type { GeoPoints } from './geo-index.ts';
import { BlockReader, BlockWriter } from './snapshot-blocks.ts';
import { SnapshotError } from './snapshot-error.ts';
import { TEXT_FIELDS, type TextField } from './term-index.ts';

/**
 * The index's parts in one file, so that a gateway starts from it plus the changes since
 * `position` instead of reading a million rows (issue 9, item 3).
 *
 * Layout: the prelude (magic, format version), then checksummed blocks (snapshot-blocks.ts):
 * a JSON header (meta, layout fingerprint, how many of everything follow), the ids as JSON
 * arrays, the four per-doc numbers as raw little-endian float64, the coordinates (geo: each
 * doc's first point, then latitudes and longitudes, float64 too), `hasSalaryMin`, every
 * word and value bitmap in roaring's portable serialization beside its key, the company
 * names, and an end block with the block count and a checksum over all blocks' checksums
 * (so a missing, repeated or reordered block is seen too). Saved to a temporary file,
 * fsynced and renamed over the old one: a reader sees the old file or the new, whole.
 */
export const SNAPSHOT_FORMAT = 1;
const MAGIC = Buffer.from('JOBIDXSN', 'latin1');
const PRELUDE = 16;

/**
 * What the parts mean. Bump when the builder changes what it stores for the same rows
 * (a value's normalization, a new field): older files are then refused as another layout.
 */
const PARTS_REVISION = 2;
const FLOAT_FIELDS = ['postedUs', 'firstSeenUs', 'salaryHigh', 'salaryLow'] as const;
/** The coordinates' arrays (geo-index.ts GeoPoints), in file order. */
const GEO_FIELDS = ['start', 'lat', 'lon'] as const;
/** Bitmap groups in file order: the words per text field, then the values per value field. */
const GROUPS: { kind: 'words' | 'values'; field: TextField | ValueField }[] = [
  ...TEXT_FIELDS.map((field) => ({ kind: 'words' as const, field })),
  ...VALUE_FIELDS.map((field) => ({ kind: 'values' as const, field })),
];
export const SNAPSHOT_FINGERPRINT = createHash('sha256')
  .update(JSON.stringify({ PARTS_REVISION, FLOAT_FIELDS, GEO_FIELDS, GROUPS }))
  .digest('hex')
  .slice(0, 16);

/** A block's first byte: what it holds. */
const Kind = {
  Header: 1,
  Ids: 2,
  Floats: 3,
  HasSalaryMin: 4,
  Bitmaps: 5,
  Companies: 6,
  End: 7,
  Geo: 8,
} as const;
const IDS_PER_BLOCK = 50_000;
const COMPANIES_PER_BLOCK = 20_000;

/** What the caller says about the snapshot: where in the change log it was taken. */
export interface SnapshotMeta {
  /** The change-log position the parts include every change up to. */
  position: string;
  /** ISO time the parts were read from the database. */
  builtAt: string;
  docCount: number;
}

export interface SnapshotFileInfo {
  format: number;
  fingerprint: string;
  /** crc32 over every block's crc32, hex. */
  checksum: string;
  bytes: number;
}

interface Header {
  meta: SnapshotMeta;
  fingerprint: string;
  /** Entries per group (GROUPS order), company names and coordinate points. */
  counts: { groups: number[]; companies: number; points: number };
}

export interface SaveOptions {
  /** Bytes per block (tests make them small to cover many blocks). @default 4 MiB */
  blockBytes?: number;
}

/**
 * Writes `parts` to `path` atomically (temporary file, fsync, rename). It yields between
 * blocks: the parts must not change until it resolves (save a copy, or hold the changes).
 */
export async function saveIndexSnapshot(
  path: string,
  parts: IndexParts,
  meta: SnapshotMeta,
  options: SaveOptions = {},
): Promise<SnapshotFileInfo> {
  if (endianness() !== 'LE') throw new Error('index snapshot: only little-endian machines are supported');
  if (parts.ids.length !== meta.docCount)
    throw new Error(`index snapshot: docCount ${meta.docCount} but ${parts.ids.length} ids`);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`);
  const file = await open(temporary, 'wx');
  let info: SnapshotFileInfo;
  try {
    info = await writeParts(new BlockWriter(file, options.blockBytes), parts, meta);
    await file.sync();
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await file.close();
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(path));
  return info;
}

async function writeParts(w: BlockWriter, parts: IndexParts, meta: SnapshotMeta): Promise<SnapshotFileInfo> {
  const prelude = w.take(PRELUDE).fill(0);
  MAGIC.copy(prelude, 0);
  prelude.writeUInt32LE(SNAPSHOT_FORMAT, 8);
  await w.flushRaw();
  const header: Header = {
    meta: { position: meta.position, builtAt: meta.builtAt, docCount: meta.docCount },
    fingerprint: SNAPSHOT_FINGERPRINT,
    counts: {
      groups: GROUPS.map((g) => groupOf(parts, g).size),
      companies: parts.companiesByName.size,
      points: parts.geo.lat.length,
    },
  };
  w.u8(Kind.Header);
  writeText(w, JSON.stringify(header));
  await w.flush();

  for (let first = 0; first < parts.ids.length; first += IDS_PER_BLOCK) {
    w.u8(Kind.Ids);
    w.u32(first);
    writeText(w, JSON.stringify(parts.ids.slice(first, first + IDS_PER_BLOCK)));
    await w.flush();
  }

  for (const [f, field] of FLOAT_FIELDS.entries()) await writeFloats(w, Kind.Floats, f, parts[field]);
  for (const [f, field] of GEO_FIELDS.entries()) {
    const values = parts.geo[field];
    await writeFloats(w, Kind.Geo, f, values instanceof Float64Array ? values : Float64Array.from(values));
  }

  w.u8(Kind.HasSalaryMin);
  writeBitmap(w, parts.hasSalaryMin);
  await w.flush();

  for (const [g, group] of GROUPS.entries()) {
    let count = 0;
    const start = () => {
      w.u8(Kind.Bitmaps);
      w.u8(g);
      w.u32(0); // the count, set at the end
      count = 0;
    };
    const end = async () => {
      w.setU32(2, count);
      await w.flush();
    };
    start();
    for (const [key, postings] of groupOf(parts, group)) {
      // A small index's doc arrays (bitmap.ts Postings) are written as the bitmaps they stand for.
      const bitmap = postings instanceof Uint32Array ? new Bitmap(postings) : postings;
      try {
        const need = 8 + Buffer.byteLength(key) + bitmap.getSerializationSizeInBytes('portable');
        if (count > 0 && !w.fits(need)) {
          await end();
          start();
        }
        writeText(w, key);
        writeBitmap(w, bitmap);
        count++;
      } finally {
        if (bitmap !== postings) bitmap.dispose();
      }
    }
    await end();
  }

  const companies = [...parts.companiesByName];
  for (let first = 0; first < companies.length || first === 0; first += COMPANIES_PER_BLOCK) {
    w.u8(Kind.Companies);
    writeText(w, JSON.stringify(companies.slice(first, first + COMPANIES_PER_BLOCK)));
    await w.flush();
  }

  const blocks = w.blocks;
  const chain = w.chain;
  w.u8(Kind.End);
  w.u32(blocks);
  w.u32(chain);
  await w.flush();
  return {
    format: SNAPSHOT_FORMAT,
    fingerprint: SNAPSHOT_FINGERPRINT,
    checksum: hex(chain),
    bytes: w.bytes,
  };
}

/** Raw little-endian float64s in blocks: kind, array number, first index, the numbers. */
async function writeFloats(w: BlockWriter, kind: number, f: number, values: Float64Array): Promise<void> {
  // A block's numbers: its size less the kind, array number and first index.
  const perBlock = Math.max(1, Math.floor((w.blockBytes - 6) / 8));
  for (let first = 0; first < values.length; first += perBlock) {
    const count = Math.min(perBlock, values.length - first);
    w.u8(kind);
    w.u8(f);
    w.u32(first);
    Buffer.from(values.buffer, values.byteOffset + first * 8, count * 8).copy(w.take(count * 8));
    await w.flush();
  }
}

function writeText(w: BlockWriter, text: string): void {
  const n = Buffer.byteLength(text);
  w.u32(n);
  w.take(n).write(text, 'utf8');
}

function writeBitmap(w: BlockWriter, bitmap: Bitmap): void {
  const n = bitmap.getSerializationSizeInBytes('portable');
  w.u32(n);
  bitmap.serialize('portable', w.take(n));
}

function groupOf(parts: IndexParts, group: (typeof GROUPS)[number]): Map<string, Postings> {
  return group.kind === 'words'
    ? parts.words[group.field as TextField]
    : parts.values[group.field as ValueField];
}

/**
 * Reads a snapshot back. Anything but a whole, intact file of this format and layout
 * raises a `SnapshotError` saying why (and frees what it had read): never a partial index.
 */
export async function loadIndexSnapshot(
  path: string,
): Promise<{ parts: IndexParts; meta: SnapshotMeta & SnapshotFileInfo }> {
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new SnapshotError(
      missing ? 'missing' : 'io',
      `snapshot ${path}: ${missing ? 'no such file' : (error as Error).message}`,
      { cause: error },
    );
  }
  const loader = new SnapshotLoader(path);
  try {
    return await loader.load(file);
  } catch (error) {
    loader.dispose();
    if (error instanceof SnapshotError) throw error;
    const io = typeof (error as NodeJS.ErrnoException).code === 'string';
    throw new SnapshotError(
      io ? 'io' : 'corrupt',
      `snapshot ${path}: ${io ? '' : 'corrupt: '}${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    await file.close().catch(() => undefined);
  }
}

/** Reads the blocks into parts, checking that each part arrives whole and once. */
class SnapshotLoader {
  private readonly made: Bitmap[] = [];
  private readonly path: string;

  constructor(path: string) {
    this.path = path;
  }

  dispose(): void {
    for (const b of this.made) b.dispose();
    this.made.length = 0;
  }

  private fail(problem: 'foreign' | 'version' | 'layout' | 'corrupt' | 'truncated', why: string): never {
    throw new SnapshotError(problem, `snapshot ${this.path}: ${why}`);
  }

  async load(file: FileHandle): Promise<{ parts: IndexParts; meta: SnapshotMeta & SnapshotFileInfo }> {
    const { size } = await file.stat();
    const prelude = Buffer.alloc(PRELUDE);
    const { bytesRead } = await file.read(prelude, 0, PRELUDE, 0);
    if (bytesRead >= MAGIC.length && !prelude.subarray(0, MAGIC.length).equals(MAGIC))
      this.fail('foreign', 'not an index snapshot (no JOBIDXSN magic)');
    if (bytesRead < PRELUDE) this.fail('truncated', `truncated: ${size} bytes, not even the prelude`);
    const format = prelude.readUInt32LE(8);
    if (format !== SNAPSHOT_FORMAT)
      this.fail('version', `format ${format}, this build reads format ${SNAPSHOT_FORMAT}: rebuild it`);
    if (prelude.readUInt32LE(12) !== 0) this.fail('corrupt', 'a damaged prelude');
    if (endianness() !== 'LE') this.fail('foreign', 'written little-endian, this machine is not');

    const reader = new BlockReader(file, size, PRELUDE, this.path);
    const first = await reader.next();
    if (first[0] !== Kind.Header) this.fail('corrupt', 'the first block is not the header');
    const header = JSON.parse(new Cursor(first, 1, this.path).text()) as Header;
    if (header.fingerprint !== SNAPSHOT_FINGERPRINT)
      this.fail(
        'layout',
        `index layout ${header.fingerprint}, this build's is ${SNAPSHOT_FINGERPRINT}: rebuild it`,
      );
    const docCount = header.meta.docCount;
    if (!Number.isSafeInteger(docCount) || docCount < 0 || header.counts.groups.length !== GROUPS.length)
      this.fail('corrupt', 'a header this build did not write');

    const ids: string[] = [];
    const floats = FLOAT_FIELDS.map(() => new Float64Array(docCount));
    const filled = FLOAT_FIELDS.map(() => 0);
    const points = header.counts.points;
    if (!Number.isSafeInteger(points) || points < 0)
      this.fail('corrupt', 'a header this build did not write');
    const geo = [docCount + 1, points, points].map((n) => new Float64Array(n));
    const geoFilled = GEO_FIELDS.map(() => 0);
    const maps = GROUPS.map(() => new Map<string, Postings>());
    let hasSalaryMin: Bitmap | undefined;
    const companies = new Map<string, string[]>();

    for (;;) {
      const chainBefore = reader.chain;
      const blocksBefore = reader.blocks;
      const block = await reader.next();
      const c = new Cursor(block, 1, this.path);
      switch (block[0]) {
        case Kind.Ids: {
          if (c.u32() !== ids.length) this.fail('corrupt', 'ids out of order');
          for (const id of JSON.parse(c.text()) as unknown[]) {
            if (typeof id !== 'string') this.fail('corrupt', 'an id that is not a string');
            ids.push(id);
          }
          break;
        }
        case Kind.Floats: {
          const f = c.u8();
          const start = c.u32();
          const bytes = c.rest();
          const target = floats[f];
          if (!target || start !== filled[f] || bytes.length % 8 || start + bytes.length / 8 > docCount)
            this.fail('corrupt', 'a block of numbers out of place');
          new Uint8Array(target.buffer, start * 8, bytes.length).set(bytes);
          filled[f] = start + bytes.length / 8;
          break;
        }
        case Kind.Geo: {
          const f = c.u8();
          const start = c.u32();
          const bytes = c.rest();
          const target = geo[f];
          if (
            !target ||
            start !== geoFilled[f] ||
            bytes.length % 8 ||
            start + bytes.length / 8 > target.length
          )
            this.fail('corrupt', 'a block of coordinates out of place');
          new Uint8Array(target.buffer, start * 8, bytes.length).set(bytes);
          geoFilled[f] = start + bytes.length / 8;
          break;
        }
        case Kind.HasSalaryMin:
          if (hasSalaryMin) this.fail('corrupt', 'hasSalaryMin twice');
          hasSalaryMin = this.bitmap(c, docCount);
          break;
        case Kind.Bitmaps: {
          const g = c.u8();
          const map = maps[g];
          if (!map) this.fail('corrupt', 'a bitmap group this build does not know');
          // A word of few jobs becomes a doc array, as the index builds it (bitmap.ts Postings).
          const words = GROUPS[g]!.kind === 'words';
          for (let n = c.u32(); n > 0; n--) {
            const key = c.text();
            if (map.has(key)) this.fail('corrupt', `the key ${JSON.stringify(key)} twice`);
            map.set(key, words ? this.postings(c, docCount) : this.bitmap(c, docCount));
          }
          break;
        }
        case Kind.Companies:
          for (const [name, list] of JSON.parse(c.text()) as [string, string[]][]) companies.set(name, list);
          break;
        case Kind.End: {
          if (c.u32() !== blocksBefore || c.u32() !== chainBefore)
            this.fail('corrupt', 'blocks missing, repeated or out of order');
          if (!reader.atEnd) this.fail('corrupt', `bytes after the end block (at ${reader.position})`);
          const complete =
            ids.length === docCount &&
            filled.every((n) => n === docCount) &&
            geoFilled.every((n, f) => n === geo[f]!.length) &&
            hasSalaryMin !== undefined &&
            maps.every((m, g) => m.size === header.counts.groups[g]) &&
            companies.size === header.counts.companies;
          if (!complete) this.fail('corrupt', 'parts missing');
          const geoPoints = this.geoPoints(geo as [Float64Array, Float64Array, Float64Array]);
          const [postedUs, firstSeenUs, salaryHigh, salaryLow] = floats as [
            Float64Array,
            Float64Array,
            Float64Array,
            Float64Array,
          ];
          const parts: IndexParts = {
            ids,
            postedUs,
            firstSeenUs,
            salaryHigh,
            salaryLow,
            hasSalaryMin: hasSalaryMin!,
            geo: geoPoints,
            words: Object.fromEntries(
              GROUPS.flatMap((g, i) => (g.kind === 'words' ? [[g.field, maps[i]!]] : [])),
            ) as Record<TextField, Map<string, Postings>>,
            values: Object.fromEntries(
              GROUPS.flatMap((g, i) => (g.kind === 'values' ? [[g.field, maps[i]!]] : [])),
            ) as Record<ValueField, Map<string, Bitmap>>,
            companiesByName: companies,
          };
          this.made.length = 0; // handed over
          return {
            parts,
            meta: {
              ...header.meta,
              format,
              fingerprint: header.fingerprint,
              checksum: hex(chainBefore),
              bytes: size,
            },
          };
        }
        default:
          this.fail('corrupt', `a block of unknown kind ${block[0]}`);
      }
      if (!c.done) this.fail('corrupt', 'bytes left over in a block');
    }
  }

  /** The coordinates, each doc's first point checked to rise to the point count. */
  private geoPoints([start, lat, lon]: [Float64Array, Float64Array, Float64Array]): GeoPoints {
    const starts = Uint32Array.from(start);
    for (let i = 0; i < start.length; i++)
      if (starts[i] !== start[i] || (i > 0 && starts[i]! < starts[i - 1]!))
        this.fail('corrupt', 'coordinates out of order');
    if (starts[0] !== 0 || starts.at(-1) !== lat.length) this.fail('corrupt', 'coordinates out of order');
    return { start: starts, lat, lon };
  }

  private bitmap(c: Cursor, docCount: number): Bitmap {
    const bitmap = Bitmap.deserialize(c.bytes(c.u32()), 'portable');
    this.made.push(bitmap);
    if (!bitmap.isEmpty && bitmap.maximum() >= docCount)
      this.fail('corrupt', 'a doc number past the last job');
    return bitmap;
  }

  private postings(c: Cursor, docCount: number): Postings {
    const p = asPostings(this.bitmap(c, docCount));
    if (p instanceof Uint32Array) this.made.pop(); // disposed: nothing native left to free
    return p;
  }
}

/** Bounds-checked reading of one block's payload. */
class Cursor {
  private readonly buf: Buffer;
  private at: number;
  private readonly path: string;

  constructor(buf: Buffer, at: number, path: string) {
    this.buf = buf;
    this.at = at;
    this.path = path;
  }

  get done(): boolean {
    return this.at === this.buf.length;
  }

  bytes(n: number): Buffer {
    if (n > this.buf.length - this.at)
      throw new SnapshotError('corrupt', `snapshot ${this.path}: corrupt: a field runs past its block`);
    const out = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }

  u8(): number {
    return this.bytes(1)[0]!;
  }

  u32(): number {
    return this.bytes(4).readUInt32LE(0);
  }

  text(): string {
    return this.bytes(this.u32()).toString('utf8');
  }

  rest(): Buffer {
    return this.bytes(this.buf.length - this.at);
  }
}

const hex = (n: number) => n.toString(16).padStart(8, '0');

/** Makes the rename durable (the directory entry), where the platform allows. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms cannot open or fsync a directory; the file itself is synced.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
