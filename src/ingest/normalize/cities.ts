/**
 * Big tech-hiring cities and their country, so a bare "Berlin" or "Bengaluru" gets a
 * country and "SF"/"NYC" become real city names. The table is not a gazetteer: a city
 * it does not know keeps its text and simply gets no country from here.
 */
import { foldText } from '../../domain/text.ts';

export interface CityInfo {
  name: string;
  countryCode: string;
  /** State/province code for US and Canadian cities. */
  region: string | null;
}

// [canonical name, ISO country, region ('' when none), ...aliases]
const CITY_ROWS: ReadonlyArray<readonly string[]> = [
  // United States
  ['San Francisco', 'US', 'CA', 'SF', 'San Francisco Bay Area', 'Bay Area', 'SF Bay Area', 'SFO'],
  ['New York', 'US', 'NY', 'NYC', 'New York City', 'NY City', 'Manhattan', 'Brooklyn'],
  ['Los Angeles', 'US', 'CA', 'LA', 'L.A.'],
  ['Seattle', 'US', 'WA'],
  ['Bellevue', 'US', 'WA'],
  ['Redmond', 'US', 'WA'],
  ['Kirkland', 'US', 'WA'],
  ['Austin', 'US', 'TX'],
  ['Dallas', 'US', 'TX'],
  ['Houston', 'US', 'TX'],
  ['San Antonio', 'US', 'TX'],
  ['Boston', 'US', 'MA'],
  ['Cambridge', 'US', 'MA'],
  ['Chicago', 'US', 'IL'],
  ['Denver', 'US', 'CO'],
  ['Boulder', 'US', 'CO'],
  ['Atlanta', 'US', 'GA'],
  ['Miami', 'US', 'FL'],
  ['Tampa', 'US', 'FL'],
  ['Orlando', 'US', 'FL'],
  ['Washington', 'US', 'DC', 'Washington DC', 'Washington D.C.', 'DC', 'D.C.'],
  ['Arlington', 'US', 'VA'],
  ['McLean', 'US', 'VA'],
  ['Reston', 'US', 'VA'],
  ['Philadelphia', 'US', 'PA'],
  ['Pittsburgh', 'US', 'PA'],
  ['Phoenix', 'US', 'AZ'],
  ['Scottsdale', 'US', 'AZ'],
  ['San Diego', 'US', 'CA'],
  ['San Jose', 'US', 'CA'],
  ['Palo Alto', 'US', 'CA'],
  ['Mountain View', 'US', 'CA'],
  ['Sunnyvale', 'US', 'CA'],
  ['Menlo Park', 'US', 'CA'],
  ['Santa Clara', 'US', 'CA'],
  ['Cupertino', 'US', 'CA'],
  ['Oakland', 'US', 'CA'],
  ['San Mateo', 'US', 'CA'],
  ['Redwood City', 'US', 'CA'],
  ['Irvine', 'US', 'CA'],
  ['Santa Monica', 'US', 'CA'],
  ['Sacramento', 'US', 'CA'],
  ['Portland', 'US', 'OR'],
  ['Salt Lake City', 'US', 'UT', 'SLC'],
  ['Lehi', 'US', 'UT'],
  ['Minneapolis', 'US', 'MN'],
  ['Detroit', 'US', 'MI'],
  ['Ann Arbor', 'US', 'MI'],
  ['Columbus', 'US', 'OH'],
  ['Cleveland', 'US', 'OH'],
  ['Nashville', 'US', 'TN'],
  ['Charlotte', 'US', 'NC'],
  ['Raleigh', 'US', 'NC'],
  ['Durham', 'US', 'NC'],
  ['Baltimore', 'US', 'MD'],
  ['St. Louis', 'US', 'MO', 'Saint Louis'],
  ['Kansas City', 'US', 'MO'],
  ['Las Vegas', 'US', 'NV'],
  ['Indianapolis', 'US', 'IN'],
  ['Madison', 'US', 'WI'],
  ['Jersey City', 'US', 'NJ'],
  ['Newark', 'US', 'NJ'],
  ['Honolulu', 'US', 'HI'],
  // Canada
  ['Toronto', 'CA', 'ON'],
  ['Vancouver', 'CA', 'BC'],
  ['Montreal', 'CA', 'QC', 'Montréal'],
  ['Ottawa', 'CA', 'ON'],
  ['Calgary', 'CA', 'AB'],
  ['Waterloo', 'CA', 'ON'],
  ['Edmonton', 'CA', 'AB'],
  ['Quebec City', 'CA', 'QC'],
  // Latin America
  ['Mexico City', 'MX', '', 'Ciudad de México', 'CDMX'],
  ['Guadalajara', 'MX', ''],
  ['Monterrey', 'MX', ''],
  ['São Paulo', 'BR', '', 'Sao Paulo'],
  ['Rio de Janeiro', 'BR', ''],
  ['Buenos Aires', 'AR', ''],
  ['Santiago', 'CL', ''],
  ['Bogotá', 'CO', '', 'Bogota'],
  ['Medellín', 'CO', '', 'Medellin'],
  ['Lima', 'PE', ''],
  ['Montevideo', 'UY', ''],
  // Europe
  ['London', 'GB', '', 'Greater London', 'City of London'],
  ['Manchester', 'GB', ''],
  ['Edinburgh', 'GB', ''],
  ['Oxford', 'GB', ''],
  ['Bristol', 'GB', ''],
  ['Belfast', 'GB', ''],
  ['Glasgow', 'GB', ''],
  ['Dublin', 'IE', ''],
  ['Berlin', 'DE', ''],
  ['Munich', 'DE', '', 'München', 'Muenchen'],
  ['Hamburg', 'DE', ''],
  ['Frankfurt', 'DE', '', 'Frankfurt am Main'],
  ['Cologne', 'DE', '', 'Köln', 'Koeln'],
  ['Stuttgart', 'DE', ''],
  ['Düsseldorf', 'DE', '', 'Dusseldorf', 'Duesseldorf'],
  ['Leipzig', 'DE', ''],
  ['Paris', 'FR', ''],
  ['Lyon', 'FR', ''],
  ['Toulouse', 'FR', ''],
  ['Amsterdam', 'NL', ''],
  ['Rotterdam', 'NL', ''],
  ['Utrecht', 'NL', ''],
  ['The Hague', 'NL', '', 'Den Haag'],
  ['Eindhoven', 'NL', ''],
  ['Brussels', 'BE', '', 'Bruxelles', 'Brussel'],
  ['Antwerp', 'BE', ''],
  ['Luxembourg City', 'LU', ''],
  ['Zurich', 'CH', '', 'Zürich'],
  ['Geneva', 'CH', '', 'Genève'],
  ['Basel', 'CH', ''],
  ['Lausanne', 'CH', ''],
  ['Vienna', 'AT', '', 'Wien'],
  ['Madrid', 'ES', ''],
  ['Barcelona', 'ES', ''],
  ['Valencia', 'ES', ''],
  ['Málaga', 'ES', '', 'Malaga'],
  ['Lisbon', 'PT', '', 'Lisboa'],
  ['Porto', 'PT', ''],
  ['Milan', 'IT', '', 'Milano'],
  ['Rome', 'IT', '', 'Roma'],
  ['Stockholm', 'SE', ''],
  ['Gothenburg', 'SE', '', 'Göteborg'],
  ['Malmö', 'SE', '', 'Malmo'],
  ['Copenhagen', 'DK', '', 'København'],
  ['Oslo', 'NO', ''],
  ['Helsinki', 'FI', ''],
  ['Reykjavik', 'IS', ''],
  ['Tallinn', 'EE', ''],
  ['Riga', 'LV', ''],
  ['Vilnius', 'LT', ''],
  ['Warsaw', 'PL', '', 'Warszawa'],
  ['Kraków', 'PL', '', 'Krakow', 'Cracow'],
  ['Wrocław', 'PL', '', 'Wroclaw'],
  ['Gdańsk', 'PL', '', 'Gdansk'],
  ['Prague', 'CZ', '', 'Praha'],
  ['Budapest', 'HU', ''],
  ['Bucharest', 'RO', '', 'București'],
  ['Cluj-Napoca', 'RO', '', 'Cluj'],
  ['Sofia', 'BG', ''],
  ['Belgrade', 'RS', ''],
  ['Zagreb', 'HR', ''],
  ['Ljubljana', 'SI', ''],
  ['Athens', 'GR', ''],
  ['Kyiv', 'UA', '', 'Kiev'],
  ['Istanbul', 'TR', ''],
  // Middle East and Africa
  ['Tel Aviv', 'IL', '', 'Tel Aviv-Yafo', 'Tel-Aviv'],
  ['Jerusalem', 'IL', ''],
  ['Dubai', 'AE', ''],
  ['Abu Dhabi', 'AE', ''],
  ['Riyadh', 'SA', ''],
  ['Doha', 'QA', ''],
  ['Cairo', 'EG', ''],
  ['Cape Town', 'ZA', ''],
  ['Johannesburg', 'ZA', ''],
  ['Lagos', 'NG', ''],
  ['Nairobi', 'KE', ''],
  ['Accra', 'GH', ''],
  // Asia-Pacific
  ['Bengaluru', 'IN', '', 'Bangalore'],
  ['Hyderabad', 'IN', ''],
  ['Pune', 'IN', ''],
  ['Mumbai', 'IN', '', 'Bombay'],
  ['Chennai', 'IN', ''],
  ['Gurugram', 'IN', '', 'Gurgaon'],
  ['Noida', 'IN', ''],
  ['New Delhi', 'IN', '', 'Delhi'],
  ['Kolkata', 'IN', ''],
  ['Ahmedabad', 'IN', ''],
  ['Karachi', 'PK', ''],
  ['Lahore', 'PK', ''],
  ['Singapore', 'SG', ''],
  ['Kuala Lumpur', 'MY', ''],
  ['Bangkok', 'TH', ''],
  ['Jakarta', 'ID', ''],
  ['Ho Chi Minh City', 'VN', '', 'Saigon'],
  ['Hanoi', 'VN', ''],
  ['Manila', 'PH', ''],
  ['Makati', 'PH', ''],
  ['Cebu', 'PH', ''],
  ['Tokyo', 'JP', ''],
  ['Osaka', 'JP', ''],
  ['Seoul', 'KR', ''],
  ['Beijing', 'CN', ''],
  ['Shanghai', 'CN', ''],
  ['Shenzhen', 'CN', ''],
  ['Hangzhou', 'CN', ''],
  ['Hong Kong', 'HK', ''],
  ['Taipei', 'TW', ''],
  ['Sydney', 'AU', ''],
  ['Melbourne', 'AU', ''],
  ['Brisbane', 'AU', ''],
  ['Perth', 'AU', ''],
  ['Adelaide', 'AU', ''],
  ['Canberra', 'AU', ''],
  ['Auckland', 'NZ', ''],
  ['Wellington', 'NZ', ''],
];

const BY_KEY = new Map<string, CityInfo>();
for (const [name, countryCode, region, ...aliases] of CITY_ROWS) {
  const info: CityInfo = { name: name as string, countryCode: countryCode as string, region: region || null };
  for (const key of [name as string, ...aliases]) BY_KEY.set(cityKey(key), info);
}
// A bare "Washington" is more often the state than the capital; the capital is reached
// through "Washington, DC", "Washington DC" or "DC".
BY_KEY.delete('washington');

/** Folded, punctuation-free, "Greater … Area" wrappers removed. */
export function cityKey(s: string): string {
  return foldText(s)
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^greater /, '')
    .replace(/ (?:metropolitan |metro )?(?:area|region)$/, '')
    .trim();
}

/** A known city by name or alias ("SF", "NYC", "Bangalore", "Greater Seattle Area"). */
export function lookupCity(text: string | null | undefined): CityInfo | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  return BY_KEY.get(cityKey(text)) ?? null;
}
