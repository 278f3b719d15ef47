/**
 * The demo dataset: deterministic, realistic RawPostings as an ATS would deliver them
 * (platform spellings, free location text, pay as posted), for `npm start` to seed.
 * Posting i depends only on the seed, i and the postings before it, so a shorter run
 * is a prefix of a longer one.
 */
import type { RawPosting } from '../domain/raw-posting.ts';
import { COMPANIES, COMPANY_BY_SLUG, INDUSTRIES, type DemoCompany, type Industry } from './companies.ts';
import { writeDescription } from './description.ts';
import { FEED_STYLES, type FeedStyle, type JobTypeClass, type Workplace } from './feed-styles.ts';
import { FUNCTIONS, type FunctionKey, type JobFunction } from './functions.ts';
import { pickLocation, type PlacePick } from './location.ts';
import { createWeightedTable, hashString, Rng, type WeightedTable } from './random.ts';
import { planSalary, salarySentence, salaryShortText, type SalaryPlan } from './salary.ts';
import { pickSkills } from './skills.ts';
import { chooseTitle, LEVELS, type TitleChoice } from './titles.ts';

export interface DemoOptions {
  count: number;
  seed?: number | string;
  /** The moment the dataset is generated for; postings fall in the 60 days before it. */
  now: Date | number | string;
}

export const DEMO_ATS_HOST = 'https://jobs.example-ats.test';
const DAY_MS = 86_400_000;
const DEFAULT_SEED = 42;

const COMPANY_TABLE = createWeightedTable(COMPANIES.map((c) => [c, c.weight] as const));
const FEED_TABLE = createWeightedTable(FEED_STYLES.map((f) => [f, f.weight] as const));
/** Clinics, schools and hardware makers hire these; other companies rarely do. */
const baseBoost = (key: FunctionKey): number =>
  key === 'healthcare' || key === 'education' ? 0.05 : key === 'hardware' ? 0.2 : 1;

const FUNCTION_TABLES = new Map<Industry, WeightedTable<JobFunction>>(
  (Object.keys(INDUSTRIES) as Industry[]).map((industry) => {
    const boosts = INDUSTRIES[industry].boosts;
    return [
      industry,
      createWeightedTable(
        FUNCTIONS.map((fn) => [fn, fn.weight * (boosts[fn.key] ?? baseBoost(fn.key))] as const),
      ),
    ];
  }),
);

const JOB_TYPE_MIX: Partial<Record<FunctionKey, readonly (readonly [JobTypeClass, number])[]>> = {
  healthcare: [
    ['full-time', 70],
    ['part-time', 20],
    ['contract', 5],
    ['temporary', 5],
  ],
  education: [
    ['full-time', 60],
    ['part-time', 25],
    ['contract', 10],
    ['temporary', 5],
  ],
  writing: [
    ['full-time', 65],
    ['part-time', 10],
    ['contract', 22],
    ['temporary', 3],
  ],
  operations: [
    ['full-time', 80],
    ['part-time', 6],
    ['contract', 6],
    ['temporary', 8],
  ],
};
const DEFAULT_JOB_TYPES = [
  ['full-time', 86],
  ['part-time', 4],
  ['contract', 7],
  ['temporary', 3],
] as const;

const WORKPLACE_MIX: Partial<Record<FunctionKey, readonly (readonly [Workplace, number])[]>> = {
  healthcare: [
    ['remote', 12],
    ['hybrid', 10],
    ['onsite', 78],
  ],
  hardware: [
    ['remote', 5],
    ['hybrid', 25],
    ['onsite', 70],
  ],
  operations: [
    ['remote', 15],
    ['hybrid', 25],
    ['onsite', 60],
  ],
  education: [
    ['remote', 40],
    ['hybrid', 20],
    ['onsite', 40],
  ],
};
const DEFAULT_WORKPLACES = [
  ['remote', 32],
  ['hybrid', 32],
  ['onsite', 36],
] as const;

/** Each company publishes through one feed style, fixed by its name. */
const FEED_BY_COMPANY = new Map<DemoCompany, FeedStyle>(
  COMPANIES.map((c) => [c, new Rng('feed', c.name).weightedPick(FEED_TABLE)]),
);

