/**
 * Cities: the GeoNames gazetteer (gazetteer.ts) plus a small alias list for the names
 * postings use that GeoNames does not ("SF", "NYC", "Bay Area", "Bangalore", "Köln"), or
 * spells otherwise than the store always has ("New York", not "New York City").
 *
 * Which of several cities of one name (issue 11 item 2), in order:
 * 1. the state, province or country written with it ("Cambridge, UK", "Paris, TX");
 * 2. population, weighted: a US city counts 3× its inhabitants (69 % of the places with a
 *    country in ../shared/data are in the US), and a city in a country the rest of the
 *    posting names — its other places, its structured country, its company's country (a
 *    country-code domain) — 10× more (`preferCountries`). So a bare "Cambridge" is
 *    Cambridge, MA (110,000 × 3 against 158,000 in England and 120,000 in Ontario), unless
 *    the posting also names a British place; "Santa Clara" is in California rather than
 *    Cuba; London, Paris and Athens stay in Europe even beside a US office (London, OH has
 *    10,000 people × 30 against 7.5 million).
 */
import { citiesNamed, placeKey, unwrappedKey, type GazetteerCity } from './gazetteer.ts';
import { countryCode as codeOfCountry } from './countries.ts';
import { lookupRegion } from './regions.ts';

export interface CityInfo {
  name: string;
  countryCode: string;
  /** State/province code for US and Canadian cities. */
  region: string | null;
  latitude: number;
  longitude: number;
  population: number;
}

export interface CityContext {
  /** US state or Canadian province code written with the city. */
  region?: string | null;
  /** Country written with the city. */
  countryCode?: string | null;
  /** Countries the rest of the posting names, best first. */
  preferCountries?: readonly string[];
}

// [name the store keeps, ISO country, region ('' when none), GeoNames name ('' when the
// same), ...aliases]
const ALIAS_ROWS: ReadonlyArray<readonly string[]> = [
  ['San Francisco', 'US', 'CA', '', 'SF', 'San Francisco Bay Area', 'Bay Area', 'SF Bay Area', 'SFO'],
  // The boroughs are the city to a job board: a "Bronx" job is found under New York.
  [
    'New York',
    'US',
    'NY',
    'New York City',
    'NYC',
    'NY City',
    'New York',
    'Manhattan',
    'Brooklyn',
    'Bronx',
    'The Bronx',
    'Queens',
    'Staten Island',
  ],
  ['Los Angeles', 'US', 'CA', '', 'LA', 'L.A.'],
  ['Washington', 'US', 'DC', 'Washington, D.C.', 'Washington DC', 'Washington D.C.', 'DC', 'D.C.'],
  ['Salt Lake City', 'US', 'UT', '', 'SLC'],
  ['Quebec City', 'CA', 'QC', 'Québec', 'Quebec City'],
  ['Montreal', 'CA', 'QC', 'Montréal'],
  ['Mexico City', 'MX', '', '', 'Ciudad de México', 'CDMX'],
  ['Santiago', 'CL', '', '', 'Santiago de Chile'],
  ['Munich', 'DE', '', '', 'München', 'Muenchen'],
  ['Frankfurt', 'DE', '', 'Frankfurt am Main', 'Frankfurt'],
  ['Cologne', 'DE', '', 'Köln', 'Cologne', 'Koeln'],
  ['Düsseldorf', 'DE', '', '', 'Duesseldorf'],
  ['The Hague', 'NL', '', '', 'Den Haag'],
  ['Brussels', 'BE', '', '', 'Bruxelles', 'Brussel'],
  ['Antwerp', 'BE', '', 'Antwerpen', 'Antwerp'],
  ['Ghent', 'BE', '', 'Gent', 'Ghent'],
  ['Luxembourg City', 'LU', '', 'Luxembourg', 'Luxembourg City'],
  ['Geneva', 'CH', '', 'Genève', 'Geneva'],
  ['Zurich', 'CH', '', 'Zürich'],
  ['Vienna', 'AT', '', '', 'Wien'],
  ['Lisbon', 'PT', '', '', 'Lisboa'],
  ['Milan', 'IT', '', '', 'Milano'],
  ['Rome', 'IT', '', '', 'Roma'],
  ['Gothenburg', 'SE', '', 'Göteborg', 'Gothenburg'],
  ['Copenhagen', 'DK', '', '', 'København'],
  ['Warsaw', 'PL', '', '', 'Warszawa'],
  ['Kraków', 'PL', '', '', 'Cracow'],
  ['Prague', 'CZ', '', '', 'Praha'],
  ['Bucharest', 'RO', '', '', 'București'],
  ['Cluj-Napoca', 'RO', '', '', 'Cluj'],
  ['Kyiv', 'UA', '', '', 'Kiev'],
  ['Tel Aviv', 'IL', '', '', 'Tel Aviv-Yafo', 'Tel-Aviv', 'TLV'],
  ['Bengaluru', 'IN', '', '', 'Bangalore'],
  ['Mumbai', 'IN', '', '', 'Bombay'],
  ['Gurugram', 'IN', '', 'Gurgaon', 'Gurugram'],
  ['New Delhi', 'IN', '', '', 'Delhi'],
  ['Ho Chi Minh City', 'VN', '', '', 'Saigon'],
  ['Makati', 'PH', '', 'Makati City', 'Makati'],
  ['Cebu', 'PH', '', 'Cebu City', 'Cebu'],
];

