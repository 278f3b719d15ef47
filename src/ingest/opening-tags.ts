/**
 * What tells two openings apart even when their company, title and ATS job agree
 * (issue 11 item 4): the cohort a title names ("Summer 2024" vs "Summer 2026"; an
 * employer may reuse one ATS job for the next year's interns) and the requisition id an
 * employer gives each opening ("R-10423", "Req ID: 88121"). The title key drops seasons
 * and years (copies often omit them), so they are compared here, where one side
 * without a tag decides nothing.
 */
import { foldText } from '../domain/text.ts';

export interface OpeningTags {
  years: Set<string>;
  seasons: Set<string>;
  requisitions: Set<string>;
}

const YEAR = /(?<![\d/.-])(?:20([1-3]\d)|'([1-3]\d))(?![\d/.])/g;
const SEASON = /\b(summer|fall|autumn|winter|spring)\b/g;
// A requisition id in a title: "R-10423", "(JR123456)", "REQ-2024-118", "Req #5512".
const TITLE_REQ = /\b(?:jr|r|req)(?:\s*#\s*|[-_ ]?)(\d[\d-]{3,})\b/g;
// In a description only after an explicit label: "Requisition ID: 88121", "Job Req: R-1".
const TEXT_REQ =
  /\b(?:requisition|req)\s*(?:id|number|no\.?|#)?\s*[:#]?\s*(?:jr|r|req)?[-_]?(\d[\d-]{3,})\b/g;

function matches(re: RegExp, text: string, group = (m: RegExpExecArray) => m[1] ?? ''): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(re)) out.add(group(m).replace(/-/g, ''));
  out.delete('');
  return out;
}

/**
 * The words of a URL's last path segments when they are a title's slug: an aggregator's
 * copy may drop the cohort from its title but keep it in its link ("Network Planning
 * Sales Engineer – Intern" at ".../Network-Planning-Sales-Engineer--Intern-Summer-2024").
 */
function slugWords(url: string | null | undefined): string {
  if (!url) return '';
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return '';
  }
  return path
    .split('/')
    .slice(-2)
    .filter((segment) => /[A-Za-z]{2,}[-_+][A-Za-z0-9]/.test(segment))
    .map((segment) => segment.replace(/[-_+]+/g, ' '))
    .join(' ');
}

export function openingTagsOf(
  title: string,
  descriptionText: string,
  urls: readonly (string | null | undefined)[] = [],
): OpeningTags {
  const t = foldText(`${title} ${urls.map(slugWords).join(' ')}`);
  return {
    years: matches(YEAR, t, (m) => `20${m[1] ?? m[2] ?? ''}`),
    seasons: matches(SEASON, t, (m) => (m[1] === 'autumn' ? 'fall' : (m[1] ?? ''))),
    requisitions: new Set([
      ...matches(TITLE_REQ, t),
      // The head of a description is where ATS templates put the requisition line.
      ...matches(TEXT_REQ, foldText(descriptionText.slice(0, 4_000))),
    ]),
  };
}

const disjoint = (a: Set<string>, b: Set<string>) =>
  a.size > 0 && b.size > 0 && ![...a].some((x) => b.has(x));

/** Which tag keeps the two openings apart, or null when none does. */
export function openingsConflict(a: OpeningTags, b: OpeningTags): 'year' | 'season' | 'requisition' | null {
  if (disjoint(a.years, b.years)) return 'year';
  if (disjoint(a.seasons, b.seasons)) return 'season';
  if (disjoint(a.requisitions, b.requisitions)) return 'requisition';
  return null;
}
