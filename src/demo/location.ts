/**
 * Picks where a demo job is and writes it the way feeds do: "San Francisco, CA",
 * "London, England, United Kingdom", "Remote - United States", "New York, NY; Austin, TX".
 */
import type { FeedStyle, Workplace } from './feed-styles.ts';
import {
  CITY_PAY,
  COUNTRIES,
  COUNTRY_BY_CODE,
  REMOTE_AREAS,
  type CityRow,
  type DemoCountry,
} from './places.ts';
import { createWeightedTable, type Rng, type WeightedTable } from './random.ts';

export interface PlacePick {
  /** The country whose pay and currency apply. */
  country: DemoCountry;
  /** First city, or null for a remote posting. */
  city: string | null;
  cityPay: number;
  locationText: string;
  extraLocations?: string[];
  structured?: { city: string; region: string | null; country: string };
}

const COUNTRY_TABLE = createWeightedTable(COUNTRIES.map((c) => [c, c.weight] as const));
const CITY_TABLES = new Map<string, WeightedTable<CityRow>>(
  COUNTRIES.map((c) => [c.code, createWeightedTable(c.cities.map((row) => [row, row[3] ?? 1] as const))]),
);

function pickCountry(rng: Rng, hq: string): DemoCountry {
  const home = COUNTRY_BY_CODE.get(hq);
  if (home && rng.chance(0.6)) return home;
  return rng.weightedPick(COUNTRY_TABLE);
}

function pickCity(rng: Rng, country: DemoCountry): CityRow {
  return rng.weightedPick(CITY_TABLES.get(country.code) as WeightedTable<CityRow>);
}

/** One city in the long, feed-typical form. */
export function formatCity(rng: Rng, country: DemoCountry, row: CityRow): string {
  const [city, abbr, regionName] = row;
  const r = rng.next();
  switch (country.style) {
    case 'us':
      if (r < 0.6) return `${city}, ${abbr}`;
      if (r < 0.75) return `${city}, ${regionName}, United States`;
      if (r < 0.85) return `${city}, ${abbr}, USA`;
      if (r < 0.92) return `${city}, ${abbr}, US`;
      return city;
    case 'ca':
      if (r < 0.5) return `${city}, ${abbr}, Canada`;
      if (r < 0.75) return `${city}, ${abbr}`;
      return `${city}, Canada`;
    case 'uk':
      if (r < 0.35) return `${city}, ${regionName}, United Kingdom`;
      if (r < 0.65) return `${city}, UK`;
      if (r < 0.9) return `${city}, United Kingdom`;
      return city;
    case 'au':
      if (r < 0.5) return `${city}, ${abbr}, Australia`;
      if (r < 0.85) return `${city}, Australia`;
      return city;
    case 'in':
      if (r < 0.6) return `${city}, India`;
      if (r < 0.9) return `${city}, ${regionName}, India`;
      return city;
    default:
      if (city === country.name) return city;
      if (r < 0.8) return `${city}, ${country.name}`;
      if (r < 0.9) return city;
      return `${city}, ${country.code}`;
  }
}

/** One city in the short form used inside multi-location text. */
function shortCity(country: DemoCountry, row: CityRow): string {
  const [city, abbr] = row;
  if (country.style === 'us' || country.style === 'ca') return `${city}, ${abbr}`;
  if (city === country.name) return city;
  return `${city}, ${country.style === 'uk' ? 'UK' : country.name}`;
}

function remoteLabel(rng: Rng, country: DemoCountry): string {
  if (country.code === 'US') {
    return rng.pick([
      'Remote - United States',
      'Remote - US',
      'US Remote',
      'Remote (United States)',
      'United States (Remote)',
      'Remote - USA',
    ]);
  }
  return rng.pick([
    `Remote - ${country.name}`,
    `Remote, ${country.name}`,
    `${country.name} (Remote)`,
    `Remote (${country.code})`,
  ]);
}

function remotePlace(rng: Rng, hq: string): PlacePick {
  if (rng.chance(0.15)) {
    const [label, code] = rng.pick(REMOTE_AREAS);
    return { country: COUNTRY_BY_CODE.get(code) as DemoCountry, city: null, cityPay: 1, locationText: label };
  }
  const country = pickCountry(rng, hq);
  return { country, city: null, cityPay: 1, locationText: remoteLabel(rng, country) };
}

function multiPlace(rng: Rng, country: DemoCountry, feed: FeedStyle): PlacePick {
  const rows = rng.sample(country.cities, rng.chance(0.7) ? 2 : 3);
  const names = rows.map((row) => shortCity(country, row));
  const first = rows[0] as CityRow;
  const base = { country, city: first[0], cityPay: CITY_PAY[first[0]] ?? 1 };
  if (rng.chance(feed.locationList)) {
    return { ...base, locationText: names[0] as string, extraLocations: names.slice(1) };
  }
  return { ...base, locationText: names.join(rng.pick(['; ', '; ', ' | ', ' or ', ' / '])) };
}

export function pickLocation(rng: Rng, workplace: Workplace | null, hq: string, feed: FeedStyle): PlacePick {
  if (workplace === 'remote' || (workplace === null && rng.chance(0.2))) return remotePlace(rng, hq);
  const country = pickCountry(rng, hq);
  if (country.cities.length > 1 && rng.chance(0.07)) return multiPlace(rng, country, feed);
  const row = pickCity(rng, country);
  let locationText = formatCity(rng, country, row);
  if (workplace === 'hybrid' && rng.chance(0.08)) locationText = `${locationText} (Hybrid)`;
  const pick: PlacePick = { country, city: row[0], cityPay: CITY_PAY[row[0]] ?? 1, locationText };
  if (rng.chance(feed.structuredLocation)) {
    pick.structured = {
      city: row[0],
      region: row[2] ?? null,
      country: rng.chance(0.5) ? country.code : country.name,
    };
  }
  return pick;
}
