/**
 * Every country's subdivisions by their English names, from the `@countrystatecity/countries`
 * package (ODbL): "Bavaria", "Catalonia", "Scotland", "Lombardy". `country-region-data` has
 * the local spellings only ("Bayern"), and postings written in English use the English ones
 * ("Bavaria, Germany"). The package's `native` field is not read: for many countries it is
 * a machine translation ("Great", "Saturday"), no name a posting would use. Read once per
 * thread on first use: one small states file per country.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface PackageState {
  name: string;
}

let names: ReadonlyMap<string, readonly string[]> | null = null;

/** Country code (ISO 3166-1 alpha-2) → the names of its subdivisions, as the package writes them. */
export function subdivisionNames(): ReadonlyMap<string, readonly string[]> {
  names ??= readSubdivisionNames(
    dirname(createRequire(import.meta.url).resolve('@countrystatecity/countries/data/countries.json')),
  );
  return names;
}

/**
 * The names under the package's data folder: one folder per country, named
 * "<Country_Name>-<code>" ("Germany-DE", "Guinea-Bissau-GW"), each with its states.json.
 */
export function readSubdivisionNames(data: string): ReadonlyMap<string, readonly string[]> {
  const byCountry = new Map<string, string[]>();
  for (const entry of readdirSync(data, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const code = entry.name.slice(entry.name.lastIndexOf('-') + 1);
    const states = JSON.parse(readFileSync(join(data, entry.name, 'states.json'), 'utf8')) as PackageState[];
    byCountry.set(
      code,
      states.map((s) => s.name),
    );
  }
  return byCountry;
}
