/**
 * Writes a posting's HTML body: about the company, responsibilities, requirements
 * naming the skills, benefits, and optionally pay, visa and equal-opportunity lines.
 */
import type { DemoCompany } from './companies.ts';
import { INDUSTRIES } from './companies.ts';
import { DUTIES } from './duties.ts';
import type { JobFunction } from './functions.ts';
import type { DemoCountry } from './places.ts';
import type { Rng } from './random.ts';
import { SKILL_POOLS } from './skills.ts';
import { LEVELS, type TitleChoice } from './titles.ts';

export interface DescriptionInput {
  company: DemoCompany;
  fn: JobFunction;
  choice: TitleChoice;
  skills: readonly string[];
  country: DemoCountry;
  remote: boolean;
  /** Pay sentence to include, when pay is stated in the text. */
  salarySentence: string | null;
  /** true: offers sponsorship; false: says it cannot; null: silent. */
  visaLine: boolean | null;
}

const ABOUT = [
  'We are a team of {n} people across {k} countries.',
  'We are profitable, independent and growing steadily.',
  'We raised our Series {r} last year and are growing quickly.',
  'Thousands of customers rely on us every day.',
  'We are a small, senior team that values calm, focused work.',
];
const DUTY_HEADINGS = [
  "What you'll do",
  'Responsibilities',
  'In this role you will',
  'Your impact',
  'The role',
];
const REQ_HEADINGS = [
  "What we're looking for",
  'Requirements',
  'About you',
  'You might be a fit if you have',
  'Qualifications',
];
const BENEFIT_HEADINGS = ['Benefits', 'What we offer', 'Perks and benefits', 'Why join us'];
const SOFT = [
  'Clear written and spoken communication in English',
  'A habit of owning problems through to the end',
  'Comfort with ambiguity and changing priorities',
  'Curiosity and a willingness to learn new tools',
  'Good judgment about when to move fast and when to be careful',
];
const BENEFITS_COMMON = [
  'Flexible working hours',
  'A yearly learning and development budget',
  'Equity in a growing company',
  'Paid parental leave',
  'A home office setup budget',
  'Team offsites twice a year',
  'Mental health support',
  'Generous paid time off',
];
const BENEFITS_LOCAL: Readonly<Record<string, readonly string[]>> = {
  US: ['Medical, dental and vision insurance', '401(k) with company match', 'Commuter benefits'],
  GB: [
    'Private medical insurance',
    '25 days holiday plus bank holidays',
    'Enhanced pension contributions',
    'Cycle to work scheme',
  ],
  DE: ['30 days of paid vacation', 'Company pension plan', 'Public transport ticket'],
  IN: ['Health insurance for you and your family', 'Meal allowance', 'Internet reimbursement'],
  CA: ['Extended health and dental coverage', 'RRSP matching'],
  AU: ['Superannuation on top of salary', 'Extra leave days'],
};
const PROCESS = [
  'Our hiring process: a short intro call, a practical exercise based on real work, and a conversation with the team. We aim to decide within two weeks.',
  'You will meet your future manager and two teammates. We share feedback after every stage and never ask for unpaid take-home projects longer than two hours.',
  'We review every application ourselves and reply to everyone, usually within ten working days.',
  'Interviews are held by video. Tell us if you need any adjustments and we will make them.',
];
const NICE = ['Nice to have', 'Bonus points', 'It would be great if you also have'];
const EXTRA = [
  'Experience in a fast-growing startup',
  'Experience working with customers in regulated industries',
  'A second language, especially German, French or Spanish',
  'Open-source contributions or public writing about your work',
  'Experience working across time zones',
];
const EEO = [
  '{company} is an equal opportunity employer. We welcome applicants of every background.',
  'We value diverse teams and encourage you to apply even if you do not meet every requirement.',
  'Reasonable accommodations are available throughout the hiring process; just ask.',
];
const VISA_YES = [
  'Visa sponsorship available.',
  'Visa sponsorship available for this role, along with relocation support.',
  'We offer visa sponsorship and help with relocation.',
];
const VISA_NO = [
  'We are unable to offer visa sponsorship for this position.',
  'Applicants must already be authorized to work in {country}; we cannot sponsor visas.',
];

