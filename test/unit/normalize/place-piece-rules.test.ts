/**
 * parsePiece on location strings of real postings (../shared/data), each pinning a rule
 * that mutation testing found unpinned (issue 11 item 9): the separators between segments,
 * a city list in parentheses, codes joined to a city by hyphens, a two-letter code before
 * a city that is a country's and a state's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PlaceParts } from '../../../src/domain/job.ts';
import { forgetParsedPieces, parsePiece } from '../../../src/ingest/normalize/place-piece.ts';
import { p } from '../../helpers/places.ts';

// Each case parses afresh, not from what an earlier one left in the memo.
beforeEach(() => forgetParsedPieces());

const piece = (text: string) => {
  const { places: found, areas, guessed } = parsePiece(text);
  return {
    places: found.map(({ city, region, countryCode }) => p(city, region, countryCode)),
    areas,
    guessed,
  };
};

describe('parsePiece: segments and workplace words', () => {
  it.each<[string, PlaceParts[], string[]]>([
    // A hyphen glued to the country before a workplace word splits them ("United" is no city).
    ['United States-Remote', [p(null, null, 'US')], []],
    ['United Kingdom-Remote', [p(null, null, 'GB')], []],
    // A dash glued to the city after a space: the area, then both cities.
    ['Middle East -Dubai, Abu Dhabi', [p('Dubai', null, 'AE'), p('Abu Dhabi', null, 'AE')], ['Middle East']],
    // A workplace word between two place words with no separator is one.
    ['US Remote Austin', [p('Austin', 'TX', 'US')], []],
    ['Germany Remote Berlin', [p('Berlin', null, 'DE')], []],
    ['USA Remote New York', [p('New York', 'NY', 'US')], []],
    // A workplace word before a hyphen-joined city and country.
    ['Hybrid, Paris-France', [p('Paris', null, 'FR')], []],
    // Parentheses glued to the words around them still separate them.
    ['Toronto(Hybrid)Canada', [p('Toronto', 'ON', 'CA')], []],
    // "only" after the last of an area and a country ("UK only" is no place of its own).
    ['Remote (EU & UK only)', [p(null, null, 'GB')], ['EU']],
    // "only" after any of several countries; a separator left at the end.
    ['US only / Canada', [p(null, null, 'US')], []],
    ['Canada only & US', [p(null, null, 'CA')], []],
    ['Remote (US only & Canada only)', [p(null, null, 'US')], []],
    ['US & Canada &', [p(null, null, 'US')], []],
    // "anywhere in" with a feed's double space is not the whole world.
    ['Remote anywhere  in Europe', [], ['Europe']],
  ])('%j', (text, expected, areas) => {
    const result = piece(text);
    expect(result.places).toEqual(expected);
    expect(result.areas).toEqual(areas);
  });
});

describe('parsePiece: cities listed in parentheses after a country or state', () => {
  it.each<[string, PlaceParts[]]>([
    // Split on slashes, with or without spaces, and on commas, "&" and "and".
    [
      'Remote - India (Delhi/NCR, Hyderabad, Bangalore, Pune, Jaipur Only)',
      [
        p('New Delhi', null, 'IN'),
        p('Hyderabad', null, 'IN'),
        p('Bengaluru', null, 'IN'),
        p('Pune', null, 'IN'),
        p('Jaipur', null, 'IN'),
      ],
    ],
    ['Canada (Toronto/Vancouver)', [p('Toronto', 'ON', 'CA'), p('Vancouver', 'BC', 'CA')]],
    ['USA (New York & San Francisco)', [p('New York', 'NY', 'US'), p('San Francisco', 'CA', 'US')]],
    // In the country named: Cambridge is the English one, not Cambridge, MA.
    ['United Kingdom (London & Cambridge)', [p('London', null, 'GB'), p('Cambridge', null, 'GB')]],
    // In the state named.
    ['Texas (Austin & Dallas)', [p('Austin', 'TX', 'US'), p('Dallas', 'TX', 'US')]],
    [
      'California (San Francisco / Los Angeles)',
      [p('San Francisco', 'CA', 'US'), p('Los Angeles', 'CA', 'US')],
    ],
  ])('%j', (text, expected) => {
    expect(piece(text).places).toEqual(expected);
  });
});

describe('parsePiece: codes before a city', () => {
  it.each<[string, PlaceParts[], boolean]>([
    // Country and state codes joined to the city by hyphens (Workday): the state decides
    // among namesakes, nothing is guessed.
    ['US-OR-Jefferson', [p('Jefferson', 'OR', 'US')], false],
    ['US-IL-Niles', [p('Niles', 'IL', 'US')], false],
    // A country's code that is also a state's, before a city of that country: the country.
    ['ES - Seville, Spain', [p('Seville', null, 'ES')], false],
    ['CH - Shanghai, China', [p('Shanghai', null, 'CN')], false],
    // … and before a city of the state: the state (Concord, California, not Ontario).
    ['CA - Concord', [p('Concord', 'CA', 'US')], false],
    // After the country, a state's code is the state and the district's city stays whole.
    ['USA - DC', [p(null, 'DC', 'US')], false],
    ['US - Washington DC', [p('Washington', 'DC', 'US')], false],
  ])('%j', (text, expected, guessed) => {
    const result = piece(text);
    expect(result.places).toEqual(expected);
    expect(result.guessed).toBe(guessed);
  });
});

describe('parsePiece: a country and a city joined by a slash', () => {
  it.each<[string, PlaceParts[]]>([
    // Was Cañada, Mexico and the village of Us, France: the first name the gazetteer knows.
    ['Canada/Toronto', [p('Toronto', 'ON', 'CA')]],
    ['Canada / Toronto', [p('Toronto', 'ON', 'CA')]],
    ['US/Austin', [p('Austin', 'TX', 'US')]],
    ['Germany/Berlin', [p('Berlin', null, 'DE')]],
    ['India/Bangalore', [p('Bengaluru', null, 'IN')]],
    // Either way round; the country decides among namesakes.
    ['Toronto/Canada', [p('Toronto', 'ON', 'CA')]],
    ['Cambridge/UK', [p('Cambridge', null, 'GB')]],
    // Two cities: the first, as before.
    ['New York/Boston', [p('New York', 'NY', 'US')]],
    ['Chantilly/Herndon', [p('Chantilly', 'VA', 'US')]],
  ])('%j', (text, expected) => {
    expect(piece(text).places).toEqual(expected);
  });
});
