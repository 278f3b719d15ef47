/**
 * First-level regions that postings name next to a city: US states (and DC, PR) and
 * Canadian provinces, by code and by name. Region values are stored as the postal code
 * ("CA", "ON") so "San Francisco, California" and "San Francisco, CA" agree.
 */
import { foldText } from '../../domain/text.ts';
import { packageCountries } from './country-region-data.ts';
import { subdivisionNames } from './subdivision-names.ts';

const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  DC: 'District of Columbia',
  PR: 'Puerto Rico',
};

const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

export interface RegionMatch {
  /** Postal code of the state or province. */
  code: string;
  countryCode: 'US' | 'CA';
}

const BY_NAME = new Map<string, RegionMatch>();
for (const [code, name] of Object.entries(US_STATES))
  BY_NAME.set(foldText(name), { code, countryCode: 'US' });
for (const [code, name] of Object.entries(CA_PROVINCES))
  BY_NAME.set(foldText(name), { code, countryCode: 'CA' });
BY_NAME.set('washington dc', { code: 'DC', countryCode: 'US' });
BY_NAME.set('washington d c', { code: 'DC', countryCode: 'US' });
BY_NAME.set('quebec', { code: 'QC', countryCode: 'CA' });
BY_NAME.set('newfoundland', { code: 'NL', countryCode: 'CA' });

/**
 * State or province by code ("TX", "ON") or name ("Texas", "Ontario"). Codes must be
 * written in upper case: a lower-case "in" or "or" is an English word, not Indiana or
 * Oregon. `countryHint` restricts the match to one country when it is already known.
 */
export function lookupRegion(
  text: string | null | undefined,
  countryHint?: string | null,
): RegionMatch | null {
  if (typeof text !== 'string') return null;
  // "TX 78701": postal codes after the state do not change the state.
  // "N.Y." and "D.C." are the codes with dots.
  const trimmed = text
    .trim()
    .replace(/\s+\d[\d-]*$/, '')
    .replace(/^([A-Z])\.\s?([A-Z])\.?$/, '$1$2');
  let match: RegionMatch | null = null;
  if (/^[A-Z]{2}$/.test(trimmed)) {
    if (Object.hasOwn(US_STATES, trimmed)) match = { code: trimmed, countryCode: 'US' };
    else if (Object.hasOwn(CA_PROVINCES, trimmed)) match = { code: trimmed, countryCode: 'CA' };
  } else {
    match = BY_NAME.get(foldText(trimmed).replace(/\./g, ' ').replace(/\s+/g, ' ').trim()) ?? null;
  }
  if (match && countryHint && match.countryCode !== countryHint) return null;
  return match;
}

// Country → its regions' folded names, from both packages (local spellings from one,
// English and native from the other), on first use.
let abroad: Map<string, Set<string>> | null = null;

function regionsAbroad(): Map<string, Set<string>> {
  if (abroad !== null) return abroad;
  abroad = new Map(
    packageCountries().map(
      (c) => [c.countryShortCode, new Set(c.regions.map((r) => foldText(r.name)))] as const,
    ),
  );
  for (const [code, regionNames] of subdivisionNames()) {
    const folded = abroad.get(code) ?? new Set<string>();
    for (const name of regionNames) folded.add(foldText(name));
    abroad.set(code, folded);
  }
  return abroad;
}

/**
 * True when `text` names a first-level region of that country outside the US and Canada
 * ("Queensland" in AU, "Karnataka" in IN, "Noord-Holland" in NL), by the names of the
 * `country-region-data` package (ISO 3166-2 subdivisions, local spellings: "Bayern") and
 * of `@countrystatecity/countries` (English and native: "Bavaria", "Catalonia", "Scotland").
 * Such a region is stored as written; it is no city.
 */
export function isRegionAbroad(text: string, countryCode: string | null): boolean {
  if (countryCode === null || countryCode === 'US' || countryCode === 'CA') return false;
  return regionsAbroad().get(countryCode)?.has(foldText(text.trim())) ?? false;
}