// How much more a US city weighs than its population, and a city in a country the rest of
// the posting names (see above).
const US_WEIGHT = 3;
const PREFERRED_WEIGHT = 10;

// A bare "Washington" is more often the state than the capital; the capital is reached
// through "Washington, DC", "Washington DC" or "DC".
const NOT_ALONE = new Set(['washington']);

let aliases: Map<string, CityInfo> | null = null;
// The store's name of the cities an alias row names ("New York", not "New York City").
const storeNames = new Map<GazetteerCity, string>();

function info(c: GazetteerCity): CityInfo {
  return {
    name: storeNames.get(c) ?? c.name,
    countryCode: c.countryCode,
    region: c.region,
    latitude: c.latitude,
    longitude: c.longitude,
    population: c.population,
  };
}

function buildAliases(): Map<string, CityInfo> {
  const byKey = new Map<string, CityInfo>();
  for (const [name, country, region, geoName, ...names] of ALIAS_ROWS as ReadonlyArray<string[]>) {
    const target = citiesNamed(geoName || (name as string)).find(
      (c) => c.countryCode === country && (!region || c.region === region),
    );
    if (!target) throw new Error(`alias target ${name} (${country}) is not in the gazetteer`);
    storeNames.set(target, name as string);
    for (const alias of [name as string, ...names]) {
      if (!NOT_ALONE.has(placeKey(alias))) byKey.set(placeKey(alias), info(target));
    }
  }
  return byKey;
}

/** The city an alias of the list names ("SF", "NYC", "LA"), or null. */
export function lookupAlias(text: string): CityInfo | null {
  return alias(text);
}

function alias(text: string): CityInfo | null {
  aliases ??= buildAliases();
  const key = placeKey(text);
  return aliases.get(key) ?? aliases.get(unwrappedKey(key)) ?? null;
}

function weight(c: GazetteerCity): number {
  return c.countryCode === 'US' ? c.population * US_WEIGHT : c.population;
}

// An article GeoNames writes and postings drop, or the reverse: "Al-Khobar" is GeoNames'
// Khobar, "Woodlands, TX" its The Woodlands.
const ARTICLE = /^(?:al|el|the)[\s-]+(?=\S)/i;

/**
 * The gazetteer's cities of that name that fit, else those of the name with its article
 * dropped or "The" added ("Woodlands, TX": England has a Woodlands, Texas has The Woodlands).
 */
function namesakes(text: string, fits: (c: GazetteerCity) => boolean = () => true): readonly GazetteerCity[] {
  const found = citiesNamed(text).filter(fits);
  if (found.length > 0) return found;
  const bare = text.trim().replace(ARTICLE, '');
  return citiesNamed(bare !== text.trim() ? bare : `The ${bare}`).filter(fits);
}

/**
 * The city a name means in its context (see the order above), or null when the gazetteer
 * has no city of that name there. An alias wins when it fits the context ("LA" is Los
 * Angeles unless the context is elsewhere).
 */
export function resolveCity(text: string | null | undefined, context: CityContext = {}): CityInfo | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const { region = null, countryCode = null, preferCountries = [] } = context;
  const fits = (c: { countryCode: string; region: string | null }) =>
    (countryCode === null || c.countryCode === countryCode) && (region === null || c.region === region);
  const pinned = alias(text);
  if (pinned && fits(pinned)) return pinned;
  const candidates = namesakes(text, fits);
  if (candidates.length === 0) return null;
  const score = (c: GazetteerCity) =>
    weight(c) * (preferCountries.includes(c.countryCode) ? PREFERRED_WEIGHT : 1);
  let best = candidates[0] as GazetteerCity;
  for (const c of candidates) if (score(c) > score(best)) best = c;
  return info(best);
}

/**
 * True when namesakes in other countries or states weigh at least a tenth of the
 * heaviest ("Cambridge", "Waterloo"; not "Toronto"): the posting's other places decide.
 */
export function isAmbiguous(text: string): boolean {
  const candidates = namesakes(text);
  const top = candidates.reduce<GazetteerCity | null>(
    (b, c) => (b === null || weight(c) > weight(b) ? c : b),
    null,
  );
  return (
    top !== null &&
    candidates.some(
      (c) => (c.countryCode !== top.countryCode || c.region !== top.region) && weight(c) * 10 >= weight(top),
    )
  );
}

/**
 * A well-known city by name or alias ("SF", "NYC", "Bangalore", "Greater Seattle Area",
 * "Lisbon"): an alias, or a gazetteer city of 50,000 people or more. For readers that
 * must tell a place from other words (the HN header parser), where a village named like
 * a common word would mislead.
 */
export function lookupCity(text: string | null | undefined): CityInfo | null {
  const city = resolveCity(text);
  if (city === null) return null;
  // "Washington", "Georgia": the state, more often than not.
  if (alias(text as string) === null && lookupRegion(text as string) !== null) return null;
  return alias(text as string) !== null || city.population >= 50_000 ? city : null;
}

/** Whether `where` (a country, or a US state or Canadian province) has a city named `city`. */
export function isCityIn(city: string, where: string): boolean {
  const country = codeOfCountry(where);
  if (country !== null && resolveCity(city, { countryCode: country }) !== null) return true;
  const region = lookupRegion(where);
  return (
    region !== null && resolveCity(city, { countryCode: region.countryCode, region: region.code }) !== null
  );
}
