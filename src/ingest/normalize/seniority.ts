/**
 * Seniority from the title, with the platform's level field as a fallback (Personio
 * seniority, SmartRecruiters experienceLevel, Recruitee experience_code, Lever level).
 *
 * The title wins because it is specific ("Senior Data Engineer") while level fields are
 * coarse buckets ("Mid-Senior Level", "experienced"). Within a title the highest rung
 * named wins ("Senior Manager" is a manager, "Associate Director" a director), except
 * that "Product/Project/Account … Manager" are individual-contributor roles, not people
 * managers.
 */
import type { Seniority } from '../../domain/enums.ts';
import { foldText } from '../../domain/text.ts';

// Manager titles that name an individual-contributor role.
const IC_MANAGER =
  /\b(?:product|project|program|programme|account|accounts|success|partner|partnerships?|territory|campaign|case|community|relationship|content|social media|solutions?|category|channel|brand|marketing|property|facilities|office|store|shift|release|delivery|practice|portfolio|client|customer|vendor|event|events|growth|lifecycle|sales)\s+manager\b/;

const TITLE_RULES: ReadonlyArray<[Seniority, RegExp]> = [
  [
    'intern',
    /\b(?:intern|interns|internship|co-?op|praktikant|praktikantin|praktikum|werkstudent|werkstudentin|working student|stagiaire|summer (?:analysts?|associates?|fellow\w*|students?))\b/,
  ],
  [
    'executive',
    /\b(?:vp|svp|evp|avp|vice president|chief [a-z]+ officer|chief|cto|ceo|cfo|coo|cmo|cio|ciso|cpo|cro|cdo|president|founder|co-?founder|managing director|general manager|partner at)\b/,
  ],
  ['director', /\b(?:director|head of|head|directeur|directora?|leiter|leiterin)\b/],
  ['manager', /\b(?:manager|mgr|management lead|team manager|people lead|supervisor)\b/],
  ['lead', /\b(?:staff|principal|lead|tech lead|team lead|architect|distinguished|fellow)\b/],
  ['senior', /\b(?:senior|sr|snr|iii|iv|level 3|level iii|experienced)\b/],
  // "Mid-Market Account Executive" names a customer segment, not a rung.
  ['mid', /\b(?:ii|level 2|level ii|mid-level|mid level|mid(?![- ]market)|intermediate)\b/],
  [
    'entry',
    /\b(?:junior|jr|entry level|entry-level|new grad|new graduate|graduate|grad|early career|associate|apprentice|trainee|level 1|level i|(?:academy|rotational|early talent|early careers?) program(?:me)?\b(?! (?:manager|coordinator|lead|director|specialist|partner)))\b/,
  ],
];

// Platform level values ("Mid-Senior Level", "entry-level", "student", ...).
const FIELD_RULES: ReadonlyArray<[Seniority, RegExp]> = [
  ['intern', /\b(?:intern|internship|student|trainee|werkstudent)\b/],
  ['executive', /\b(?:executive|c-level|vp|vice president)\b/],
  ['director', /\b(?:director|head)\b/],
  ['manager', /\b(?:manager|management)\b/],
  ['lead', /\b(?:lead|principal|staff|expert)\b/],
  // LinkedIn/SmartRecruiters "Mid-Senior Level" is their catch-all for experienced
  // hires, so it maps to mid, not senior.
  ['mid', /\b(?:mid-senior|mid senior|mid|experienced|intermediate|professional)\b/],
  ['senior', /\b(?:senior)\b/],
  ['entry', /\b(?:entry|entry-level|junior|associate|graduate|new grad|beginner|lt-1|1-2)\b/],
];

