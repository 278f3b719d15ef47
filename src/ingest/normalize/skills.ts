/**
 * Skills named in a posting, as canonical names from the dictionary (domain/skills.ts).
 *
 * Matching is word-boundary aware ("Java" is not found in "JavaScript", "SQL" not in
 * "PostgreSQL"), and overlapping matches keep the longest ("React Native" is not also
 * "React"). Go and R are English words and letters; they are found only in clear
 * programming contexts ("golang", "Python, Go", "in Go", "R, SQL").
 */
import { SKILLS, canonicalSkill } from '../../domain/skills.ts';

interface Hit {
  start: number;
  end: number;
  skill: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Boundaries: a letter/digit must not touch the alias on either side; an alias that
// starts with "." (".NET") must not follow a letter or dot, one that ends with "+" or
// "#" must not be followed by another. The shared "no letter/digit before" check is
// hoisted out of the alternation (see buildMatcher); only the extra dot rule stays here.
function bounded(alias: string): string {
  const before = alias.startsWith('.') ? '(?<!\\.)' : '';
  const after = /[+#]$/.test(alias) ? '(?![A-Za-z0-9_+#])' : '(?![A-Za-z0-9_]|\\.[A-Za-z0-9])';
  return `${before}${escape(alias).replace(/ /g, '[\\s-]+')}${after}`;
}

function buildMatcher(flags: string, pick: (def: (typeof SKILLS)[number]) => readonly string[]) {
  const forms = new Map<string, string>();
  for (const def of SKILLS)
    for (const form of pick(def)) forms.set(flags.includes('i') ? form.toLowerCase() : form, def.name);
  const alternatives = [...forms.keys()].sort((a, b) => b.length - a.length).map(bounded);
  const key = (m: string) => (flags.includes('i') ? m.toLowerCase().replace(/[\s-]+/g, ' ') : m);
  return {
    // One lookbehind before the alternation, not one per alternative: the same matches,
    // but V8 can then dispatch on the first character (≈5× faster on descriptions).
    re: new RegExp(`(?<![A-Za-z0-9_])(?:${alternatives.join('|')})`, flags),
    lookup: (m: string) => forms.get(key(m)) ?? forms.get(m.toLowerCase()),
  };
}

const INSENSITIVE = buildMatcher('gi', (d) => d.i ?? (d.cs ? [] : [d.name]));
const SENSITIVE = buildMatcher('g', (d) => d.cs ?? []);

// Go: capitalized, not "Go-to-market" / "Go to" / "Go live", and next to another
// language or after a preposition that introduces a language.
const GO_RE =
  /(?:(?<=(?:\b(?:in|with|using|writing|write|like|and|or|e\.g\.|including|such as)\s+|[,/(]\s*))Go(?![\w-])(?!\s+(?:to|live|ahead|back|beyond|further|deep|above)\b))|(?:Go(?=\s*(?:,\s*[A-Z]|\/|\)|\s+(?:and|or)\s+[A-Z][a-z+#]|\s+(?:[Dd]evelopers?|[Ee]ngineers?|[Pp]rogramming|[Ll]anguage|[Ss]ervices|[Mm]icroservices|[Bb]ackend|[Cc]ode|[Cc]odebase|[Mm]odules?)\b)))(?![\w-])(?<![\w-]Go)/g;
// R: a standalone capital next to another data language or tool.
const R_RE =
  /(?<![\w&'’.-])R(?![\w&'’+#-])(?=\s*(?:,|\/|\)|\s+(?:and|or)\s+(?:Python|SQL|SAS|Stata|MATLAB|Julia)\b|\s+(?:programming|language|studio|shiny)\b))|(?<=(?:\b(?:Python|SQL|SAS|Stata|MATLAB|in|using|with|like)\s*(?:,|\/|and|or)?\s*))R(?![\w&'’+#-])/g;

// Case-sensitive names are English words too; at the start of a sentence ("Swift
// delivery.", "Spark joy") the capital proves nothing, so there they count only when a
// list continues ("React, Vue").
const SENTENCE_START = /(?:^|[.!?:]\s+|\n\s*|[•*-]\s+)$/;
const LIST_CONTINUES = /^(?:\s*[,/(]|\s+(?:and|or|&)\s)/;
// "excel at", "excel in": the verb, not the spreadsheet.
const VERB_AFTER = /^\s+(?:at|in)\b/;

function collect(
  text: string,
  re: RegExp,
  lookup: (m: string) => string | undefined,
  into: Hit[],
  wordLike = false,
): void {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[0] === '') {
      re.lastIndex++;
      continue;
    }
    const end = m.index + m[0].length;
    if (wordLike) {
      const before = text.slice(Math.max(0, m.index - 4), m.index);
      const after = text.slice(end, end + 12);
      if (SENTENCE_START.test(before) && !LIST_CONTINUES.test(after)) continue;
      if (m[0] === 'Excel' && VERB_AFTER.test(after)) continue;
    }
    const skill = lookup(m[0]);
    if (skill) into.push({ start: m.index, end, skill });
  }
}

/** Hits in order of position, overlaps resolved in favour of the longer match. */
function findSkills(text: string, isTitle = false): Hit[] {
  const hits: Hit[] = [];
  collect(text, INSENSITIVE.re, INSENSITIVE.lookup, hits);
  // Titles capitalize every word, so the sentence-start rule does not apply there.
  collect(text, SENSITIVE.re, SENSITIVE.lookup, hits, !isTitle);
  collect(text, GO_RE, () => 'Go', hits);
  collect(text, R_RE, () => 'R', hits);
  hits.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: Hit[] = [];
  for (const hit of hits) {
    const overlaps = kept.some((k) => hit.start < k.end && k.start < hit.end);
    if (!overlaps) kept.push(hit);
  }
  return kept;
}

/** Cap on scanned description text: skills sit in the first pages of any posting. */
const MAX_SCAN = 60_000;

/**
 * Canonical skill names from the title, then the description, then the feed's tags,
 * each list in order of first occurrence, without duplicates.
 */
export function extractSkills(
  title: string | null | undefined,
  text?: string | null,
  tags?: readonly unknown[] | null,
): string[] {
  const out: string[] = [];
  const add = (skill: string) => {
    if (!out.includes(skill)) out.push(skill);
  };
  if (typeof title === 'string') for (const h of findSkills(title.slice(0, 500), true)) add(h.skill);
  if (typeof text === 'string') for (const h of findSkills(text.slice(0, MAX_SCAN))) add(h.skill);
  if (Array.isArray(tags)) {
    for (const tag of tags) {
      // Tags are explicit, so "go" or "r" as a whole tag is the language.
      const skill = typeof tag === 'string' ? canonicalSkill(tag) : null;
      if (skill) add(skill);
    }
  }
  return out;
}
