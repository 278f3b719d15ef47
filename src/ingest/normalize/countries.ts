/**
 * Countries: ISO 3166-1 alpha-2 code, local currency, and the names and aliases feeds
 * use ("USA", "UK", "England", "Deutschland", alpha-3 codes). Lookups are folded
 * (lower case, no diacritics), so "Österreich" and "osterreich" are one key.
 * The currency column lets a bare "$" or an unmarked "150-180k" take the currency of
 * the posting's country instead of always assuming US dollars.
 */
import { foldText } from '../../domain/text.ts';
import { packageCountries } from './country-region-data.ts';

const SECONDARY = '--secondary--';
const US_STATE_CODES = new Set([
  'AL',
  'AZ',
  'MD',
  'ME',
  'MN',
  'MO',
  'PA',
  'GA',
  'IN',
  'DE',
  'CO',
  'CA',
  'AR',
  'ID',
  'IL',
  'MA',
  'MT',
  'NE',
  'SC',
  'VA',
]);

// [iso2, currency, ...names and aliases]
const COUNTRY_ROWS: ReadonlyArray<readonly string[]> = [
  [
    'US',
    'USD',
    'United States',
    'United States of America',
    'USA',
    'U.S.A.',
    'U.S.',
    'America',
    'Estados Unidos',
  ],
  [
    'GB',
    'GBP',
    'United Kingdom',
    'UK',
    'U.K.',
    'Great Britain',
    'Britain',
    'England',
    'Scotland',
    'Wales',
    'Northern Ireland',
    'GBR',
  ],
  ['CA', 'CAD', 'Canada', 'CAN'],
  ['MX', 'MXN', 'Mexico', 'México', 'MEX'],
  ['BR', 'BRL', 'Brazil', 'Brasil', 'BRA'],
  ['AR', 'ARS', 'Argentina', 'ARG'],
  ['CL', 'CLP', 'Chile', 'CHL'],
  ['CO', 'COP', 'Colombia', 'COL'],
  ['PE', 'PEN', 'Peru', 'Perú', 'PER'],
  ['UY', 'USD', 'Uruguay', 'URY'],
  ['CR', 'USD', 'Costa Rica'],
  ['DE', 'EUR', 'Germany', 'Deutschland', 'DEU'],
  ['FR', 'EUR', 'France', 'FRA'],
  ['ES', 'EUR', 'Spain', 'España', 'Espana', 'ESP'],
  ['PT', 'EUR', 'Portugal', 'PRT'],
  ['IT', 'EUR', 'Italy', 'Italia', 'ITA'],
  ['NL', 'EUR', 'Netherlands', 'The Netherlands', 'Holland', 'Nederland', 'NLD'],
  ['BE', 'EUR', 'Belgium', 'België', 'Belgique', 'BEL'],
  ['LU', 'EUR', 'Luxembourg'],
  ['IE', 'EUR', 'Ireland', 'Republic of Ireland', 'IRL'],
  ['AT', 'EUR', 'Austria', 'Österreich', 'AUT'],
  ['CH', 'CHF', 'Switzerland', 'Schweiz', 'Suisse', 'CHE'],
  ['SE', 'SEK', 'Sweden', 'Sverige', 'SWE'],
  ['NO', 'NOK', 'Norway', 'Norge', 'NOR'],
  ['DK', 'DKK', 'Denmark', 'Danmark', 'DNK'],
  ['FI', 'EUR', 'Finland', 'Suomi', 'FIN'],
  ['IS', 'ISK', 'Iceland'],
  ['PL', 'PLN', 'Poland', 'Polska', 'POL'],
  ['CZ', 'CZK', 'Czech Republic', 'Czechia', 'CZE'],
  ['SK', 'EUR', 'Slovakia'],
  ['HU', 'HUF', 'Hungary', 'HUN'],
  ['RO', 'RON', 'Romania', 'ROU'],
  ['BG', 'BGN', 'Bulgaria'],
  ['GR', 'EUR', 'Greece', 'GRC'],
  ['HR', 'EUR', 'Croatia'],
  ['SI', 'EUR', 'Slovenia'],
  ['RS', 'EUR', 'Serbia'],
  ['EE', 'EUR', 'Estonia'],
  ['LV', 'EUR', 'Latvia'],
  ['LT', 'EUR', 'Lithuania'],
  ['UA', 'UAH', 'Ukraine', 'UKR'],
  ['TR', 'TRY', 'Turkey', 'Türkiye', 'Turkiye', 'TUR'],
  ['CY', 'EUR', 'Cyprus'],
  ['MT', 'EUR', 'Malta'],
  ['IL', 'ILS', 'Israel', 'ISR'],
  ['AE', 'AED', 'United Arab Emirates', 'UAE', 'U.A.E.'],
  ['SA', 'SAR', 'Saudi Arabia', 'KSA'],
  ['QA', 'USD', 'Qatar'],
  ['EG', 'EGP', 'Egypt'],
  ['MA', 'MAD', 'Morocco', 'Maroc'],
  ['ZA', 'ZAR', 'South Africa', 'ZAF'],
  ['NG', 'NGN', 'Nigeria', 'NGA'],
  ['KE', 'KES', 'Kenya', 'KEN'],
  ['GH', 'USD', 'Ghana'],
  ['IN', 'INR', 'India', 'IND'],
  ['PK', 'PKR', 'Pakistan', 'PAK'],
  ['BD', 'USD', 'Bangladesh'],
  ['LK', 'USD', 'Sri Lanka'],
  ['CN', 'CNY', 'China', "People's Republic of China", 'PRC', 'CHN'],
  ['HK', 'HKD', 'Hong Kong', 'Hong Kong SAR', 'HKG'],
  ['TW', 'TWD', 'Taiwan', 'TWN'],
  ['JP', 'JPY', 'Japan', 'JPN'],
  ['KR', 'KRW', 'South Korea', 'Korea', 'Republic of Korea', 'KOR'],
  ['SG', 'SGD', 'Singapore', 'SGP'],
  ['MY', 'MYR', 'Malaysia', 'MYS'],
  ['TH', 'THB', 'Thailand', 'THA'],
  ['VN', 'VND', 'Vietnam', 'Viet Nam', 'VNM'],
  ['ID', 'IDR', 'Indonesia', 'IDN'],
  ['PH', 'PHP', 'Philippines', 'The Philippines', 'PHL'],
  ['AU', 'AUD', 'Australia', 'AUS'],
  ['NZ', 'NZD', 'New Zealand', 'NZL'],
  // Further countries seen in feeds; the currency column only matters where the FX
  // table knows it. Their two-letter codes are not read as codes when they are also US
  // state codes (PA, AL, MD, ME, MO, MN, AZ): in job feeds those mean the state.
  [SECONDARY],
  ['EC', 'USD', 'Ecuador'],
  ['SV', 'USD', 'El Salvador'],
  ['PA', 'USD', 'Panama'],
  ['PR', 'USD', 'Puerto Rico'],
  ['GT', 'GTQ', 'Guatemala'],
  ['HN', 'HNL', 'Honduras'],
  ['NI', 'NIO', 'Nicaragua'],
  ['DO', 'DOP', 'Dominican Republic'],
  ['JM', 'JMD', 'Jamaica'],
  ['BO', 'BOB', 'Bolivia'],
  ['PY', 'PYG', 'Paraguay'],
  ['VE', 'VES', 'Venezuela'],
  ['AM', 'AMD', 'Armenia'],
  ['AZ', 'AZN', 'Azerbaijan'],
  ['KZ', 'KZT', 'Kazakhstan'],
  ['UZ', 'UZS', 'Uzbekistan'],
  ['BY', 'BYN', 'Belarus'],
  ['MD', 'MDL', 'Moldova'],
  ['AL', 'ALL', 'Albania'],
  ['MK', 'MKD', 'North Macedonia'],
  ['BA', 'BAM', 'Bosnia and Herzegovina'],
  ['ME', 'EUR', 'Montenegro'],
  ['XK', 'EUR', 'Kosovo'],
  ['TN', 'TND', 'Tunisia'],
  ['DZ', 'DZD', 'Algeria'],
  ['ET', 'ETB', 'Ethiopia'],
  ['UG', 'UGX', 'Uganda'],
  ['TZ', 'TZS', 'Tanzania'],
  ['RW', 'RWF', 'Rwanda'],
  ['SN', 'XOF', 'Senegal'],
  ['CI', 'XOF', "Côte d'Ivoire", 'Ivory Coast'],
  ['CM', 'XAF', 'Cameroon'],
  ['ZW', 'USD', 'Zimbabwe'],
  ['ZM', 'ZMW', 'Zambia'],
  ['BW', 'BWP', 'Botswana'],
  ['MU', 'MUR', 'Mauritius'],
  ['JO', 'JOD', 'Jordan'],
  ['LB', 'LBP', 'Lebanon'],
  ['KW', 'KWD', 'Kuwait'],
  ['BH', 'BHD', 'Bahrain'],
  ['OM', 'OMR', 'Oman'],
  ['NP', 'NPR', 'Nepal'],
  ['KH', 'USD', 'Cambodia'],
  ['MM', 'MMK', 'Myanmar'],
  ['MN', 'MNT', 'Mongolia'],
  ['MO', 'MOP', 'Macau', 'Macao'],
  ['GE', 'GEL', 'Georgia'],
];

