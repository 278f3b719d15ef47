/**
 * The English names of every country's subdivisions (subdivision-names.ts), read from the
 * `@countrystatecity/countries` package's data folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSubdivisionNames, subdivisionNames } from '../../../src/ingest/normalize/subdivision-names.ts';

const dir = mkdtempSync(join(tmpdir(), 'subdivisions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function country(folder: string, states: object[]) {
  mkdirSync(join(dir, folder));
  writeFileSync(join(dir, folder, 'states.json'), JSON.stringify(states));
}

describe('subdivision names', () => {
  it("reads each country folder's states by name, the code after the folder name's last dash", () => {
    country('Germany-DE', [
      { name: 'Bavaria', native: 'Bayern', iso2: 'BY' },
      { name: 'Hesse', native: 'Hessen', iso2: 'HE' },
    ]);
    country('Guinea-Bissau-GW', [{ name: 'Bafatá', native: 'Bafatá' }]);
    // Files beside the folders (the package's countries.json, regions.json) are no country.
    writeFileSync(join(dir, 'countries.json'), '[]');
    const names = readSubdivisionNames(dir);
    expect([...names.keys()].sort()).toEqual(['DE', 'GW']);
    // The `native` field is not read (for many countries a machine translation).
    expect(names.get('DE')).toEqual(['Bavaria', 'Hesse']);
    expect(names.get('GW')).toEqual(['Bafatá']);
  });

  it("has the package's English names, read once", () => {
    const names = subdivisionNames();
    expect(names.get('DE')).toEqual(expect.arrayContaining(['Bavaria', 'Lower Saxony']));
    expect(names.get('ES')).toContain('Catalonia');
    expect(names.get('GB')).toEqual(expect.arrayContaining(['England', 'Scotland', 'Wales']));
    expect(names.get('GW')?.length).toBeGreaterThan(0);
    expect(names.size).toBeGreaterThan(200);
    expect(subdivisionNames()).toBe(names);
  });
});
