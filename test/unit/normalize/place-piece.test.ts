/**
 * parsePiece: one piece of a location string, its segments split by dashes and
 * parentheses, countries, states and areas read as hints (issue 11 item 9: rules that
 * mutation testing found unpinned). Expected values are what the posting's text says.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlaceParts } from '../../../src/domain/job.ts';
import { forgetParsedPieces, parsePiece } from '../../../src/ingest/normalize/place-piece.ts';
import { p } from '../../helpers/places.ts';

// Each test parses afresh, not from what an earlier test left in the memo.
beforeEach(() => forgetParsedPieces());

const piece = (text: string, prefer: string[] = []) => {
  const { places, areas, guessed } = parsePiece(text, prefer);
  return {
    places: places.map(({ city, region, countryCode }) => p(city, region, countryCode)),
    areas,
    guessed,
  };
};

describe('parsePiece: places and areas of one piece', () => {
  it.each<[string, PlaceParts[], string[]]>([
    // Areas beside countries: "UK" is the country, not the town of Uk in Russia.
    ['Remote (EU & UK)', [p(null, null, 'GB')], ['EU']],
    ['EU & UK', [p(null, null, 'GB')], ['EU']],
    ['Europe/US', [p(null, null, 'US')], ['Europe']],
    ['Remote (US & EMEA)', [p(null, null, 'US')], ['EMEA']],
    ['Remote - LATAM and Canada', [p(null, null, 'CA')], ['Latin America']],
    ['EU/Asia', [], ['EU', 'Asia']],
    // "within the", "in the", "from the" before an area.
    ['Remote within the EU', [], ['EU']],
    ['Remote (within EMEA)', [], ['EMEA']],
    ['Anywhere within the EU', [], ['EU']],
    ['Remote - in the EU', [], ['EU']],
    ['Remote - from the Americas', [], ['Americas']],
    ['Worldwide within Europe', [], ['Europe']],
    // A company name before the city; the city with a site word.
    ['Acme Corp - Bengaluru Office', [p('Bengaluru', null, 'IN')], []],
    // "within the", "from the": the country after them.
    ['Remote (within the US)', [p(null, null, 'US')], []],
    ['Remote (from the UK)', [p(null, null, 'GB')], []],
    ['Remote (from Canada)', [p(null, null, 'CA')], []],
    ['Remote in the Netherlands', [p(null, null, 'NL')], []],
    ['Remote (the Netherlands)', [p(null, null, 'NL')], []],
    ['Canada only', [p(null, null, 'CA')], []],
    ['Multiple Canada sites', [p(null, null, 'CA')], []],
    ['Various UK offices', [p(null, null, 'GB')], []],
    ['Remote (EMEA, APAC)', [], ['EMEA', 'APAC']],
    ['Remote (EMEA,APAC)', [], ['EMEA', 'APAC']],
    ['Remote (EMEA and APAC)', [], ['EMEA', 'APAC']],
    ['North America - Research Triangle, NC', [p('Research Triangle', 'NC', 'US')], ['North America']],
    ['Remote - Europe, Middle East', [], ['Europe', 'Middle East']],
    // Several countries: the first ("and" inside Poland or Ireland splits nothing).
    ['US and Canada', [p(null, null, 'US')], []],
    ['US + Canada', [p(null, null, 'US')], []],
    ['Remote (Canada / US)', [p(null, null, 'CA')], []],
    ['Poland and Romania', [p(null, null, 'PL')], []],
    ['Remote (Ireland and UK)', [p(null, null, 'IE')], []],
    ['Switzerland & Germany', [p(null, null, 'CH')], []],
    ['Remote - US /', [p(null, null, 'US')], []],
    ['US & Canada only', [p(null, null, 'US')], []],
    ['US - MA', [p(null, 'MA', 'US')], []],
    ['Toronto / Canada', [p('Toronto', 'ON', 'CA')], []],
    ['London / UK', [p('London', null, 'GB')], []],
    // A state, alone or before a city.
    ['Remote (Texas)', [p(null, 'TX', 'US')], []],
    ['Remote (Texas, US)', [p(null, 'TX', 'US')], []],
    ['US - Texas', [p(null, 'TX', 'US')], []],
    ['Canada - Ontario', [p(null, 'ON', 'CA')], []],
    ['Ontario - Remote - Canada', [p(null, 'ON', 'CA')], []],
    ['Texas - Austin', [p('Austin', 'TX', 'US')], []],
    ['TX - Austin', [p('Austin', 'TX', 'US')], []],
    ['Washington - Seattle', [p('Seattle', 'WA', 'US')], []],
    ['US - Washington - Seattle', [p('Seattle', 'WA', 'US')], []],
    ['US - GA - Atlanta', [p('Atlanta', 'GA', 'US')], []],
    // After the country a two-letter state: MA is Massachusetts, not Morocco (the biggest
    // Wilmington is in North Carolina).
    ['US - MA - Wilmington', [p('Wilmington', 'MA', 'US')], []],
    ['Canada - ON - Toronto', [p('Toronto', 'ON', 'CA')], []],
    ['ME - Portland', [p('Portland', 'ME', 'US')], []],
    ['Oregon - Portland', [p('Portland', 'OR', 'US')], []],
    ['Paris (TX)', [p('Paris', 'TX', 'US')], []],
    ['Springfield (IL)', [p('Springfield', 'IL', 'US')], []],
    // A two-letter code before a city: the country, or the state when the city is there.
    ['DE - Berlin', [p('Berlin', null, 'DE')], []],
    ['DE - Wilmington', [p('Wilmington', 'DE', 'US')], []],
    ['CA - San Francisco', [p('San Francisco', 'CA', 'US')], []],
    ['CA - LA', [p('Los Angeles', 'CA', 'US')], []],
    ['CA - Toronto', [p('Toronto', 'ON', 'CA')], []],
    ['CA - London', [p('London', 'ON', 'CA')], []],
    ['IN - Mumbai', [p('Mumbai', null, 'IN')], []],
    ['IN - Indianapolis', [p('Indianapolis', 'IN', 'US')], []],
    ['IN - Columbus', [p('Columbus', 'IN', 'US')], []],
    ['CO - Denver', [p('Denver', 'CO', 'US')], []],
    ['CO - Bogota', [p('Bogotá', null, 'CO')], []],
    ['NL - Amsterdam', [p('Amsterdam', null, 'NL')], []],
    ['GB - London', [p('London', null, 'GB')], []],
    ['MX - Mexico City', [p('Mexico City', null, 'MX')], []],
    // Workplace and employment words around the place.
    ['New York - Remote', [p('New York', 'NY', 'US')], []],
    ['Full-time - Berlin', [p('Berlin', null, 'DE')], []],
    ['Multiple Locations - Berlin', [p('Berlin', null, 'DE')], []],
    ['Toronto (Hybrid)', [p('Toronto', 'ON', 'CA')], []],
    ['Austin, TX (Hybrid)', [p('Austin', 'TX', 'US')], []],
    ['(Remote) Austin, TX', [p('Austin', 'TX', 'US')], []],
    ['Remote (Austin, TX)', [p('Austin', 'TX', 'US')], []],
    ['Remote (US) - Austin', [p('Austin', 'TX', 'US')], []],
    ['Remote - US: Austin, TX', [p('Austin', 'TX', 'US')], []],
    ['US - Remote - Austin', [p('Austin', 'TX', 'US')], []],
    ['Remote (US) (Hybrid)', [p(null, null, 'US')], []],
    ['Remote (Europe) - Berlin', [p('Berlin', null, 'DE')], ['Europe']],
    ['Berlin (Remote - EU)', [p('Berlin', null, 'DE')], ['EU']],
    ['Berlin (Germany) - Remote', [p('Berlin', null, 'DE')], []],
    ['Remote - Toronto, ON, Canada', [p('Toronto', 'ON', 'CA')], []],
    ['Toronto, ON - Remote', [p('Toronto', 'ON', 'CA')], []],
    // Dashes, colons and pluses between segments, with or without spaces.
    ['Austin – TX', [p('Austin', 'TX', 'US')], []],
    ['Austin — TX', [p('Austin', 'TX', 'US')], []],
    ['Austin : TX', [p('Austin', 'TX', 'US')], []],
    ['Remote-US', [p(null, null, 'US')], []],
    ['Remote–US', [p(null, null, 'US')], []],
    ['-Berlin', [p('Berlin', null, 'DE')], []],
    ['Berlin +', [p('Berlin', null, 'DE')], []],
    ['The Hague', [p('The Hague', null, 'NL')], []],
    // A hyphen inside a name is no separator.
    ['Winston-Salem, NC', [p('Winston-Salem', 'NC', 'US')], []],
    ['Wilkes-Barre, PA', [p('Wilkes-Barre', 'PA', 'US')], []],
    ['Aix-en-Provence', [p('Aix-en-Provence', null, 'FR')], []],
    ['Stratford-upon-Avon, UK', [p('Stratford-upon-Avon', null, 'GB')], []],
    ['Austin, TX, - Remote', [p('Austin', 'TX', 'US')], []],
    ['Remote -- Berlin', [p('Berlin', null, 'DE')], []],
    ['Berlin - Mitte', [p('Berlin', null, 'DE')], []],
    ['US & Canada - Toronto', [p('Toronto', 'ON', 'CA')], []],
    ['US - IN - Indianapolis', [p('Indianapolis', 'IN', 'US')], []],
    ['Remote - The Hague', [p('The Hague', null, 'NL')], []],
    // Nothing outside the parentheses names a city: the city inside them is the place
    // (they gave the country alone, or the company name as a city).
    ['Germany - Remote (Berlin)', [p('Berlin', null, 'DE')], []],
    ['Germany (Berlin)', [p('Berlin', null, 'DE')], []],
    ['US (Austin, TX)', [p('Austin', 'TX', 'US')], []],
    ['Canada - Hybrid (Toronto)', [p('Toronto', 'ON', 'CA')], []],
    ['Movable Ink (Toronto)', [p('Toronto', 'ON', 'CA')], []],
    ['Remote (Berlin - Mitte)', [p('Berlin', null, 'DE')], []],
    ['US (Bay Area)', [p('San Francisco', 'CA', 'US')], []],
    ['Remote - Canada (Toronto)', [p('Toronto', 'ON', 'CA')], []],
    ['War Memorial (Fort Lauderdale)', [p('Fort Lauderdale', 'FL', 'US')], []],
    ['Mather HQ (Evanston, IL)', [p('Evanston', 'IL', 'US')], []],
    ['In-person (Paris, France)', [p('Paris', null, 'FR')], []],
    [
      'Eastern Europe (Poland, Hungary, Slovenia)',
      [p(null, null, 'PL'), p(null, null, 'HU'), p(null, null, 'SI')],
      ['Europe'],
    ],
    // A district of a city-state is no city of that name elsewhere.
    ['Singapore (East Side)', [p(null, null, 'SG')], []],
    // A city outside wins over one inside.
    ['Cambridge, MA (Boston area)', [p('Cambridge', 'MA', 'US')], []],
    // A place the gazetteer does not know is kept when nothing better is there.
    ['Tri-Cities, WA - Remote', [p('Tri-Cities', 'WA', 'US')], []],
    ['Permanent - Tri-Cities, WA', [p('Tri-Cities', 'WA', 'US')], []],
    // Only workplace words outside: the place inside is kept even when no city is known.
    ['Remote (Tri-Cities, WA)', [p('Tri-Cities', 'WA', 'US')], []],
    // An unknown word in parentheses beside a country is no city; the rest of a list of
    // provinces is no city either.
    ['US (Acme)', [p(null, null, 'US')], []],
    ['Canada - Remote (ON, AB, BC, or NS Only)', [p(null, null, 'CA')], []],
    // "Anywhere in …" is not the whole world.
    ['Anywhere in Europe', [], ['Europe']],
    ['Remote (Anywhere)', [], ['Worldwide']],
    ['Remote globally', [], ['Worldwide']],
    ['Remote - Worldwide (excluding US)', [], ['Worldwide']],
    ['Various locations', [], []],
    ['Worldwide / Global', [], ['Worldwide']],
    ['Suite #1000 - Remote', [], []],
    ['Remote - ???', [], []],
    // A lower-case word in parentheses is no place.
    ['Remote (berlin)', [], []],
  ])('%j', (text, places, areas) => {
    const result = piece(text);
    expect(result.places).toEqual(places);
    expect(result.areas).toEqual(areas);
  });
});

describe('parsePiece: namesakes', () => {
  it('says when a city was chosen among namesakes with nothing to go by', () => {
    expect(piece('Cambridge')).toEqual({ places: [p('Cambridge', 'MA', 'US')], areas: [], guessed: true });
    expect(piece('Remote - Cambridge').guessed).toBe(true);
    expect(piece('Cambridge (UK)')).toEqual({
      places: [p('Cambridge', null, 'GB')],
      areas: [],
      guessed: false,
    });
    expect(piece('Toronto').guessed).toBe(false);
  });

  it('guesses nothing when no city is chosen', () => {
    for (const text of ['Various locations', 'US and Canada', 'Remote (Texas)', 'Remote (EU)'])
      expect(piece(text).guessed).toBe(false);
  });

  it('weighs the preferred countries, and remembers each preference apart', () => {
    expect(piece('Cambridge', ['GB']).places).toEqual([p('Cambridge', null, 'GB')]);
    expect(piece('Cambridge', ['CA']).places).toEqual([p('Cambridge', 'ON', 'CA')]);
    expect(piece('Cambridge').places).toEqual([p('Cambridge', 'MA', 'US')]);
  });

  it('hands out copies: a caller changing its result changes no later one', () => {
    const first = parsePiece('Remote (EU) - Berlin');
    first.places[0]!.city = 'Changed';
    first.areas.push('Changed');
    expect(piece('Remote (EU) - Berlin')).toEqual({
      places: [p('Berlin', null, 'DE')],
      areas: ['EU'],
      guessed: false,
    });
  });
});

describe('parsePiece: places written without commas (real feeds, issue 11)', () => {
  it.each<[string, PlaceParts[]]>([
    // Codes and a city joined by hyphens (Workday, Taleo): the codes are hints.
    ['IL-Bloomington', [p('Bloomington', 'IL', 'US')]],
    ['CO-Denver', [p('Denver', 'CO', 'US')]],
    ['CA-Toronto', [p('Toronto', 'ON', 'CA')]],
    ['DE-Berlin', [p('Berlin', null, 'DE')]],
    ['US-CA-San Jose', [p('San Jose', 'CA', 'US')]],
    ['US-SF', [p('San Francisco', 'CA', 'US')]],
    ['US-CA', [p(null, 'CA', 'US')]],
    // A city and its country or state joined by a hyphen, either way round.
    ['Paris-France', [p('Paris', null, 'FR')]],
    ['India-Bangalore', [p('Bengaluru', null, 'IN')]],
    ['Office - Washington-Seattle', [p('Seattle', 'WA', 'US')]],
    // Hyphenated names stay whole.
    ['Wilkes-Barre', [p('Wilkes-Barre', 'PA', 'US')]],
    ['Baden-Baden', [p('Baden-Baden', null, 'DE')]],
    ['Winston-Salem, NC', [p('Winston-Salem', 'NC', 'US')]],
    ['Aix-en-Provence, France', [p('Aix-en-Provence', null, 'FR')]],
    // A city and its country or state with no comma between.
    ['Toronto Canada', [p('Toronto', 'ON', 'CA')]],
    ['London UK', [p('London', null, 'GB')]],
    ['Berlin Germany', [p('Berlin', null, 'DE')]],
    ['Austin Texas', [p('Austin', 'TX', 'US')]],
    ['Kansas City Missouri', [p('Kansas City', 'MO', 'US')]],
    ['San Juan Puerto Rico', [p('San Juan', 'PR', 'US')]],
    // Georgia the state or the country: where the city is.
    ['Atlanta Georgia', [p('Atlanta', 'GA', 'US')]],
    ['Tbilisi Georgia', [p('Tbilisi', null, 'GE')]],
    // Cities whose last word is no country, and names the gazetteer knows whole.
    ['Mexico City', [p('Mexico City', null, 'MX')]],
    ['Salt Lake City', [p('Salt Lake City', 'UT', 'US')]],
    ['New York NY', [p('New York', 'NY', 'US')]],
    // An airport code as postings use it.
    ['TLV', [p('Tel Aviv', null, 'IL')]],
    // Compass parts of the United States: the country, no city.
    ['US West', [p(null, null, 'US')]],
    ['Remote - US West', [p(null, null, 'US')]],
    ['Eastern US', [p(null, null, 'US')]],
    ['USA - Central', [p(null, null, 'US')]],
    ['Continental United States', [p(null, null, 'US')]],
    ['Remote, Contiguous US', [p(null, null, 'US')]],
    // A code that is a country and a US state, beside a town the country lacks: the state.
    ['IL-Edwards', [p('Edwards', 'IL', 'US')]],
    ['Northern Chicagoland (IL)', [p('Northern Chicagoland', 'IL', 'US')]],
    // "ON-SITE" is no Ontario.
    ['ON-SITE in Florianopolis, Brazil', [p('Florianópolis', null, 'BR')]],
    // Lists of US time zones are no place ("ET" alone would be Ethiopia's code).
    ['Remote (ET/CT/PT)', []],
    ['PST and EST', []],
  ])('%j', (text, places) => {
    expect(piece(text).places).toEqual(places);
  });
});
