/**
 * Countries and real cities for demo postings, with the pay level and currency the
 * salary generator uses. Location text is formatted in generate-location.ts.
 */

export type DemoCurrency = 'USD' | 'EUR' | 'GBP' | 'CAD' | 'INR' | 'AUD';

/** Units of each currency per US dollar (rounded; only used to make plausible figures). */
export const USD_RATE: Readonly<Record<DemoCurrency, number>> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.36,
  INR: 83,
  AUD: 1.52,
};

export type LocationStyle = 'us' | 'ca' | 'uk' | 'au' | 'in' | 'plain';

/** [city, region abbreviation, region name, relative weight] */
export type CityRow = readonly [string, string?, string?, number?];

export interface DemoCountry {
  code: string;
  name: string;
  /** Currency a local salary is posted in; null = such postings pay in USD if at all. */
  currency: DemoCurrency | null;
  /** Pay level relative to the US, in USD terms. */
  payFactor: number;
  /** Share of all postings placed in the country. */
  weight: number;
  /** Chance that a posting here carries salary information at all. */
  salaryChance: number;
  area: 'NA' | 'EMEA' | 'APAC' | 'LATAM';
  style: LocationStyle;
  cities: readonly CityRow[];
}

const EU = { currency: 'EUR', area: 'EMEA', style: 'plain' } as const;
const OTHER = { currency: null, style: 'plain' } as const;