const BY_ALIAS = new Map<string, string>();
const CURRENCY = new Map<string, string>();
const KNOWN = new Set<string>();
// Codes accepted as bare two-letter input.
const CODES = new Set<string>();
let secondary = false;
for (const row of COUNTRY_ROWS) {
  if (row[0] === SECONDARY) {
    secondary = true;
    continue;
  }
  const [iso, currency, ...names] = row as [string, string, ...string[]];
  CURRENCY.set(iso, currency);
  KNOWN.add(iso);
  if (!secondary || !US_STATE_CODES.has(iso)) CODES.add(iso);
  for (const name of names) BY_ALIAS.set(countryKey(name), iso);
}

/**
 * Every other ISO 3166-1 country, from `country-region-data` (the package regions.ts
 * reads): the table above has the ones feeds name most, with their currencies and the
 * aliases they use; without these, "Moscow, Russia" or "Tehran, Iran" named no country
 * ("RU" was no code). Their names as the package writes them ("Iran, Islamic Republic
 * of") and the part before the comma or parenthesis ("Iran", "Holy See"), unless another
 * country already has that name (the table's countries gain names too: "Macedonia",
 * "Burma"); their codes as bare input unless a US state or a
 * Canadian province has it ("MS" stays Mississippi, not Montserrat). No currency: their
 * unmarked pay figures stay without one.
 */
