/**
 * The gazetteer's key cache (gazetteer.ts): the keys of its 135,000 names are computed once
 * per machine and read back, checked, by every thread and process after.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gazetteerKeys, placeKey } from '../../../src/ingest/normalize/gazetteer.ts';

const NAMES = Array.from({ length: 200 }, (_, i) =>
  ['Zürich', 'Saint-Étienne', 'St.Petersburg', 'New York City', 'Зуунмод', 'Washington, D.C.'][i % 6]!.concat(
    i >= 6 ? ` ${i}` : '',
  ),
);
const SOURCE = new TextEncoder().encode('a stand-in for cities.pbf');
const expected = NAMES.map((n) => placeKey(n));

function cacheFile(dir: string): string {
  const files = readdirSync(dir).filter((f) => f.startsWith('gazetteer-keys-'));
  expect(files).toHaveLength(1);
  return join(dir, files[0]!);
}

describe('gazetteer key cache', () => {
  it('writes the keys once, one per line, then reads them back without writing again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gazetteer-keys-'));
    expect(gazetteerKeys(NAMES, SOURCE, dir)).toEqual(expected);
    const file = cacheFile(dir);
    expect(readFileSync(file, 'utf8').split('\n')).toEqual(expected);
    const written = statSync(file).mtimeMs;
    expect(gazetteerKeys(NAMES, SOURCE, dir)).toEqual(expected);
    expect(statSync(file).mtimeMs).toBe(written);
    // No partial file is left behind.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('computes the keys anew when a checked key disagrees or the count differs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gazetteer-keys-'));
    gazetteerKeys(NAMES, SOURCE, dir);
    const file = cacheFile(dir);
    // Key 0 is among those checked on every read: a file from other rules.
    writeFileSync(file, ['other rules', ...expected.slice(1)].join('\n'));
    expect(gazetteerKeys(NAMES, SOURCE, dir)).toEqual(expected);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(expected[0]);
    // …and so is every 61st after it: a damaged key 61 is noticed as well.
    writeFileSync(file, expected.map((k, i) => (i === 61 ? 'damaged' : k)).join('\n'));
    expect(gazetteerKeys(NAMES, SOURCE, dir)).toEqual(expected);
    expect(readFileSync(file, 'utf8').split('\n')[61]).toBe(expected[61]);
    writeFileSync(file, expected.slice(0, 10).join('\n'));
    expect(gazetteerKeys(NAMES, SOURCE, dir)).toEqual(expected);
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(NAMES.length);
  });

  it('names its file by the data: another source is another file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gazetteer-keys-'));
    gazetteerKeys(NAMES, SOURCE, dir);
    gazetteerKeys(NAMES, new TextEncoder().encode('another cities.pbf'), dir);
    const files = readdirSync(dir).filter((f) => f.startsWith('gazetteer-keys-'));
    expect(files).toHaveLength(2);
    // Named by 16 hex digits of the hash.
    for (const f of files) expect(f).toMatch(/^gazetteer-keys-[0-9a-f]{16}\.txt$/);
  });

  it('computes the keys when the cache cannot be written or is off', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gazetteer-keys-'));
    const notADir = join(dir, 'file');
    writeFileSync(notADir, '');
    expect(gazetteerKeys(NAMES, SOURCE, join(notADir, 'cache'))).toEqual(expected);
    expect(gazetteerKeys(NAMES, SOURCE, null)).toEqual(expected);
  });
});
