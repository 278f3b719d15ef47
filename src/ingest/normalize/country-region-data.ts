/**
 * The `country-region-data` package's countries and first-level regions (ISO 3166-1 and
 * 3166-2), read once per thread on first use: countries.ts takes every country from it,
 * regions.ts the regions abroad.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface PackageCountry {
  countryName: string;
  countryShortCode: string;
  regions: { name: string; shortCode?: string }[];
}

let countries: readonly PackageCountry[] | null = null;

export function packageCountries(): readonly PackageCountry[] {
  countries ??= JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('country-region-data/data.json'), 'utf8'),
  ) as PackageCountry[];
  return countries;
}