const PACKAGE = packageCountries();
const NORTH_AMERICAN_CODES = new Set(
  PACKAGE.filter((c) => c.countryShortCode === 'US' || c.countryShortCode === 'CA').flatMap((c) =>
    c.regions.map((r) => r.shortCode ?? ''),
  ),
);
// Codes that are words or abbreviations in location text: "NA" (North America, n/a), "TO",
// "SO", "AM", "PM", "ST" (Saint, Street), "AI", "TV": by name only.
const WORD_CODES = new Set(['NA', 'TO', 'SO', 'AM', 'PM', 'ST', 'AI', 'TV', 'IO', 'AQ', 'BV']);
// Short names feeds use that the package words otherwise.
const MORE_NAMES: Readonly<Record<string, readonly string[]>> = {
  RU: ['Russia'],
  SY: ['Syria'],
  BN: ['Brunei'],
  VA: ['Vatican', 'Vatican City'],
  SZ: ['Swaziland'],
  MM: ['Burma'],
  CD: ['DR Congo', 'DRC', 'Democratic Republic of the Congo'],
  CG: ['Republic of the Congo'],
  KP: ['North Korea'],
};
const added = new Map<string, string | null>();
for (const c of PACKAGE) {
  const iso = c.countryShortCode;
  if (!KNOWN.has(iso)) {
    KNOWN.add(iso);
    if (!NORTH_AMERICAN_CODES.has(iso) && !WORD_CODES.has(iso)) CODES.add(iso);
  }
  const full = c.countryName;
  const names = [full, full.split(',')[0] ?? '', full.split(' (')[0] ?? '', ...(MORE_NAMES[iso] ?? [])];
  for (const name of names) {
    const key = countryKey(name);
    if (key === '' || BY_ALIAS.has(key)) continue;
    // A short name two new countries share ("Congo", "Virgin Islands") names neither.
    added.set(key, added.has(key) && added.get(key) !== iso ? null : iso);
  }
}
for (const [key, iso] of added) if (iso !== null) BY_ALIAS.set(key, iso);

function countryKey(s: string): string {
  return foldText(s)
    .replace(/\./g, '')
    .replace(/[^a-z0-9']+/g, ' ')
    .trim();
}

/** True for the ISO codes the table knows (upper case expected). */
export function isKnownCountryCode(code: string): boolean {
  return KNOWN.has(code);
}

/**
 * Country name, alias, alpha-3 or alpha-2 code → ISO alpha-2. Two-letter input is read
 * as a code only when the table knows it, so "CA" here means Canada; callers that see
 * "San Francisco, CA" must try US states first.
 */
export function countryCode(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    if (upper === 'UK') return 'GB';
    return CODES.has(upper) ? upper : null;
  }
  return BY_ALIAS.get(countryKey(trimmed)) ?? null;
}

/** The local currency of a country (ISO 4217), for unmarked salary figures. */
export function currencyForCountry(code: string | null | undefined): string | null {
  return typeof code === 'string' ? (CURRENCY.get(code.toUpperCase()) ?? null) : null;
}
