/**
 * Workplace type: remote, hybrid, onsite, or unknown.
 *
 * The rule, in order (first decisive step wins):
 *  1. An explicit workplace field decides (Lever onsite/on-site/hybrid/remote, Ashby
 *     OnSite/Remote/Hybrid, Workable/SmartRecruiters values passed through). Lever's
 *     "unspecified" and empty values decide nothing.
 *  2. Location text and title: "hybrid" → hybrid; a remote word ("Remote - US",
 *     "(Remote)", "Anywhere") → remote, unless hybrid is also mentioned; an explicit
 *     onsite word ("On-site", "In office") → onsite.
 *  3. A platform remote flag that is true → remote, unless step 2 found an explicit
 *     on-site word, which wins (hybrid if the description says the
 *     role is hybrid). A false flag is weak evidence (Ashby's isRemote is unreliable,
 *     Workable sends false by default) and is ignored.
 *  4. Description, role-level phrases only: hybrid ("hybrid role", "3 days a week in the
 *     office") before remote ("fully remote", "this is a remote position", "remote-first")
 *     before onsite ("in-office company", "5 days a week in the office").
 *  5. Otherwise unknown. A city alone never makes a job onsite.
 *
 * Hybrid is never remote, so a remote-only filter does not return hybrid jobs. Perks
 * ("work from anywhere for a month", "remote Fridays", "2 weeks remote per year") are
 * not the role being remote (ats-formats.md §3).
 */
import type { RemoteType } from '../../domain/enums.ts';
import { foldText } from '../../domain/text.ts';

export interface RemoteSignals {
  workplaceType?: string | null;
  remoteFlag?: boolean | null;
  locationText?: string | null;
  title?: string | null;
  descriptionText?: string | null;
}

// Every whitespace run as one space. Single spaces are left alone (most of a text's
// whitespace; replacing each with itself cost twice the time).
const WHITESPACE_RUN = /[^\S ]\s*| \s+/g;

function fold(s: unknown): string {
  return typeof s === 'string' ? foldText(s).replace(WHITESPACE_RUN, ' ') : '';
}

function fromWorkplaceField(value: string): RemoteType | null {
  // A list ("Hybrid, Onsite", an HN header's): some office days, some not, is hybrid.
  const parts = value.split(/[,;/|]/).filter((p) => p.trim() !== '');
  if (parts.length > 1) {
    const types = new Set(parts.map(fromWorkplaceValue));
    return types.size === 2 && types.has('hybrid') && types.has('onsite') ? 'hybrid' : null;
  }
  return fromWorkplaceValue(value);
}

function fromWorkplaceValue(value: string): RemoteType | null {
  const v = foldText(value).replace(/[^a-z]/g, '');
  if (v === 'remote' || v === 'fullyremote' || v === 'remoteonly' || v === 'telecommute') return 'remote';
  if (v === 'hybrid' || v === 'hybridremote' || v === 'flexible') return 'hybrid';
  if (v === 'onsite' || v === 'inoffice' || v === 'office' || v === 'inperson' || v === 'onpremise')
    return 'onsite';
  return null;
}

// "Remote Sensing Scientist" and "remote monitoring" name the work, not the workplace.
// "Distributed" is a remote word only in a location field ("Distributed", "Distributed
// - US"): in a title it names the work ("Distributed Systems Engineer", "Distributed
// Generation"), 51 of 54 such titles were marked remote before (issue 11).
const REMOTE_WORD =
  /(?<![a-z])(?<![a-z]-)(?<!non[- ])(?<!not )(?<!no )remote(?! +(?:sensing|monitoring|patient|control|pilot|operat\w*|access|assistance|support technician|device|devices|vehicle|vehicles|procedure|procedures|desktop|diagnostics))|\b(?:anywhere|worldwide|work from home|wfh|telecommute|telecommuting|homeoffice|home office|home-office)\b/;
// Remote part of the time is hybrid: "ONSITE+PART REMOTE", "Berlin (partially remote)".
const HYBRID_WORD = /\bhybrid\b|\bhibrid[oa]\b|\b(?:part|partly|partially|partial|semi)[- ]?remote\b/;
// Not after a German gender suffix: "Werkstudent:in Office Management" names the work.
const ONSITE_WORD = /\b(?:on-?site|(?<![:*_/])in[- ]office|in[- ]person|office[- ]based|vor ort)\b/;
// A workplace tag on the title itself: "Operations Specialist, Remote Assistance (On-Site)".
const ONSITE_TITLE_TAG =
  /\(\s*(?:on-?site|in[- ]office|in[- ]person)[^)]*\)|[-–|,]\s*(?:on-?site|in[- ]office)\s*$/;