function normalizeTitleWords(title: string): string {
  return foldText(title)
    .replace(/[‐‑–—]/g, '-')
    .replace(/\bsr\./g, 'sr ')
    .replace(/\bjr\./g, 'jr ')
    .replace(/[^a-z0-9&+\- ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Years of experience a title asks for ("Experienced (3–5 Years)", "5+ yrs"): the least of them. */
function yearsAsked(t: string): number | null {
  // A range or "N+" is experience; a lone "1 year" may be the contract's length.
  const m =
    /\b(\d{1,2})\s*(?:\+|(?:-|to)\s*\d{1,2}\+?)\s*(?:years?|yrs?)\b/.exec(t) ??
    /\b(\d{1,2})\s*(?:years?|yrs?)(?: of)? (?:exp|experience)\b/.exec(t);
  return m ? Number(m[1]) : null;
}

/** The rung a title's years of experience name: 0–2 entry, 3–5 mid, 6 and more senior. */
const rungOfYears = (years: number): Seniority => (years <= 2 ? 'entry' : years <= 5 ? 'mid' : 'senior');

/** "Software Engineer 1", "Data Analyst 1, …", "Engineer-2": a level number right after the role noun. */
const LEVEL_NUMBER =
  /\b(?:engineer|developer|analyst|scientist|specialist|technician|administrator|designer|consultant|accountant|associate|representative)\s*-?\s*([123])(?=\s*(?:$|[,(\-–|]))/;

function fromTitle(title: string): Seniority | null {
  const t = normalizeTitleWords(title);
  if (t === '') return null;
  const rung = fromTitleRungs(t, title);
  // Years asked say more than no rung or a loose "Experienced"; a rung the title names wins.
  const years = yearsAsked(t);
  const loose = rung === 'senior' && !/\b(?:senior|sr|snr|iii|iv|level 3|level iii)\b/.test(t);
  if (years !== null && (rung === null || loose)) return rungOfYears(years);
  if (rung) return rung;
  // "Summer 2026" names a summer programme: an internship, unless it is a graduate's start date.
  if (/\bsummer 20\d\d\b/.test(t) && !/\b(?:new grad\w*|graduates?|full-time|full time)\b/.test(t))
    return 'intern';
  // A campus hire's programme named in the title: "(May 2027 Salisbury University)".
  if (/\([^)]*\b(?:university|college|campus)\b[^)]*\)/.test(title.toLowerCase())) return 'entry';
  const level = LEVEL_NUMBER.exec(foldText(title));
  if (level) return (['entry', 'mid', 'senior'] as const)[Number(level[1]) - 1]!;
  return null;
}

function fromTitleRungs(t: string, title: string): Seniority | null {
  for (const [level, re] of TITLE_RULES) {
    if (!re.test(t)) continue;
    if (
      level === 'manager' &&
      IC_MANAGER.test(t) &&
      !/\b(?:engineering|senior|group)\s+manager\b|\bmanager of\b|\bmanager,/.test(t)
    )
      continue;
    // "Lead Generation Specialist" is sales work, not a lead role.
    if (
      level === 'lead' &&
      /\blead (?:generation|gen)\b/.test(t) &&
      !/\b(?:staff|principal|architect|tech lead|team lead)\b/.test(t)
    )
      continue;
    // "Chief of Staff" reports to an executive; it is not one.
    if (
      level === 'executive' &&
      /\bchief of staff\b/.test(t) &&
      !/\b(?:vp|vice president|president|founder|officer)\b/.test(t)
    )
      continue;
    // "Staff Accountant" is an ordinary accountant in finance titles.
    if (level === 'lead' && /\bchief of staff\b/.test(t) && !/\b(?:principal|lead|architect)\b/.test(t))
      continue;
    if (
      level === 'lead' &&
      /\bstaff (?:accountant|nurse|attorney|writer|assistant)\b/.test(t) &&
      !/\b(?:principal|lead|architect)\b/.test(t)
    )
      continue;
    return level;
  }
  // A trailing roman "I" ("Software Engineer I") is the entry rung; checked on the raw
  // title because a lower-cased "i" is also a word.
  if (/(?:^|\s)I(?:\s*$|\s*[,(\-–|])/.test(title)) return 'entry';
  return null;
}

function fromField(text: string): Seniority | null {
  const t = foldText(text).replace(/[_]+/g, ' ').trim();
  if (t === '' || /not applicable|^n\/?a$/.test(t)) return null;
  for (const [level, re] of FIELD_RULES) if (re.test(t)) return level;
  return null;
}

export function classifySeniority(
  title: string | null | undefined,
  seniorityText?: string | null,
): Seniority | null {
  const fromT = typeof title === 'string' ? fromTitle(title) : null;
  if (fromT) return fromT;
  return typeof seniorityText === 'string' ? fromField(seniorityText) : null;
}
