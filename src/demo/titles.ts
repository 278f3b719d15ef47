/**
 * Seniority levels and how they turn a function's base title into a posted title
 * ("Sr. Backend Engineer", "Data Engineer II", "Director of Engineering").
 */
import type { JobFunction, TitleRow } from './functions.ts';
import { createWeightedTable, type Rng } from './random.ts';
import type { SkillPoolKey } from './skills.ts';

export type Level =
  'Intern' | 'Junior' | 'Mid' | 'Senior' | 'Staff' | 'Principal' | 'Lead' | 'Manager' | 'Director' | 'VP';

interface LevelDef {
  weight: number;
  pay: number;
  /** Years of experience asked for; null for interns. */
  years: number | null;
  /** What a platform with an experience-level field would say. */
  experience: string;
}

export const LEVELS: Readonly<Record<Level, LevelDef>> = {
  Intern: { weight: 3, pay: 0.4, years: null, experience: 'Internship' },
  Junior: { weight: 9, pay: 0.72, years: 1, experience: 'Entry level' },
  Mid: { weight: 33, pay: 1, years: 3, experience: 'Associate' },
  Senior: { weight: 28, pay: 1.28, years: 5, experience: 'Mid-Senior level' },
  Staff: { weight: 5, pay: 1.55, years: 8, experience: 'Mid-Senior level' },
  Principal: { weight: 3, pay: 1.8, years: 10, experience: 'Mid-Senior level' },
  Lead: { weight: 6, pay: 1.38, years: 6, experience: 'Mid-Senior level' },
  Manager: { weight: 7.5, pay: 1.42, years: 6, experience: 'Mid-Senior level' },
  Director: { weight: 3.5, pay: 1.85, years: 10, experience: 'Director' },
  VP: { weight: 1.5, pay: 2.35, years: 12, experience: 'Executive' },
};

export const LEVEL_TABLE = createWeightedTable(
  (Object.keys(LEVELS) as Level[]).map((level) => [level, LEVELS[level].weight] as const),
);

export interface TitleChoice {
  title: string;
  level: Level;
  pool: SkillPoolKey;
  /** Multiplier on the function's base pay (title × level). */
  pay: number;
  /** The team named in the title or description. */
  team: string;
}

/** Staff and Principal exist on the engineering ladder only; elsewhere they read as Senior/Lead. */
function fitLevel(level: Level, fn: JobFunction): Level {
  if (fn.ladder === 'tech') return level;
  if (level === 'Staff') return 'Senior';
  if (level === 'Principal') return 'Lead';
  if (fn.ladder === 'clinical' && level === 'Junior') return 'Mid';
  return level;
}

function icTitle(rng: Rng, base: string, level: Level, tech: boolean): string {
  switch (level) {
    case 'Junior':
      return rng.weightedPick([
        [`Junior ${base}`, 55],
        [`Associate ${base}`, 20],
        [`${base} I`, tech ? 15 : 0],
        [`Jr. ${base}`, 10],
      ]);
    case 'Mid':
      return tech && rng.chance(0.18) ? `${base} II` : base;
    case 'Senior':
      return rng.weightedPick([
        [`Senior ${base}`, 76],
        [`Sr. ${base}`, 16],
        [`${base} III`, tech ? 6 : 0],
        [`Senior ${base} II`, tech ? 2 : 0],
      ]);
    case 'Staff':
      return base.startsWith('Staff ') ? `Senior ${base}` : `Staff ${base}`;
    case 'Principal':
      return `Principal ${base}`;
    case 'Lead':
      return rng.weightedPick([
        [`Lead ${base}`, 60],
        [`${base} Lead`, 25],
        [`${base}, Team Lead`, 15],
      ]);
    default:
      return base;
  }
}

function withTeam(rng: Rng, title: string, team: string): string {
  const style = rng.int(0, 2);
  if (style === 0) return `${title}, ${team}`;
  if (style === 1) return `${title} - ${team}`;
  return `${title} (${team})`;
}

/** Picks a level and a title for a posting of the given function. */
export function chooseTitle(rng: Rng, fn: JobFunction): TitleChoice {
  const level = fitLevel(rng.weightedPick(LEVEL_TABLE), fn);
  const row: TitleRow = rng.pick(fn.titles);
  const [base, pool, titlePay = 1] = row;
  const team = rng.pick(fn.teams);
  let title: string;
  let pay = LEVELS[level].pay;
  if (level === 'Intern') title = rng.pick(fn.internTitles);
  else if (level === 'Manager') title = rng.pick(fn.managerTitles);
  else if (level === 'Director') title = rng.pick(fn.directorTitles);
  else if (level === 'VP') title = rng.pick(fn.vpTitles);
  else {
    title = icTitle(rng, base, level, fn.ladder === 'tech');
    pay *= titlePay;
  }
  if (level !== 'Intern' && level !== 'VP' && rng.chance(0.14) && !title.includes(',')) {
    title = withTeam(rng, title, team);
  }
  return { title, level, pool, pay, team };
}
