/**
 * Whether an amount found in a description is about this job's pay (issue 11): a
 * description also quotes company funding and revenue ("raised $40M"), and the pay of
 * other roles ("founding engineers earn $250k–$350k" in an intern's posting).
 */
import { foldText } from '../../domain/text.ts';
import type { SalaryReject } from './salary.ts';

const FUNDING =
  /\b(?:raised|raising|raise|funding|funded|series [a-f]|seed round|round|valuation|valued|revenue|revenues|arr|backed|investors?|investments?|invested|capital|aum|assets|market cap|billion|bn|profitable|sales of|customers|donations?|budget)\b/;

// A benefit's amount or a target, not pay: "€1,000 annual learning budget", "we
// contribute $150 per month to a health savings account", "tuition reimbursement up to
// $2000 per year", "€10k Signing Bonus", "exceeding >$1m annual quotas". Read within the
// amount's own clause (a salary's "plus a $2,000 stipend" is the next one's).
const BENEFIT_BEFORE =
  /\b(?:budget|stipend|allowance|reimburs\w*|tuition|contribut\w*|match(?:es|ing)?|bonus(?:es)?|vacation|relocation|referral|per diem|gym|wellness|equipment|home office|coworking|internet|phone|meals?|lunch|commuter|childcare|gift|quotas?|exceed\w*|deal sizes?|professional development)\b[^$€£¥₹]{0,40}$/;
const BENEFIT_AFTER =
  /^[^;,+()]{0,30}?\b(?:budget|stipend|allowance|perks?|reimburs\w*|towards?|hsa|health savings|401 ?k|wellness|vacation|equipment|home office|gym|tuition|(?:further |continuing )?education|learning|training|conferences?|courses?|books|bonus(?:es)?|signing|sign on|referral|quotas?|deals?|deal sizes?|book of business|pipeline)\b/;
// What may stand between a benefit and its amount after a comma: "Tuition reimbursement on
// approved programs, up to $5,250 a year" is the tuition's amount.
const QUALIFIER_ONLY =
  /^\s*(?:(?:of )?up to|upto|as much as|at least|about|approximately|around|worth|valued at|of)?\s*$/;

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

// A fee for a piece of work, when no period is named: "$8k contract → 5% equity",
// "a flat-fee contract — $3,000–$4,500 for a defined deliverable". ("$60/hr contract" is a rate.)
const FEE_BEFORE = /\b(?:flat[- ]?fee|fixed[- ]?fee|fixed[- ]price|one[- ]?time|bounty)\b[^$€£¥₹]{0,30}$/;
const FEE_AFTER =
  /^\s*(?:flat[- ]?fee |fixed[- ]?fee )?(?:contract|project|bounty|for (?:a|the) (?:defined |whole |full )?(?:deliverable|project))\b/;

/**
 * Whether the amount at [start, end) of `text` is a benefit's, a target's or (without a
 * period) a fee's (BENEFIT_*, FEE_*), in any pay text.
 */
export function isBenefitOrTarget(text: string, start: number, end: number, hasPeriod: boolean): boolean {
  return benefitOrTargetAround(sentence(text, start, end), hasPeriod);
}

function benefitOrTargetAround(
  { before, after }: { before: string; after: string },
  hasPeriod: boolean,
): boolean {
  // A split gives at least one piece: the last clause and the next words are always there.
  const clauses = foldText(before.slice(-80)).split(/[;,+]|\bplus\b/);
  let clause = clauses.pop()!;
  if (QUALIFIER_ONLY.test(clause) && clauses.length > 0) clause = `${clauses.pop()} ${clause}`;
  const next = foldText(after.slice(0, 40)).split(/\bplus\b|\band\b|\bwith\b/)[0]!;
  if (BENEFIT_BEFORE.test(clause) || BENEFIT_AFTER.test(next)) return true;
  return !hasPeriod && (FEE_BEFORE.test(clause) || FEE_AFTER.test(next));
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
  const around = sentence(text, start, end);
  if (benefitOrTargetAround(around, hasPeriod)) return 'a benefit or target, not pay';
  const { before, after } = around;
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