export function feedStyleOf(company: DemoCompany): FeedStyle {
  return FEED_BY_COMPANY.get(company) as FeedStyle;
}

function toMillis(now: Date | number | string): number {
  const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(ms)) throw new Error(`generateDemoPostings: invalid now ${String(now)}`);
  return ms;
}

/** Rough identity of a job as a deduplicator might see it, to avoid near-duplicates. */
function dedupeKey(company: DemoCompany, title: string, place: PlacePick): string {
  const t = title
    .toLowerCase()
    .replace(/\bsr\b\.?/g, 'senior')
    .replace(/\bjr\b\.?/g, 'junior')
    .replace(/[^a-z0-9]+/g, ' ');
  return `${company.slug}|${t.trim()}|${(place.city ?? place.locationText).toLowerCase()}`;
}

interface Draft {
  fn: JobFunction;
  choice: TitleChoice;
  jobType: JobTypeClass;
  workplace: Workplace;
  place: PlacePick;
}

function draft(rng: Rng, company: DemoCompany, feed: FeedStyle): Draft {
  const fn = rng.weightedPick(FUNCTION_TABLES.get(company.industry) as WeightedTable<JobFunction>);
  const choice = chooseTitle(rng, fn);
  const leader = choice.level === 'Manager' || choice.level === 'Director' || choice.level === 'VP';
  const jobType: JobTypeClass =
    choice.level === 'Intern'
      ? 'internship'
      : leader
        ? rng.chance(0.03)
          ? 'contract'
          : 'full-time'
        : rng.weightedPick(JOB_TYPE_MIX[fn.key] ?? DEFAULT_JOB_TYPES);
  let workplace = rng.weightedPick(WORKPLACE_MIX[fn.key] ?? DEFAULT_WORKPLACES);
  if (jobType === 'internship' && workplace === 'remote' && rng.chance(0.5)) workplace = 'onsite';
  const place = pickLocation(rng, workplace, company.hq, feed);
  return { fn, choice, jobType, workplace, place };
}

function draftUnique(rng: Rng, company: DemoCompany, feed: FeedStyle, seen: Set<string>): Draft {
  let d = draft(rng, company, feed);
  for (let attempt = 0; attempt < 6 && seen.has(dedupeKey(company, d.choice.title, d.place)); attempt++) {
    d = draft(rng, company, feed);
  }
  seen.add(dedupeKey(company, d.choice.title, d.place));
  return d;
}

const VISA_FIELD = createWeightedTable<boolean | null>([
  [true, 12],
  [false, 12],
  [null, 76],
]);
const VISA_TEXT_ONLY = createWeightedTable<boolean | null>([
  [true, 8],
  [false, 4],
  [null, 88],
]);

function formatDate(ms: number, feed: FeedStyle): string | number {
  return feed.dates === 'epoch' ? ms : new Date(ms).toISOString();
}

type SalaryMode = 'structured' | 'text' | 'field';

/** Whether and how the posting states pay: structured, in the description, or in a text field. */
function choosePay(rng: Rng, d: Draft, feed: FeedStyle): { plan: SalaryPlan; mode: SalaryMode } | null {
  const chance = d.place.country.salaryChance + (d.jobType === 'full-time' ? 0 : 0.1);
  if (!rng.chance(Math.min(0.95, chance))) return null;
  const usBase = d.fn.basePay * d.choice.pay;
  const plan = planSalary(rng, {
    usBase,
    country: d.place.country,
    cityPay: d.place.cityPay,
    jobType: d.jobType,
  });
  if (rng.chance(feed.structuredSalary)) return { plan, mode: 'structured' };
  return { plan, mode: rng.chance(0.75) ? 'text' : 'field' };
}

/** The visa field and what the text says; the two usually agree, and often only one speaks. */
function chooseVisa(rng: Rng): { field: boolean | null; line: boolean | null } {
  const field = rng.weightedPick(VISA_FIELD);
  if (field === true) return { field, line: rng.chance(0.7) ? true : null };
  if (field === false) return { field, line: rng.chance(0.5) ? false : null };
  return { field, line: rng.weightedPick(VISA_TEXT_ONLY) };
}