// Only in a location field: "Virtual", "Remoto", "Home based - EMEA". In a title
// "Virtual Reality Engineer" is not a workplace.
// "US-Remote", "Germany-Remote": joined to a place by a hyphen, in a location field only (a
// title's "x-remote" is left to REMOTE_WORD's rules).
const LOCATION_REMOTE_WORD =
  /\b(?:virtual|remoto|remota|remotely|home[- ]based|distributed)\b|(?<!non-)(?<=[a-z]-)remote\b/;

function fromShortText(location: string, title: string): RemoteType | null {
  const text = `${location}\n${title}`;
  if (text.trim() === '') return null;
  if (HYBRID_WORD.test(text)) return 'hybrid';
  // The title's own on-site tag beats a remote word in the title; a location naming both
  // ("Remote or Onsite") offers both and stays remote.
  const tag = ONSITE_TITLE_TAG.exec(title)?.[0];
  if (tag && !REMOTE_WORD.test(tag) && !REMOTE_WORD.test(location) && !LOCATION_REMOTE_WORD.test(location))
    return 'onsite';
  if (REMOTE_WORD.test(text) || LOCATION_REMOTE_WORD.test(location)) return 'remote';
  if (ONSITE_WORD.test(text)) return 'onsite';
  return null;
}

const ROLE = '(?:role|position|job|opportunity|team|company)';
// Up to three words name the office: "in our San Francisco HQ".
const IN_OFFICE =
  '(?:in|at|from|out of) (?:the |our |an |one of our )?(?:\\w+ ){0,3}(?:office|offices|hq|headquarters)';

/**
 * A description pattern and the words it cannot match without. Descriptions are long and
 * most name none of them, so checking for the words first (a plain substring search)
 * skips most regex scans: that halved the cost of classifying a posting.
 */
interface DescPattern {
  re: RegExp;
  needs: readonly string[];
}

const NEEDS_HYBRID = ['hybrid'];
const NEEDS_OFFICE = ['office', 'hq', 'headquarters'];
const NEEDS_REMOTE = ['remote'];
const NEEDS_ONSITE = ['site', 'office', 'person'];

function pattern(source: RegExp | string, needs: readonly string[]): DescPattern {
  return { re: new RegExp(typeof source === 'string' ? source : source.source, 'g'), needs };
}

const DESC_HYBRID: readonly DescPattern[] = [
  pattern(
    `\\bhybrid (?:${ROLE}|work|working|schedule|model|setup|set-up|environment|arrangement|policy|basis|format|workplace)\\b`,
    NEEDS_HYBRID,
  ),
  pattern(`\\b(?:this|the) ${ROLE} is (?:a )?hybrid\\b`, NEEDS_HYBRID),
  pattern(/\(hybrid\)|\bhybrid\s*[-–:]\s*\d/, NEEDS_HYBRID),
  pattern(
    `\\b(?:[1-4]|one|two|three|four)(?:\\s*(?:-|to|or)\\s*(?:[1-4]|two|three|four))?\\+? days?\\s*(?:/|a|per|each|every)\\s*week ${IN_OFFICE}`,
    NEEDS_OFFICE,
  ),
  pattern(
    `\\b${IN_OFFICE} (?:[1-4]|one|two|three|four)(?:\\s*(?:-|to|or)\\s*[1-4])?\\+? (?:days?|x|times)\\b`,
    NEEDS_OFFICE,
  ),
];

const DESC_REMOTE: readonly DescPattern[] = [
  pattern(/\b(?:fully|100%|completely|entirely|100 percent) remote\b/, NEEDS_REMOTE),
  pattern(/\bremote[- ]first\b/, NEEDS_REMOTE),
  pattern(`\\b(?:this|the) (?:is an? )?(?:${ROLE} )?is (?:a )?(?:fully )?remote\\b`, NEEDS_REMOTE),
  pattern(`\\bthis is an? (?:fully )?remote ${ROLE}\\b`, NEEDS_REMOTE),
  pattern(`\\b(?:a|this) remote(?:-based)? (?:${ROLE})\\b`, NEEDS_REMOTE),
  pattern(/\bremote (?:position|role) (?:based )?in\b/, NEEDS_REMOTE),
  pattern(/\b(?:work|working) (?:fully )?remotely from anywhere in\b/, NEEDS_REMOTE),
  pattern(/\b(?:the )?work is (?:fully |100% )?remote\b/, NEEDS_REMOTE),
];