export const COUNTRIES: readonly DemoCountry[] = [
  { code: 'US', name: 'United States', currency: 'USD', payFactor: 1, weight: 40, salaryChance: 0.82, area: 'NA', style: 'us',
    cities: [['San Francisco', 'CA', 'California', 6], ['New York', 'NY', 'New York', 7], ['Seattle', 'WA', 'Washington', 4],
      ['Austin', 'TX', 'Texas', 3], ['Boston', 'MA', 'Massachusetts', 3], ['Chicago', 'IL', 'Illinois', 3], ['Denver', 'CO', 'Colorado', 2],
      ['Los Angeles', 'CA', 'California', 3], ['San Diego', 'CA', 'California', 1], ['Atlanta', 'GA', 'Georgia', 2],
      ['Raleigh', 'NC', 'North Carolina', 1], ['Portland', 'OR', 'Oregon', 1], ['Miami', 'FL', 'Florida', 1],
      ['Washington', 'DC', 'District of Columbia', 2], ['Salt Lake City', 'UT', 'Utah', 1], ['Minneapolis', 'MN', 'Minnesota', 1],
      ['Pittsburgh', 'PA', 'Pennsylvania', 1], ['Nashville', 'TN', 'Tennessee', 1], ['Phoenix', 'AZ', 'Arizona', 1],
      ['Columbus', 'OH', 'Ohio', 1], ['Palo Alto', 'CA', 'California', 1], ['Mountain View', 'CA', 'California', 1]] },
  { code: 'CA', name: 'Canada', currency: 'CAD', payFactor: 0.74, weight: 6, salaryChance: 0.78, area: 'NA', style: 'ca',
    cities: [['Toronto', 'ON', 'Ontario', 5], ['Vancouver', 'BC', 'British Columbia', 3], ['Montreal', 'QC', 'Quebec', 2],
      ['Ottawa', 'ON', 'Ontario', 1], ['Calgary', 'AB', 'Alberta', 1], ['Waterloo', 'ON', 'Ontario', 1]] },
  { code: 'GB', name: 'United Kingdom', currency: 'GBP', payFactor: 0.62, weight: 9, salaryChance: 0.66, area: 'EMEA', style: 'uk',
    cities: [['London', 'ENG', 'England', 8], ['Manchester', 'ENG', 'England', 2], ['Edinburgh', 'SCT', 'Scotland', 1],
      ['Bristol', 'ENG', 'England', 1], ['Cambridge', 'ENG', 'England', 1], ['Leeds', 'ENG', 'England', 1], ['Cardiff', 'WLS', 'Wales', 1],
      ['Belfast', 'NIR', 'Northern Ireland', 1], ['Glasgow', 'SCT', 'Scotland', 1]] },
  { code: 'IE', name: 'Ireland', ...EU, payFactor: 0.62, weight: 2, salaryChance: 0.5,
    cities: [['Dublin', 'D', 'Dublin', 4], ['Cork', 'CO', 'Cork', 1], ['Galway', 'G', 'Galway', 1]] },
  { code: 'DE', name: 'Germany', ...EU, payFactor: 0.6, weight: 7, salaryChance: 0.5,
    cities: [['Berlin', 'BE', 'Berlin', 5], ['Munich', 'BY', 'Bavaria', 3], ['Hamburg', 'HH', 'Hamburg', 2],
      ['Frankfurt', 'HE', 'Hesse', 1], ['Cologne', 'NW', 'North Rhine-Westphalia', 1], ['Stuttgart', 'BW', 'Baden-Württemberg', 1]] },
  { code: 'FR', name: 'France', ...EU, payFactor: 0.5, weight: 3, salaryChance: 0.5,
    cities: [['Paris', 'IDF', 'Île-de-France', 5], ['Lyon', 'ARA', 'Auvergne-Rhône-Alpes', 1], ['Toulouse', 'OCC', 'Occitanie', 1], ['Nantes', 'PDL', 'Pays de la Loire', 1]] },
  { code: 'NL', name: 'Netherlands', ...EU, payFactor: 0.6, weight: 3, salaryChance: 0.55,
    cities: [['Amsterdam', 'NH', 'North Holland', 5], ['Rotterdam', 'ZH', 'South Holland', 1], ['Utrecht', 'UT', 'Utrecht', 1], ['Eindhoven', 'NB', 'North Brabant', 1]] },
  { code: 'ES', name: 'Spain', ...EU, payFactor: 0.4, weight: 2, salaryChance: 0.5,
    cities: [['Madrid', 'MD', 'Madrid', 3], ['Barcelona', 'CT', 'Catalonia', 3], ['Valencia', 'VC', 'Valencia', 1], ['Málaga', 'AN', 'Andalusia', 1]] },
  { code: 'PT', name: 'Portugal', ...EU, payFactor: 0.33, weight: 1, salaryChance: 0.5,
    cities: [['Lisbon', '11', 'Lisbon', 3], ['Porto', '13', 'Porto', 2]] },
  { code: 'IT', name: 'Italy', ...EU, payFactor: 0.4, weight: 1, salaryChance: 0.45,
    cities: [['Milan', 'MI', 'Lombardy', 3], ['Rome', 'RM', 'Lazio', 2], ['Turin', 'TO', 'Piedmont', 1]] },
  { code: 'AT', name: 'Austria', ...EU, payFactor: 0.52, weight: 0.8, salaryChance: 0.8,
    cities: [['Vienna', 'W', 'Vienna', 3], ['Graz', 'ST', 'Styria', 1]] },
  { code: 'BE', name: 'Belgium', ...EU, payFactor: 0.52, weight: 0.8, salaryChance: 0.45,
    cities: [['Brussels', 'BRU', 'Brussels', 3], ['Antwerp', 'VAN', 'Antwerp', 1], ['Ghent', 'VOV', 'East Flanders', 1]] },
  { code: 'FI', name: 'Finland', ...EU, payFactor: 0.52, weight: 0.7, salaryChance: 0.45, cities: [['Helsinki', '18', 'Uusimaa', 3], ['Espoo', '18', 'Uusimaa', 1], ['Tampere', '11', 'Pirkanmaa', 1]] },
  { code: 'EE', name: 'Estonia', ...EU, payFactor: 0.36, weight: 0.5, salaryChance: 0.6, cities: [['Tallinn', '37', 'Harju', 3], ['Tartu', '79', 'Tartu', 1]] },
  { code: 'SE', name: 'Sweden', ...OTHER, area: 'EMEA', payFactor: 0.52, weight: 1.5, salaryChance: 0.3, cities: [['Stockholm', 'AB', 'Stockholm', 4], ['Gothenburg', 'O', 'Västra Götaland', 1], ['Malmö', 'M', 'Skåne', 1]] },
  { code: 'DK', name: 'Denmark', ...OTHER, area: 'EMEA', payFactor: 0.6, weight: 1, salaryChance: 0.3, cities: [['Copenhagen', '84', 'Capital Region', 4], ['Aarhus', '82', 'Central Jutland', 1]] },
  { code: 'NO', name: 'Norway', ...OTHER, area: 'EMEA', payFactor: 0.6, weight: 0.7, salaryChance: 0.3, cities: [['Oslo', '03', 'Oslo', 3], ['Bergen', '46', 'Vestland', 1], ['Trondheim', '50', 'Trøndelag', 1]] },
  { code: 'PL', name: 'Poland', ...OTHER, area: 'EMEA', payFactor: 0.36, weight: 2, salaryChance: 0.35, cities: [['Warsaw', 'MZ', 'Masovia', 3], ['Kraków', 'MA', 'Lesser Poland', 2], ['Wrocław', 'DS', 'Lower Silesia', 1], ['Gdańsk', 'PM', 'Pomerania', 1]] },
  { code: 'CZ', name: 'Czech Republic', ...OTHER, area: 'EMEA', payFactor: 0.34, weight: 0.8, salaryChance: 0.3, cities: [['Prague', '10', 'Prague', 3], ['Brno', '64', 'South Moravia', 1]] },
  { code: 'RO', name: 'Romania', ...OTHER, area: 'EMEA', payFactor: 0.3, weight: 0.6, salaryChance: 0.3, cities: [['Bucharest', 'B', 'Bucharest', 3], ['Cluj-Napoca', 'CJ', 'Cluj', 2]] },
  { code: 'CH', name: 'Switzerland', ...OTHER, area: 'EMEA', payFactor: 0.9, weight: 1.5, salaryChance: 0.3, cities: [['Zurich', 'ZH', 'Zurich', 4], ['Geneva', 'GE', 'Geneva', 2], ['Basel', 'BS', 'Basel-Stadt', 1], ['Lausanne', 'VD', 'Vaud', 1]] },
  { code: 'IL', name: 'Israel', ...OTHER, area: 'EMEA', payFactor: 0.58, weight: 1.2, salaryChance: 0.25, cities: [['Tel Aviv', 'TA', 'Tel Aviv', 4], ['Haifa', 'HA', 'Haifa', 1], ['Jerusalem', 'JM', 'Jerusalem', 1]] },
  { code: 'AE', name: 'United Arab Emirates', ...OTHER, area: 'EMEA', payFactor: 0.55, weight: 0.8, salaryChance: 0.3, cities: [['Dubai', 'DU', 'Dubai', 4], ['Abu Dhabi', 'AZ', 'Abu Dhabi', 1]] },
  { code: 'ZA', name: 'South Africa', ...OTHER, area: 'EMEA', payFactor: 0.26, weight: 0.7, salaryChance: 0.3, cities: [['Cape Town', 'WC', 'Western Cape', 3], ['Johannesburg', 'GP', 'Gauteng', 3]] },
  { code: 'KE', name: 'Kenya', ...OTHER, area: 'EMEA', payFactor: 0.16, weight: 0.4, salaryChance: 0.3, cities: [['Nairobi', '30', 'Nairobi', 1]] },
  { code: 'NG', name: 'Nigeria', ...OTHER, area: 'EMEA', payFactor: 0.13, weight: 0.4, salaryChance: 0.3, cities: [['Lagos', 'LA', 'Lagos', 3], ['Abuja', 'FC', 'Federal Capital Territory', 1]] },
  { code: 'IN', name: 'India', currency: 'INR', payFactor: 0.19, weight: 6, salaryChance: 0.5, area: 'APAC', style: 'in',
    cities: [['Bengaluru', 'KA', 'Karnataka', 6], ['Hyderabad', 'TG', 'Telangana', 3], ['Pune', 'MH', 'Maharashtra', 2],
      ['Mumbai', 'MH', 'Maharashtra', 2], ['Gurugram', 'HR', 'Haryana', 2], ['Chennai', 'TN', 'Tamil Nadu', 2], ['Noida', 'UP', 'Uttar Pradesh', 1]] },
  { code: 'AU', name: 'Australia', currency: 'AUD', payFactor: 0.68, weight: 3, salaryChance: 0.7, area: 'APAC', style: 'au',
    cities: [['Sydney', 'NSW', 'New South Wales', 5], ['Melbourne', 'VIC', 'Victoria', 4], ['Brisbane', 'QLD', 'Queensland', 1],
      ['Perth', 'WA', 'Western Australia', 1], ['Adelaide', 'SA', 'South Australia', 1]] },
  { code: 'NZ', name: 'New Zealand', ...OTHER, area: 'APAC', payFactor: 0.56, weight: 0.6, salaryChance: 0.3, cities: [['Auckland', 'AUK', 'Auckland', 3], ['Wellington', 'WGN', 'Wellington', 2], ['Christchurch', 'CAN', 'Canterbury', 1]] },
  { code: 'SG', name: 'Singapore', ...OTHER, area: 'APAC', payFactor: 0.62, weight: 2, salaryChance: 0.3, cities: [['Singapore']] },
  { code: 'JP', name: 'Japan', ...OTHER, area: 'APAC', payFactor: 0.45, weight: 1, salaryChance: 0.25, cities: [['Tokyo', '13', 'Tokyo', 4], ['Osaka', '27', 'Osaka', 1], ['Fukuoka', '40', 'Fukuoka', 1]] },
  { code: 'PH', name: 'Philippines', ...OTHER, area: 'APAC', payFactor: 0.15, weight: 0.6, salaryChance: 0.3, cities: [['Manila', '00', 'Metro Manila', 2], ['Cebu City', '07', 'Central Visayas', 1], ['Makati', '00', 'Metro Manila', 1]] },
  { code: 'BR', name: 'Brazil', ...OTHER, area: 'LATAM', payFactor: 0.26, weight: 1.5, salaryChance: 0.3, cities: [['São Paulo', 'SP', 'São Paulo', 4], ['Rio de Janeiro', 'RJ', 'Rio de Janeiro', 1], ['Florianópolis', 'SC', 'Santa Catarina', 1], ['Belo Horizonte', 'MG', 'Minas Gerais', 1]] },
  { code: 'MX', name: 'Mexico', ...OTHER, area: 'LATAM', payFactor: 0.26, weight: 1.2, salaryChance: 0.3, cities: [['Mexico City', 'CMX', 'Mexico City', 4], ['Guadalajara', 'JAL', 'Jalisco', 2], ['Monterrey', 'NLE', 'Nuevo León', 1]] },
  { code: 'AR', name: 'Argentina', ...OTHER, area: 'LATAM', payFactor: 0.22, weight: 0.8, salaryChance: 0.3, cities: [['Buenos Aires', 'C', 'Buenos Aires', 4], ['Córdoba', 'X', 'Córdoba', 1]] },
];

