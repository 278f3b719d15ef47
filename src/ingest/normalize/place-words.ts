/**
 * Words around places in location strings that are not places themselves: workplace
 * words, employment words, site qualifiers, street addresses, time zones, and the areas
 * bigger than a country that a remote job is open to ("Remote — EU", "Remote, anywhere").
 */
import { foldText } from '../../domain/text.ts';

export const WORKPLACE_WORDS =
  /\b(?:(?:(?:fully|full|part|partly|partially|partial|semi|mostly|mainly|primarily|100%)[- ])?(?:remote|remotely|remoto|remota|virtual)(?:[- ]first| friendly| eligible| ok| only| based)?(?: in the| in| from| within| based in| -)?|hybrid(?: ok| in)?|h[ií]brido|presencial|on-?site(?: ok| in)?|in[- ]office|(?:home|office)[- ]based|based in(?: the)?|anywhere(?: in)?|worldwide|work from home|wfh|home ?office|distributed|telecommute)\b/gi;

/** A remote word: the piece is about where a remote job may be done. */
export const REMOTE_WORD =
  /\b(?:remote|remotely|remoto|virtual|anywhere|worldwide|distributed|work from home|wfh)\b/i;

// Words that qualify a site rather than name a place ("Bengaluru, India Office",
// "New York Preferred").
// "US-Based", "Bangkok based", "NYC Metro", "Sydney CBD": where, said with a site word.
export const SITE_WORDS =
  /\s+(?:office|offices|hq|headquarters|campus|global hq|hub|preferred|only|metro(?:politan)?(?: area)?|cbd)$|[\s-]+based$/i;

// Areas bigger than a country → the name a remote area is stored under.
const AREAS: Readonly<Record<string, string>> = {
  eu: 'EU',
  'european union': 'EU',
  europe: 'Europe',
  'eastern europe': 'Europe',
  'western europe': 'Europe',
  emea: 'EMEA',
  'emea region': 'EMEA',
  apac: 'APAC',
  apj: 'APAC',
  asia: 'Asia',
  'asia pacific': 'APAC',
  latam: 'Latin America',
  'latin america': 'Latin America',
  'south america': 'Latin America',
  amer: 'Americas',
  americas: 'Americas',
  'north america': 'North America',
  africa: 'Africa',
  'middle east': 'Middle East',
  oceania: 'Oceania',
  global: 'Worldwide',
  international: 'Worldwide',
  worldwide: 'Worldwide',
  world: 'Worldwide',
  anywhere: 'Worldwide',
  everywhere: 'Worldwide',
};

// Placeholders: no place to record.
const PLACEHOLDERS = new Set(
  (
    'multiple locations|various|various locations|tbd|n a|na|nationwide|any|other|flexible|to be determined|' +
    'central|north|south|east|west|northeast|northwest|southeast|southwest|midwest|mid atlantic|' +
    'pacific northwest|west coast|east coast|continental us|continental u s|hq|headquarters|branch|office|' +
    // Seen as cities in real feeds: a field role, a department, a form's placeholder.
    'multiple|field|based|in the field|medical|non medical|associations|location|locations|office location|position|opportunity|opportunities|tba|lower|upper|main|elementary'
  ).split('|'),
);

function simple(s: string): string {
  return foldText(s)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The remote area a text names ("EU", "Remote (Europe)" → "Europe"), or null. */
export function remoteArea(text: string): string | null {
  return AREAS[simple(text).replace(/ (?:only|time ?zones?|hours|based|region)$/, '')] ?? null;
}

// Employment words and time zones: "Greece - Remote – Full-Time", "Hiring GMT-8 to GMT+2".
const NOT_A_PLACE_RE =
  /^(?:full|part)[- ]?time$|^(?:contract|contractor|internship|intern|temporary|permanent|freelance|relocation.*|visa.*)$|\b(?:gmt|utc|cet|est|pst|cst|time ?zones?|hours|timezone)\b|^(?:all|any|multiple|various|several|open to any)\b.*\blocations?(?: considered)?$|\bcitizenship\b|\btravel\b|\bmeet ?ups?\b|\b(?:schools?|academy|inc|llc)$/i;

// "ET/CT/PT", "PST & EST": a list of US time zones (one alone may be a country code: PT, ET).
const TIME_ZONE = '(?:[ecmp][sd]?t|ak[sd]?t|h[sd]?t)';
const TIME_ZONE_LIST = new RegExp(`^${TIME_ZONE}(?: (?:and |or )?${TIME_ZONE})+(?: time ?zones?)?$`);

/** True for an area, a placeholder or a non-place word: nothing to record as a place. */
export function isNotAPlace(s: string): boolean {
  const key = simple(s);
  return (
    key === '' ||
    Object.hasOwn(AREAS, key) ||
    PLACEHOLDERS.has(key) ||
    NOT_A_PLACE_RE.test(key) ||
    TIME_ZONE_LIST.test(key)
  );
}

// "US West", "USA - Central", "Eastern US", "West Coast US", "Contiguous US": a part of the United States.
const US_PART =
  '(?:north|south)?(?:east|west)(?:ern)?|central|north(?:ern)?|south(?:ern)?|midwest(?:ern)?|mid atlantic';
const US_NAME = '(?:us|usa|u s|u s a|united states)';
const PART_OF_US = new RegExp(
  `^(?:${US_NAME} (?:${US_PART})(?: coast| region)?|(?:${US_PART}|continental|contiguous)(?: coast)? ${US_NAME})$`,
);

/** True for a compass part of the United States ("US West", "Eastern US"): the US, no city. */
export function isPartOfUS(s: string): boolean {
  return PART_OF_US.test(simple(s));
}

// "665 Clyde Avenue", "53061 Nadine St.", "Suite #1000", "10th Floor".
const STREET_WORD =
  /\b(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|ln|lane|way|pkwy|parkway|hwy|highway|ct|court|pl|plaza|sq|square|ter|terrace|cir|circle|broadway)\b\.?/i;
const PREMISES = /#\s*\d|\b(?:suite|ste|floor|unit|building|bldg|po box)\b/i;

/** True for a street address or a part of one ("12-40 Main Street", "Suite #1000"). */
export function isStreet(part: string): boolean {
  return /^\d+[a-z]?(?:-\d+)?\s+\p{L}/iu.test(part) || (/\d/.test(part) && PREMISES.test(part));
}

/** The words of a street part that may end in a city ("2116 Penn Ave Pittsburgh"). */
export function streetTail(part: string, maxWords = 4): string[] {
  const words = part.split(/\s+/).filter((w) => w !== '');
  const out: string[] = [];
  for (let n = Math.min(maxWords, words.length - 1); n >= 1; n--) {
    const tail = words.slice(words.length - n);
    if (tail.some((w) => /\d|#/.test(w)) || STREET_WORD.test(tail[0] as string)) continue;
    out.push(tail.join(' '));
  }
  return out;
}

/** A name a city could have: a capital, then letters, spaces, dots, apostrophes and hyphens, up to 4 words. */
export function isNameLike(s: string): boolean {
  return /^\p{Lu}[\p{L}\s.'’-]*$/u.test(s) && s.split(/\s+/).length <= 4;
}
