/**
 * A word that says how much of the work is remote ("part remote", "fully remote", "100%
 * remote") is about the workplace, not a place: found on real Hacker News headers
 * ("London, UK; ONSITE+PART REMOTE" stored a city named "PART" and was marked remote).
 */
import { describe, expect, it } from 'vitest';
import { parseLocations } from '../../../src/ingest/normalize/location.ts';
import { classifyRemoteType } from '../../../src/ingest/normalize/remote-type.ts';

const cities = (text: string) => parseLocations(text).map((p) => p.city);

describe('remote qualifiers in a location', () => {
  it.each([
    ['London, UK; ONSITE+PART REMOTE', ['London']],
    ['ONSITE+PART REMOTE', []],
    ['Part remote', []],
    ['Full remote', []],
    ['Partially Remote, Boston, MA', ['Boston']],
    ['Mostly remote, Denver', ['Denver']],
    ['Semi-remote - Paris', ['Paris']],
    ['100% remote', []],
  ])('%j names the cities %j and no other', (text, expected) => {
    expect(cities(text)).toEqual(expected);
  });

  it.each([
    ['London, UK; ONSITE+PART REMOTE', 'hybrid'],
    ['Berlin (partially remote)', 'hybrid'],
    ['Partly remote', 'hybrid'],
    ['Semi-remote - Paris', 'hybrid'],
    ['Full remote', 'remote'],
    ['Mostly remote, Denver', 'remote'],
    ['100% remote', 'remote'],
  ])('%j is %s', (locationText, expected) => {
    expect(classifyRemoteType({ locationText, title: 'Software Engineer' })).toBe(expected);
  });

  it('a part of the title that is not about the workplace stays remote', () => {
    // "Parts" names the work; the location says remote.
    expect(classifyRemoteType({ locationText: 'Remote', title: 'Parts Specialist' })).toBe('remote');
  });
});

describe('remote in a location field as real feeds write it', () => {
  // 95 rows of ../shared/data said remote in their location and were unknown (stop 23).
  it.each([
    ['US-Remote', 'Sales Coach'],
    ['United States-Remote', 'Account Executive'],
    ['Germany-Remote, Germany', 'Account Executive'],
    ['CHI, ATL, US-Remote', 'Account Executive'],
    // A title that begins with a word "remote" may be followed by ("remote patient
    // monitoring") does not hide the location's own "Remote" above it.
    ['USA - Remote', 'Patient Connection Manager'],
    ['Florida - Remote', 'Patient Access Manager - North Florida'],
  ])('%j (title %j) is remote', (locationText, title) => {
    expect(classifyRemoteType({ locationText, title })).toBe('remote');
  });

  it('"non-remote" and a remote-patient title stay as they were', () => {
    expect(classifyRemoteType({ locationText: 'Berlin (non-remote)', title: 'Engineer' })).toBe('unknown');
    expect(classifyRemoteType({ locationText: 'Berlin', title: 'Remote Patient Monitoring Nurse' })).toBe(
      'unknown',
    );
  });
});
