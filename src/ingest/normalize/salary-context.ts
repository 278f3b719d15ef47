/**
 * Whether an amount found in a description is about this job's pay (issue 11): a
 * description also quotes company funding and revenue ("raised $40M"), and the pay of
 * other roles ("founding engineers earn $250k–$350k" in an intern's posting).
 */
import { foldText } from '../../domain/text.ts';
import type { SalaryReject } from './salary.ts';

const FUNDING =
  /\b(?:raised|raising|raise|funding|funded|series [a-f]|seed round|round|valuation|valued|revenue|revenues|arr|backed|investors?|investments?|invested|capital|aum|assets|market cap|billion|bn|profitable|sales of|customers|donations?|budget)\b/;

// Role nouns, and the qualifiers that make another role of the same noun.
const ROLE =
  /\b(?:(founding|senior|sr|staff|principal|lead|junior|jr|entry level|new grad|intern|internship)\s+)?(engineer|developer|designer|manager|scientist|analyst|intern|director|founder|executive|representative|specialist|researcher|recruiter|marketer|architect|consultant|officer|accountant|nurse|technician|administrator|coordinator|writer|editor|attorney|counsel|teacher|associate)s?\b/g;
const NAMES_A_ROLE = new RegExp(ROLE.source);
const LEVELS = [
  'founding',
  'senior',
  'sr',
  'staff',
  'principal',
  'lead',
  'junior',
  'jr',
  'entry level',
  'new grad',
  'intern',
  'internship',
];
// A pay label right before the amount ("salary: $85,000", "Base pay range $…").
const PAY_LABEL = /\b(?:salary|pay|compensation|comp|base|wage|rate|range|ote)\b[^a-z]{0,12}$/;
const THIS_JOB =
  /\b(?:this|the) (?:role|position|job|opportunity|internship|opening)\b|\bfor you\b|\byou(?:'ll| will)? (?:earn|make|receive)\b/;

/** The sentence around [start, end): from the last break before to the next after. */
function sentence(text: string, start: number, end: number): { before: string; after: string } {
  const head = text.slice(Math.max(0, start - 200), start);
  const breakAt = Math.max(head.lastIndexOf('\n'), head.search(/[.!?]\s(?!.*[.!?]\s)/));
  const tail = text.slice(end, end + 120);
  const stop = tail.search(/\n|[.!?](?:\s|$)/);
  return { before: head.slice(breakAt + 1), after: stop >= 0 ? tail.slice(0, stop) : tail };
}

/**
 * null when the amount at [start, end) of `text` may be this job's pay; else why not.
 * `hasPeriod`: the amount names a pay period ("/ year"), which funding never does.
 */
export function descriptionAmountReject(
  text: string,
  start: number,
  end: number,
  title: string | null | undefined,
  hasPeriod = false,
): SalaryReject | null {
  const { before, after } = sentence(text, start, end);
  if (!hasPeriod && FUNDING.test(foldText(`${before.slice(-40)} ${after.slice(0, 20)}`)))
    return 'company funding or revenue';
  // Scraped pages run sentences together: only the words next to the amount say whose pay it is.
  const near = foldText(before.slice(-60));
  if (PAY_LABEL.test(near) || !title) return null;
  const whole = `${near} ${foldText(after.slice(0, 40))}`;
  if (THIS_JOB.test(whole)) return null;
  const ownTitle = ` ${foldText(title).replace(/[^a-z0-9]+/g, ' ')} `;
  // A title naming no single role ("Multiple roles", "Acme is hiring") covers every role
  // its text names.
  if (!NAMES_A_ROLE.test(ownTitle)) return null;
  const ownLevels = LEVELS.filter((level) => ownTitle.includes(` ${level} `));
  let named = false;
  for (const m of whole.matchAll(ROLE)) {
    named = true;
    const [, level, noun] = m;
    const nounHere = ownTitle.includes(` ${noun} `) || ownTitle.includes(` ${noun}s `);
    // "Senior engineers earn…" in a junior engineer's posting is another role; in an
    // engineer's posting that names no level it may be this one.
    const levelClash = !!level && ownLevels.length > 0 && !ownLevels.includes(level);
    if (nounHere && !levelClash) return null;
  }
  return named ? 'about another role' : null;
}