/** "a Data Engineer", "an iOS Engineer" */
function article(title: string): string {
  return /^(?:[AEIOU]|iOS|SDET|SEO|SRE|UX|UI|HR|ML|MLOps|NLP|FP&A)/.test(title) && !/^(?:Uni|Use)/.test(title)
    ? `an ${title}`
    : `a ${title}`;
}

function fill(text: string, input: DescriptionInput): string {
  return text
    .replaceAll('{company}', input.company.name)
    .replaceAll('{team}', input.choice.team)
    .replaceAll('{country}', input.country.name);
}

function list(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

function intro(rng: Rng, input: DescriptionInput): string {
  const { company, choice } = input;
  const pitch = rng.pick(INDUSTRIES[company.industry].pitches);
  const about = rng
    .pick(ABOUT)
    .replace('{n}', String(rng.int(3, 60) * 10))
    .replace('{k}', String(rng.int(2, 14)))
    .replace('{r}', rng.pick(['A', 'B', 'C']));
  const join = rng.pick([
    `We are hiring ${article(choice.title)} to join our ${choice.team} team${input.remote ? ', working remotely' : ''}.`,
    `As a ${choice.title}, you will help shape how ${company.name} grows.`,
    `We are looking for ${article(choice.title)} who cares about doing excellent work.`,
  ]);
  return rng.chance(0.4)
    ? `<p><strong>About ${company.name}</strong></p><p>${company.name} ${pitch}. ${about}</p><p>${join}</p>`
    : `<p>${company.name} ${pitch}. ${about} ${join}</p>`;
}

function requirements(rng: Rng, input: DescriptionInput): string[] {
  const { choice, fn } = input;
  const years = LEVELS[choice.level].years;
  const items: string[] = [];
  if (years === null) items.push('Currently enrolled in a degree program or a recent graduate');
  else
    items.push(
      rng.pick([
        `${years}+ years of relevant experience`,
        `At least ${years} years of experience in a similar role`,
        `${years}+ years of professional experience`,
      ]),
    );
  if (choice.level === 'Manager' || choice.level === 'Director' || choice.level === 'VP') {
    items.push(
      `Experience leading and growing ${fn.key === 'software' ? 'engineering' : 'high-performing'} teams`,
    );
  }
  const sentence = rng.pick(SKILL_POOLS[choice.pool].sentences)(input.skills);
  items.push(sentence.replace(/\.$/, ''));
  items.push(...rng.sample(SOFT, rng.int(1, 2)));
  return items;
}

export function writeDescription(rng: Rng, input: DescriptionInput): string {
  const parts: string[] = [intro(rng, input)];
  const duties = rng.sample(DUTIES[input.fn.key], rng.int(3, 5)).map((d) => fill(d, input));
  parts.push(`<h3>${rng.pick(DUTY_HEADINGS)}</h3>${list(duties)}`);
  parts.push(`<h3>${rng.pick(REQ_HEADINGS)}</h3>${list(requirements(rng, input))}`);
  if (rng.chance(0.45)) parts.push(`<h3>${rng.pick(NICE)}</h3>${list(rng.sample(EXTRA, rng.int(1, 2)))}`);
  if (rng.chance(0.7)) {
    const local = BENEFITS_LOCAL[input.country.code] ?? [];
    const benefits = rng.sample([...local, ...BENEFITS_COMMON], rng.int(3, 5));
    parts.push(`<h3>${rng.pick(BENEFIT_HEADINGS)}</h3>${list(benefits)}`);
  }
  const closing: string[] = [];
  if (input.salarySentence) closing.push(input.salarySentence);
  if (input.visaLine === true) closing.push(rng.pick(VISA_YES));
  else if (input.visaLine === false) closing.push(fill(rng.pick(VISA_NO), input));
  if (closing.length > 0) parts.push(`<p>${closing.join(' ')}</p>`);
  if (rng.chance(0.35)) parts.push(`<p>${rng.pick(PROCESS)}</p>`);
  if (rng.chance(0.45)) parts.push(`<p><em>${fill(rng.pick(EEO), input)}</em></p>`);
  return parts.join('\n');
}
