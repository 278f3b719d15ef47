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
// ("Full-time Contract" is a contract, "Part-time Internship" an internship).
const FIELD_RULES: ReadonlyArray<[JobType, RegExp]> = [
  [
    'internship',
    / (intern|interns|internship|internships|co op|coop|praktikum|praktikant|praktikantin|stage|stagiaire|apprentice|apprenticeship|trainee|ausbildung) /,
  ],
  [
    'contract',
    / (contract|contractor|contracting|freelance|freelancer|freiberuflich|consultancy|1099|c2c|corp to corp|contract to hire) /,
  ],
  ['temporary', / (temporary|temp|seasonal|fixed term|befristet|interim) /],
  // A German working student (Werkstudent) is a part-time employee.
  [
    'part-time',
    / (part time|parttime|teilzeit|working student|werkstudent|werkstudentin|half time|mini job|minijob) /,
  ],
  [
    'full-time',
    / (full time|fulltime|permanent|regular|vollzeit|unbefristet|salaried|cdi|full or part time) /,
  ],
];

// In a title, "Contract" usually names the work ("Contract Manager"), so only the
// unambiguous forms count.
const TITLE_RULES: ReadonlyArray<[JobType, RegExp]> = [
  [
    'internship',
    / (intern|interns|internship|co op|coop|praktikum|praktikant|praktikantin|apprentice|apprenticeship) /,
  ],
  ['contract', / (contractor|freelance|freelancer|contract to hire|contract role|contract position) /],
  ['temporary', / (temporary|seasonal|fixed term|befristet) /],
  ['part-time', / (part time|parttime|teilzeit|working student|werkstudent|werkstudentin) /],
  ['full-time', / (full time|fulltime|vollzeit) /],
];

function firstMatch(rules: ReadonlyArray<[JobType, RegExp]>, text: string): JobType | null {
  for (const [type, re] of rules) if (re.test(text)) return type;
  return null;
}

/**
 * Classifies employment type. The explicit field wins; the title is consulted only when
 * the field says nothing recognisable. Working students map to part-time (they are paid
 * employees with capped hours), not internship.
 */
export function classifyJobType(text: string | null | undefined, title?: string | null): JobType | null {
  if (typeof text === 'string' && text.trim() !== '') {
    const t = words(text);
    // Personio "full-or-part-time": the full-time contract is offered, report that.
    if (/ full or part time /.test(t)) return 'full-time';
    const fromField = firstMatch(FIELD_RULES, t);
    if (fromField) return fromField;
  }
  if (typeof title === 'string' && title.trim() !== '') {
    const t = words(title);
    // "(Contract)" or "- Contract" at the end names the arrangement, not the work.
    if (/\(\s*contract\s*\)|[-–|]\s*contract\s*$/i.test(title)) return 'contract';
    return firstMatch(TITLE_RULES, t);
  }
  return null;
}