function buildPosting(
  rng: Rng,
  company: DemoCompany,
  externalId: string,
  nowMs: number,
  seen: Set<string>,
): RawPosting {
  const feed = feedStyleOf(company);
  const d = draftUnique(rng, company, feed, seen);
  const { fn, choice, jobType, workplace, place } = d;
  const skills = pickSkills(rng, choice.pool);
  const pay = choosePay(rng, d, feed);
  const visa = chooseVisa(rng);
  const descriptionHtml = writeDescription(rng, {
    company,
    fn,
    choice,
    skills,
    country: place.country,
    remote: workplace === 'remote',
    visaLine: visa.line,
    salarySentence: pay?.mode === 'text' ? salarySentence(rng, pay.plan, place.city) : null,
  });
  const postedMs = nowMs - Math.floor(Math.pow(rng.next(), 1.4) * 60 * DAY_MS) - rng.int(60_000, 3_600_000);
  const updatedMs = rng.chance(0.5) ? postedMs : postedMs + Math.floor(rng.next() * (nowMs - postedMs));
  const unspecified = rng.chance(feed.workplaceMissing);
  const url = `${DEMO_ATS_HOST}/${company.slug}/${externalId}`;

  const posting: Omit<RawPosting, 'payload'> = {
    source: 'demo',
    board: company.slug,
    externalId,
    title: choice.title,
    companyName: company.name,
    companyDomain: company.domain,
    descriptionHtml,
    locationText: place.locationText,
    workplaceType: feed.workplaces && !unspecified ? feed.workplaces[workplace] : feed.workplaceUnknown,
    employmentType: rng.chance(feed.jobTypeMissing) ? null : feed.jobTypes[jobType],
    department: rng.chance(0.85) ? rng.pick(fn.departments) : null,
    salary: pay?.mode === 'structured' ? { ...pay.plan, period: feed.periods[pay.plan.period] } : null,
    listingUrl: url,
    applyUrl: `${url}/apply`,
    visaSponsorship: visa.field,
    postedAt: formatDate(postedMs, feed),
    updatedAt: formatDate(updatedMs, feed),
  };
  if (pay?.mode === 'field') posting.salaryText = salaryShortText(rng, pay.plan);
  if (place.extraLocations) posting.extraLocations = place.extraLocations;
  if (place.structured) Object.assign(posting, place.structured);
  if (feed.remoteFlag && !unspecified) posting.remoteFlag = workplace === 'remote';
  if (rng.chance(0.18)) posting.seniority = LEVELS[choice.level].experience;
  if (rng.chance(0.3)) {
    const tags = rng.sample(skills, rng.int(1, 3));
    posting.tags = rng.chance(0.3) ? [...tags, choice.team] : tags;
  }
  return { ...posting, payload: { ...posting } };
}

/** `count` postings across all demo companies. */
export function generateDemoPostings(options: DemoOptions): RawPosting[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const nowMs = toMillis(options.now);
  const seen = new Set<string>();
  const out: RawPosting[] = new Array(options.count);
  for (let i = 0; i < options.count; i++) {
    const rng = new Rng(seed, i);
    out[i] = buildPosting(rng, rng.weightedPick(COMPANY_TABLE), `demo-${seed}-${i}`, nowMs, seen);
  }
  return out;
}

/** `count` postings of one demo company's board (its slug, see COMPANIES). */
export function generateDemoBoard(options: DemoOptions & { board: string }): RawPosting[] {
  const company = COMPANY_BY_SLUG.get(options.board);
  if (!company) throw new Error(`generateDemoBoard: unknown demo board ${options.board}`);
  const seed = options.seed ?? DEFAULT_SEED;
  const nowMs = toMillis(options.now);
  const seen = new Set<string>();
  const out: RawPosting[] = new Array(options.count);
  for (let i = 0; i < options.count; i++) {
    const id = `demo-${seed}-${company.slug}-${i}`;
    out[i] = buildPosting(new Rng(seed, hashString(company.slug), i), company, id, nowMs, seen);
  }
  return out;
}
