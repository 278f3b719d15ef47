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
// "#" must not be followed by another (nor by a digit, except after "++"). The shared
// "no letter/digit before" check is hoisted out of the alternation (see buildMatcher).
function boundAfter(alias: string): string {
  // A standard's year may follow "++" ("C++17", "C++20").
  if (alias.endsWith('++')) return '(?![A-Za-z_+#])';
  return /[+#]$/.test(alias) ? '(?![A-Za-z0-9_+#])' : '(?![A-Za-z0-9_]|\\.[A-Za-z0-9])';
}

interface TrieNode {
  next: Map<string, TrieNode>;
  /** The boundary check when an alias ends here. */
  end: string | null;
}

/**
 * The aliases as one regex shaped like a trie: shared beginnings written once
 * ("java(?:script…|…)"), so V8 follows one path through the dictionary instead of
 * trying every alias that starts with the same letter (2.5× faster on descriptions).
 * At every node the longer continuations come before the alias ending there, so the
 * longest alias wins, as it did in a flat alternation sorted longest first; a test
 * compares the two on demo and real descriptions. A space in an alias matches any run
 * of spaces and hyphens ("machine-learning").
 */
export function trieSource(aliases: Iterable<string>): string {
  const root: TrieNode = { next: new Map(), end: null };
  for (const alias of aliases) {
    let node = root;
    for (const ch of alias) {
      let child = node.next.get(ch);
      if (!child) node.next.set(ch, (child = { next: new Map(), end: null }));
      node = child;
    }
    node.end = boundAfter(alias);
  }
  const emit = (node: TrieNode): string => {
    const branches: string[] = [];
    for (const [ch, child] of node.next) {
      const token = ch === ' ' ? '[\\s-]+' : node === root && ch === '.' ? '(?<!\\.)\\.' : escape(ch);
      branches.push(token + emit(child));
    }
    if (node.end !== null) branches.push(node.end);
    return branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
  };
  return emit(root);
}

function buildMatcher(flags: string, pick: (def: (typeof SKILLS)[number]) => readonly string[]) {
  const forms = new Map<string, string>();
  for (const def of SKILLS)
    for (const form of pick(def)) forms.set(flags.includes('i') ? form.toLowerCase() : form, def.name);
  const key = (m: string) => (flags.includes('i') ? m.toLowerCase().replace(/[\s-]+/g, ' ') : m);
  return {
    // One lookbehind before the alternation, not one per alias: V8 can then dispatch on
    // the first character.
    re: new RegExp(`(?<![A-Za-z0-9_])${trieSource(forms.keys())}`, flags),
    lookup: (m: string) => forms.get(key(m)) ?? forms.get(m.toLowerCase()),
  };
}

const INSENSITIVE = buildMatcher('gi', (d) => d.i ?? (d.cs ? [] : [d.name]));
const SENSITIVE = buildMatcher('g', (d) => d.cs ?? []);

// Go: capitalized, not "Go-to-market" / "Go to" / "Go live", and next to another
// language, after a preposition that introduces a language (capitalized too when it opens
// a sentence: "Using Go, build…"), or alone as a list item ("• Go").
const GO_RE =
  /(?:(?<=(?:\b(?:[Ii]n|[Ww]ith|[Uu]sing|[Ww]riting|[Ww]rite|[Ll]ike|and|or|e\.g\.|[Ii]ncluding|[Ss]uch as)\s+|[,/(]\s*))Go(?![\w-])(?!\s+(?:to|live|ahead|back|beyond|further|deep|above)\b))|(?:Go(?=\s*(?:,\s*[A-Z]|\/|\)|\s+(?:and|or)\s+[A-Z][a-z+#]|\s+(?:[Dd]evelopers?|[Ee]ngineers?|[Pp]rogramming|[Ll]anguage|[Ss]ervices|[Mm]icroservices|[Bb]ackend|[Cc]ode|[Cc]odebase|[Mm]odules?)\b)))(?![\w-])(?<![\w-]Go)|(?<=(?:^|\n)[ \t]*[•*-][ \t]*)Go(?=[ \t]*(?:\r?\n|$|[([]))/g;
// R: a standalone capital next to another data language or tool.
const R_RE =
  /(?<![\w&'’.-])R(?![\w&'’+#-])(?=\s*(?:,|\/|\)|\s+(?:and|or)\s+(?:Python|SQL|SAS|Stata|MATLAB|Julia)\b|\s+(?:programming|language|studio|shiny)\b))|(?<=(?:\b(?:Python|SQL|SAS|Stata|MATLAB|in|using|with|like)\s*(?:,|\/|and|or)?\s*))R(?![\w&'’+#-])/g;

// Case-sensitive names are English words too; at the start of a sentence ("Swift
// delivery.", "Spark joy") the capital proves nothing, so there they count only when a
// list continues ("React, Vue")
const SENTENCE_START = /(?:^|[.!?:]\s+|\n\s*|[•*-]\s+)$/;
const LIST_CONTINUES = /^(?:\s*[,/(]|\s+(?:and|or|&)\s)/;
// …or when the name is the whole line or list item ("• Swift", "Languages: Swift").
const LINE_ENDS = /^[ \t]*(?:\r?\n|$)/;
// "excel at", "excel in": the verb, not the spreadsheet.
const VERB_AFTER = /^\s+(?:at|in)\b/;
// Oracle's applications and cloud, and the company, are not its database ("Oracle ERP",
// "Oracle Fusion", "Oracle Cloud Infrastructure", "Oracle Corporation").
const ORACLE_NOT_DB =
  /^[ -]+(?:ERP|EBS|E-?Business|Fusion|Cloud(?! Database)|OCI|HCM|HRMS|Financials?|NetSuite|Primavera|PeopleSoft|Hyperion|Siebel|JD ?Edwards|SCM|CX|Retail|Health|Cerner|Eloqua|Applications?|Apps|Corporation|Corp\b|Inc\b)/;
// "hosted by: Luke Swift", "Contact: Jane Swift": a person's name after the word that
// introduces one, unless a developer's word follows ("… by Senior Swift developers").
const NAME_BEFORE =
  /(?:\bby|[Cc]ontact|[Rr]ecruiter|[Hh]iring [Mm]anager|[Hh]ost(?:ed)?|[Ss]peaker|[Pp]resenter):?\s+\p{Lu}\p{Ll}+ $/u;
const SWIFT_WORK_AFTER =
  /^(?:\s*[,/)]|\s+(?:and|or|&|UI|code|developers?|engineers?|programming|apps?|development|\d))/i;

function collect(
  text: string,
  re: RegExp,
  lookup: (m: string) => string | undefined,
  into: Hit[],
  wordLike = false,
): void {
  // No pattern matches the empty string (every alias has a character; a dictionary test
  // checks), so the loop always advances.
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const end = m.index + m[0].length;
    if (wordLike) {
      // Long enough for an indented line ("\n        Swift delivery").
      const before = text.slice(Math.max(0, m.index - 16), m.index);
      const after = text.slice(end, end + 12);
      if (SENTENCE_START.test(before) && !LIST_CONTINUES.test(after) && !LINE_ENDS.test(after)) continue;
      if (m[0] === 'Excel' && VERB_AFTER.test(after)) continue;
      if (m[0] === 'Oracle' && ORACLE_NOT_DB.test(text.slice(end, end + 24))) continue;
      if (
        m[0] === 'Swift' &&
        NAME_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index)) &&
        !SWIFT_WORK_AFTER.test(after)
      )
        continue;
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
  // Kept hits do not overlap and are in order, so the last one ends furthest.
  const kept: Hit[] = [];
  for (const hit of hits) if (hit.start >= (kept.at(-1)?.end ?? 0)) kept.push(hit);
  return kept;
}

/** Cap on scanned description text: skills sit in the first pages of any posting. */
const MAX_SCAN = 60_000;

// "GCP" in a clinical posting is Good Clinical Practice (ICH E6), not Google Cloud
// (issue 11: a hematology posting was given Google Cloud). It stays Google Cloud when the
// posting names the cloud, its tools or a software stack.
const CLINICAL =
  /\b(?:good clinical practices?|ICH[- ]?GCP|GxP|GCP\/GLP|clinical (?:trials?|research|stud(?:y|ies)|operations|data|sites?|development|monitoring)|pharmacovigilance|CRO|IRB|hematolog\w*|oncolog\w*|informed consent|investigator sites?|study protocols?)\b/i;
// Skills that place a posting in software, where "GCP" is the cloud whatever else it says.
const CLOUD_STACK: ReadonlySet<string> = new Set([
  'AWS',
  'Azure',
  'Docker',
  'Kubernetes',
  'Terraform',
  'TypeScript',
  'React',
  'Node.js',
  'LLMs',
]);
const CLOUD = /google cloud|\b(?:AWS|Azure|Kubernetes|BigQuery|GKE|Terraform|DevOps|Cloud Run|Dataflow)\b/i;

function isClinicalGcp(title: string | null | undefined, text: string | null | undefined): boolean {
  const all = `${title ?? ''}\n${typeof text === 'string' ? text.slice(0, MAX_SCAN) : ''}`;
  return CLINICAL.test(all) && !CLOUD.test(all);
}

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
  if (out.includes('GCP') && !out.some((skill) => CLOUD_STACK.has(skill)) && isClinicalGcp(title, text))
    out.splice(out.indexOf('GCP'), 1);
  if (Array.isArray(tags)) {
    for (const tag of tags) {
      // Tags are explicit, so "go" or "r" as a whole tag is the language.
      const skill = typeof tag === 'string' ? canonicalSkill(tag) : null;
      if (skill) add(skill);
    }
  }
  return out;
}
