/**
 * Pieces of real location fields that name no place (a field role, a school, a form's
 * placeholder, a condition of the job) or name one with a site word ("US-Based", "NYC
 * Metro", "Sydney CBD"): in ../shared/data 1,479 places had a city and no country before,
 * most of them these; now none of these is stored as a city.
 */
import { describe, expect, it } from 'vitest';
import { parseLocations } from '../../../src/ingest/normalize/location.ts';
import { classifyRemoteType } from '../../../src/ingest/normalize/remote-type.ts';

const places = (text: string) => parseLocations(text).map((p) => [p.city, p.region, p.countryCode]);

describe('pieces that name no place', () => {
  it.each([
    'Field - Based',
    'Multiple',
    'All Locations',
    'Any location',
    'Multiple Locations Considered',
    'Medical',
    'Non-Medical',
    'LOCATION',
    'Remote Position',
    'Associations',
    'Office Location or Field',
    'Remote (EU time zone) + Quarterly Meet-ups',
    'Riverside Academy',
    'Elementary School',
    'Arden Engineering Inc.',
    'Cornerstone Academy - Elementary',
    'Remote - Based in Europe',
  ])('%j has no city', (text) => {
    expect(places(text).filter(([city]) => city !== null)).toEqual([]);
  });

  it.each([
    ['Field - New Jersey', [[null, 'NJ', 'US']]],
    ['Any location, Canada', [[null, null, 'CA']]],
    ['Brooke High School | Boston, MA', [['Boston', 'MA', 'US']]],
    ['NYC, Northern Virginia; US Citizenship Required', [['New York', 'NY', 'US']]],
    ['Phoenix, Arizona, United States; Travel Position', [['Phoenix', 'AZ', 'US']]],
    ['Remote Opportunity - Canada', [[null, null, 'CA']]],
  ])('%j keeps only its place: %j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('a place said with a site word', () => {
  it.each([
    ['Remote US Based', [[null, null, 'US']]],
    ['REMOTE (US-Based Preferred)', [[null, null, 'US']]],
    ['Germany Based | Remote', [[null, null, 'DE']]],
    ['Bangkok based', [['Bangkok', null, 'TH']]],
    ['Sydney CBD', [['Sydney', null, 'AU']]],
    ['NYC Metro', [['New York', 'NY', 'US']]],
    ['New York Metropolitan - Hybrid', [['New York', 'NY', 'US']]],
    ['Philadelphia Metropolitan', [['Philadelphia', 'PA', 'US']]],
    ['Based in Austin, TX but remote-first structure', [['Austin', 'TX', 'US']]],
  ])('%j is %j', (text, expected) => {
    expect(places(text)).toEqual(expected);
  });
});

describe('workplace words in Spanish and Portuguese', () => {
  it.each([
    ['Híbrido', 'hybrid'],
    ['Fortaleza, Ceará, Brasil (Híbrido)', 'hybrid'],
    ['Remota', 'remote'],
  ])('%j is %s and no city', (locationText, expected) => {
    expect(classifyRemoteType({ locationText, title: 'Analista de Dados' })).toBe(expected);
    expect(places(locationText).map(([city]) => city)).not.toContain(locationText);
  });
});