const DESC_ONSITE: readonly DescPattern[] = [
  pattern(`\\b(?:fully|100%) (?:on-?site|in[- ]office|in[- ]person)\\b`, NEEDS_ONSITE),
  pattern(
    `\\b(?:an? )?(?:on-?site|in[- ]office|in[- ]person) (?:${ROLE}|requirement|position)\\b`,
    NEEDS_ONSITE,
  ),
  pattern(
    `\\b(?:this|the) ${ROLE} is (?:based )?(?:fully )?(?:on-?site|in[- ]office|in[- ]person)\\b`,
    NEEDS_ONSITE,
  ),
  pattern(`\\b(?:5|five) days\\s*(?:/|a|per|each)\\s*week ${IN_OFFICE}`, NEEDS_OFFICE),
  pattern(`\\b(?:on-?site|in[- ]office|in[- ]person) only\\b`, NEEDS_ONSITE),
  // "Interns will work full-time out of our NYC office", "building the company in person".
  pattern(
    `\\bwork (?:full[- ]time )?out of (?:the |our )?(?:\\w+ ){0,3}(?:office|offices|hq|headquarters)\\b`,
    NEEDS_OFFICE,
  ),
  pattern(
    /\bwe(?: are|'re|’re)? (?:building|build|work|working) (?:the company |together |side by side )?in[- ]person\b/,
    NEEDS_ONSITE,
  ),
  pattern(`\\b${IN_OFFICE} (?:5|five) days\\b`, NEEDS_OFFICE),
  pattern(/\bin[- ]office (?:5|five) days\b/, NEEDS_OFFICE),
  pattern(/\b(?:not a remote|no remote|not remote)\b/, NEEDS_REMOTE),
];

// A remote phrase inside one of these contexts is a perk or a limit, not the role.
const PERK_CONTEXT =
  /\b(?:for (?:a|one|two|up to \d+|\d+) (?:month|months|weeks?)|weeks? (?:a|per) year|days? (?:a|per) year|per year|fridays?|mondays?|occasional|occasionally|sometimes|a few days|once a|when needed|as needed|flexibility to work)\b/;
const NEGATED = /\b(?:not|no|isn't|is not|non|never)\s+(?:a\s+)?(?:\w+\s+)?$/;

function sentenceAround(text: string, index: number, length: number): string {
  const start = Math.max(text.lastIndexOf('.', index), text.lastIndexOf('\n', index), 0);
  const endDot = text.indexOf('.', index + length);
  const endNl = text.indexOf('\n', index + length);
  const ends = [endDot, endNl].filter((n) => n >= 0);
  return text.slice(start, ends.length ? Math.min(...ends) : text.length);
}

/** The description with the words the patterns need that it contains (each looked for once). */
interface Description {
  text: string;
  has: ReadonlySet<string>;
}

const NEEDED_WORDS = [...new Set([...NEEDS_HYBRID, ...NEEDS_OFFICE, ...NEEDS_REMOTE, ...NEEDS_ONSITE])];

function description(text: string): Description {
  return { text, has: new Set(NEEDED_WORDS.filter((word) => text.includes(word))) };
}

function describes(
  { text, has }: Description,
  patterns: readonly DescPattern[],
  checkPerk: boolean,
): boolean {
  for (const { re, needs } of patterns) {
    if (!needs.some((word) => has.has(word))) continue;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const before = text.slice(Math.max(0, m.index - 20), m.index);
      if (NEGATED.test(before)) continue;
      if (checkPerk && PERK_CONTEXT.test(sentenceAround(text, m.index, m[0].length))) continue;
      return true;
    }
  }
  return false;
}

function fromDescription(text: Description): RemoteType | null {
  if (text.text === '') return null;
  if (describes(text, DESC_HYBRID, false)) return 'hybrid';
  if (describes(text, DESC_REMOTE, true)) return 'remote';
  if (describes(text, DESC_ONSITE, false)) return 'onsite';
  return null;
}

export function classifyRemoteType(signals: RemoteSignals): RemoteType {
  const s = signals ?? {};
  if (typeof s.workplaceType === 'string') {
    const explicit = fromWorkplaceField(s.workplaceType);
    if (explicit) return explicit;
  }
  const location = fold(s.locationText);
  const title = fold(s.title);
  const fromShort = fromShortText(location, title);
  if (fromShort === 'hybrid' || fromShort === 'remote') return fromShort;
  // Descriptions can be 200k characters; the signals sit near the top or in a short
  // "location/workplace" section, so a bounded prefix keeps this cheap. Folded only
  // when the short fields left the question open.
  // An explicit on-site word wins over the platform's remote flag (Workable and
  // SmartRecruiters set it for "remote possible" boards; issue 11).
  if (fromShort === 'onsite') return 'onsite';
  const text = description(fold(s.descriptionText).slice(0, 50_000));
  if (s.remoteFlag === true) return describes(text, DESC_HYBRID, false) ? 'hybrid' : 'remote';
  return fromDescription(text) ?? 'unknown';
}