export const COUNTRY_BY_CODE: ReadonlyMap<string, DemoCountry> = new Map(COUNTRIES.map((c) => [c.code, c]));

/** City pay adjustment inside a country (US coastal hubs pay more, smaller cities less). */
export const CITY_PAY: Readonly<Record<string, number>> = {
  'San Francisco': 1.12, 'Palo Alto': 1.12, 'Mountain View': 1.12, 'New York': 1.1, Seattle: 1.06, Boston: 1.03,
  'Los Angeles': 1.02, London: 1.12, Zurich: 1.08, Munich: 1.04, Bengaluru: 1.05, Nashville: 0.9, Columbus: 0.88,
  Phoenix: 0.9, Pittsburgh: 0.9, Cardiff: 0.85, Belfast: 0.85,
};

/** Region-wide remote labels and the country whose pay they follow. */
export const REMOTE_AREAS: readonly (readonly [string, string])[] = [
  ['Remote - EMEA', 'GB'],
  ['Remote - Europe', 'DE'],
  ['Remote (Europe)', 'NL'],
  ['Remote - LATAM', 'BR'],
  ['Remote - Americas', 'US'],
  ['Remote - APAC', 'SG'],
  ['Remote - North America', 'US'],
  ['Anywhere', 'US'],
  ['Remote', 'US'],
  ['Worldwide (Remote)', 'US'],
];
