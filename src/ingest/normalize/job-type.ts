/**
 * Employment type from the platform's free text (Lever commitment, Ashby employmentType,
 * Personio employmentType/schedule, Recruitee employment_type_code), with the title as
 * a fallback for strong markers only ("Summer 2025 Intern").
 */
import type { JobType } from '../../domain/enums.ts';
import { foldText } from '../../domain/text.ts';

/** "FullTime" → "full time", "working_student" → "working student". */
function words(text: string): string {
  const spaced = text.replace(/([a-z])([A-Z])/g, '$1 $2');
  return ` ${foldText(spaced)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

// Checked in order: the more specific arrangement wins when a value names two
// ("Full-time Contract" is a contract, "Part-time Internship" an internship). Labels
// in the languages the boards post in (issue 11): Polish "pełny etat" / "umowa
// zlecenie" / "B2B", French "temps plein" / "CDD" / "alternance", Spanish "jornada
// completa" / "indefinido", Italian "tempo pieno", Dutch "voltijd", Portuguese "tempo
// integral", Scandinavian "heltid" / "deltid", Czech "plný úvazek". US payroll terms
// name a salaried employee ("Exempt"), which is a full-time arrangement.
const FIELD_RULES: ReadonlyArray<[JobType, RegExp]> = [
  [
    'internship',
    / (intern|interns|internship|internships|co op|coop|praktikum|praktikant|praktikantin|stage|stagiaire|apprentice|apprenticeship|trainee|ausbildung|alternance|alternant|staz|stagista|tirocinio|practicas|becario|estagio|stagiair) /,
  ],
  [
    'contract',
    / (contract|contractor|contracting|freelance|freelancer|freiberuflich|consultancy|1099|c2c|corp to corp|contract to hire|b2b|umowa zlecenie|zlecenie|umowa o dzielo|kontrakt|autonomo|zzp|zzp er) /,
  ],
  [
    'temporary',
    / (temporary|temp|seasonal|fixed term|befristet|interim|cdd|zastepstwo|umowa na czas okreslony|tijdelijk|temporal|temporaneo|determinato|vikariat) /,
  ],
  // A German working student (Werkstudent) is a part-time employee.
  [
    'part-time',
    / (part time|parttime|teilzeit|working student|werkstudent|werkstudentin|half time|mini job|minijob|czesc etatu|niepelny etat|pol etatu|temps partiel|mi temps|tiempo parcial|media jornada|medio tiempo|tempo parziale|deeltijd|tempo parcial|meio periodo|deltid|castecny uvazek|osa aikainen) /,
  ],
  [
    'full-time',
    / (full time|fulltime|permanent|regular|vollzeit|unbefristet|festanstellung|salaried|cdi|full or part time|exempt|indefinite|indefinido|pelny etat|pelen etat|caly etat|umowa o prace|temps plein|temps complet|tiempo completo|jornada completa|tempo pieno|tempo indeterminato|voltijd|tempo integral|heltid|fuldtid|plny uvazek|kokoaikainen|vakituinen) /,
  ],
];

// Whole-field codes: HR exports and CSVs often carry one letter or two ("F", "PT").
const FIELD_CODES: ReadonlyMap<string, JobType> = new Map(
  Object.entries({
    f: 'full-time',
    ft: 'full-time',
    fte: 'full-time',
    fulltime: 'full-time',
    p: 'part-time',
    pt: 'part-time',
    pte: 'part-time',
    c: 'contract',
    i: 'internship',
    t: 'temporary',
  } satisfies Record<string, JobType>),
);

// In a title, "Contract" usually names the work ("Contract Manager"), so only the
// unambiguous forms count.
const TITLE_RULES: ReadonlyArray<[JobType, RegExp]> = [
  [
    'internship',
    / (intern|interns|internship|co op|coop|praktikum|praktikant|praktikantin|apprentice|apprenticeship) /,
  ],
  // Campus programmes: "Summer Analyst", "Summer 2026 Investment Analyst".
  [
    'internship',
    / summer (?:analyst|analysts|associate|associates|intern|internship|fellow|fellowship|student) /,
  ],
  [
    'contract',
    / (contractor|freelance|freelancer|contract to hire|contract role|contract position|contract worker|contract employee|contract basis|contract assignment) /,
  ],
  ['temporary', / (temporary|seasonal|fixed term|befristet) /],
  ['part-time', / (part time|parttime|teilzeit|working student|werkstudent|werkstudentin) /],
  ['full-time', / (full time|fulltime|vollzeit) /],
];

const INTERN_TITLE_RULES = TITLE_RULES.filter(([type]) => type === 'internship');

function firstMatch(rules: ReadonlyArray<[JobType, RegExp]>, text: string): JobType | null {
  for (const [type, re] of rules) if (re.test(text)) return type;
  return null;
}

/**
 * Classifies employment type. The explicit field wins; the title is consulted only when
 * the field says nothing recognisable. Working students map to part-time (they are paid
 * employees with capped hours), not internship.
 */
/**
 * "Contract" as a segment of its own in a title ("Data Analyst (Contract)", "Teacher -
 * Contract - Remote", "Engineer (Contractor)", "(12 month contract)", "(1099 Contract)",
 * "- CONTRACT OUTSIDE IR35 -", "(1099)") names the arrangement, not the work.
 */
// Also a duration and "contract" closing parentheses after other words: "(Lehi 6-month Contract)".
const CONTRACT_IN_PARENTHESES = /\([^()]*\b\d+[- ]?(?:months?|mos?|weeks?|years?)[- ]contract(?:or)?\s*\)/i;
const CONTRACT_SEGMENT =
  /(?:^|[-–|(,/])\s*(?:(?:(?:\d+|one|two|three|six|twelve)[- ]?(?:months?|mos?|years?|weeks?)|1099|w2|c2c|short[- ]term|long[- ]term|fixed[- ]term)\s+)?(?:contract|contractor|contract role|contract position|contract based|contract (?:outside|inside) ir35|1099(?: contractor)?)\s*(?:$|[-–|),/(])/i;

/**
 * A description's own statement of the arrangement, in the forms postings use for it:
 * "This is a full-time, exempt role", "Job Type: Contract", "Work Hours/Shift: Full Time".
 * A mere mention ("full-time and part-time positions") is no statement.
 */
const SUMMER_PROGRAMME = /\bsummer 20\d\d\b/i;
const GRADUATE = /\b(?:new grad\w*|graduates?|full[- ]time)\b/i;

const DESCRIPTION_STATEMENTS = [
  /\bthis is an? (full[- ]?time|part[- ]?time|contract|temporary|permanent|seasonal)\b[^.\n]{0,40}?\b(?:role|position|job|opportunity|assignment)\b/i,
  /\b(?:job type|employment type|position type|type of employment|employment status|work hours(?:\/shift)?|schedule)\s*[:\-–]\s*(?:\/\s*)?(full[- ]?time|part[- ]?time|contract|temporary|internship|permanent)\b/i,
];

export function classifyJobType(
  text: string | null | undefined,
  title?: string | null,
  descriptionText?: string | null,
): JobType | null {
  const fromTitleSegment =
    typeof title === 'string' && (CONTRACT_SEGMENT.test(title) || CONTRACT_IN_PARENTHESES.test(title))
      ? 'contract'
      : null;
  const stated = classifyStated(text, title);
  // A full-time (or part-time) field with a contract title is such a contract: a contract.
  if (fromTitleSegment && (stated === null || stated === 'full-time' || stated === 'part-time'))
    return 'contract';
  // A full-time (or part-time) field with an intern's title gives the internship's hours:
  // an internship ("Communications Intern" posted as "Full-time": 22 rows of ../shared/data).
  if (
    (stated === 'full-time' || stated === 'part-time') &&
    typeof title === 'string' &&
    firstMatch(INTERN_TITLE_RULES, words(title)) !== null
  )
    return 'internship';
  if (stated) return stated;
  // "Summer 2026" names a summer programme, unless it is a graduate's start date.
  if (typeof title === 'string' && SUMMER_PROGRAMME.test(title) && !GRADUATE.test(title)) return 'internship';
  if (typeof descriptionText === 'string' && descriptionText !== '') {
    for (const re of DESCRIPTION_STATEMENTS) {
      const m = re.exec(descriptionText.slice(0, 20_000));
      if (m) return firstMatch(FIELD_RULES, words(m[1]!));
    }
  }
  return null;
}

function classifyStated(text: string | null | undefined, title: string | null | undefined): JobType | null {
  if (typeof text === 'string' && text.trim() !== '') {
    const t = words(text);
    const code = FIELD_CODES.get(t.trim());
    if (code) return code;
    // "FT/PT", "FT or PT": both offered, the full-time contract is reported (as Personio's below).
    if (/^ ft (?:or )?pt $/.test(t)) return 'full-time';
    // Personio "full-or-part-time": the full-time contract is offered, report that.
    if (/ full or part time /.test(t)) return 'full-time';
    // "Non-exempt" says how overtime is paid, not the hours: "exempt" in it is no full-time.
    const fromField = firstMatch(FIELD_RULES, t.replace(/ non exempt /g, ' '));
    if (fromField) return fromField;
  }
  if (typeof title === 'string' && title.trim() !== '') {
    return firstMatch(TITLE_RULES, words(title));
  }
  return null;
}
