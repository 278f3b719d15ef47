import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NormalizedJob } from '../../src/domain/job.ts';
import { MATCH_TIERS, relevanceScore, type MatchField } from '../../src/domain/relevance.ts';
import { parseQueryTerms, tokenize } from '../../src/domain/search-text.ts';
import type { Services } from '../../src/services.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * The ranked order README's "Relevance" states (src/domain/relevance.ts): whole word
 * over prefix within a field, title over company over description, then newest, then
 * id. Hand-made cases name the rules; a random board checks the whole order against
 * a reference written from the documented rule alone, as an in-memory index would.
 */

const day = (d: number) => new Date(Date.UTC(2026, 9, d));
const description = (text: string) => ({ descriptionText: text, descriptionHtml: `<p>${text}</p>` });

const CASES = {
  accountManager: makeJob({ title: 'Account Manager', postedAt: day(1) }),
  accountableManager: makeJob({ title: 'Accountable Manager', postedAt: day(20) }),
  // Prefix in the title beats a whole word in the company.
  zebTitle: makeJob({ title: 'Zebrafish Keeper', postedAt: day(2) }),
  zebCompany: makeJob({ title: 'Keeper', companyName: 'Zeb Aquaria', postedAt: day(21) }),
  // Within the company, and within the description, a whole word beats a prefix.
  quillCompany: makeJob({ title: 'Clerk', companyName: 'Quill Co', postedAt: day(3) }),
  quillsCompany: makeJob({ title: 'Clerk', companyName: 'Quillsworth', postedAt: day(22) }),
  yarnDescription: makeJob({ title: 'Weaver', ...description('We spin yarn daily.'), postedAt: day(4) }),
  yarnsDescription: makeJob({ title: 'Weaver', ...description('Many yarns await.'), postedAt: day(23) }),
};

let services: Services;
let ids: Record<keyof typeof CASES, string>;

beforeAll(async () => {
  services = await createTestServices();
  const stored = await storeJobs(services, Object.values(CASES));
  ids = Object.fromEntries(Object.keys(CASES).map((k, i) => [k, stored[i]])) as typeof ids;
});
afterAll(() => services?.close());

async function ranked(query: string, limit = 100) {
  const page = await services.jobs.search(services.orm.em.fork(), { query }, 'relevance', {
    offset: 0,
    limit,
  });
  return page.items.map((j) => j.id);
}

describe(`relevance order (${TEST_DB})`, () => {
  it('puts "Account Manager" before "Accountable Manager" for "account manager"', async () => {
    expect(await ranked('account manager')).toEqual([ids.accountManager, ids.accountableManager]);
    // A prefix of both is a prefix-only match in both: newest first.
    expect(await ranked('accou manag')).toEqual([ids.accountableManager, ids.accountManager]);
  });

  it('ranks any title match over a whole word in the company', async () => {
    expect(await ranked('zeb')).toEqual([ids.zebTitle, ids.zebCompany]);
  });

  it('ranks a whole word over a prefix in the company and in the description', async () => {
    expect(await ranked('quill')).toEqual([ids.quillCompany, ids.quillsCompany]);
    expect(await ranked('yarn')).toEqual([ids.yarnDescription, ids.yarnsDescription]);
  });
});

// A random board over a few words that begin one another, so that whole and prefix
// matches in every field are common, and few dates, so that ties are too.
const WORDS = ['data', 'database', 'dat', 'eng', 'engineer', 'engineering', 'man', 'manager', 'mana', 'ops'];
const PREFIXES = [
  'd',
  'da',
  'dat',
  'data',
  'datab',
  'e',
  'eng',
  'engineer',
  'man',
  'mana',
  'manager',
  'ops',
  'o',
];

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

function randomBoard(n: number, rnd: () => number): NormalizedJob[] {
  const pick = (k: number) =>
    Array.from({ length: k }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ');
  return Array.from({ length: n }, (_, i) => {
    const company = `${pick(1 + Math.floor(rnd() * 2))} ${i}`;
    return makeJob({
      board: 'ranking-board',
      department: 'Ranking Board',
      title: pick(1 + Math.floor(rnd() * 3)),
      companyName: company,
      companyNormalizedName: company,
      ...description(pick(2 + Math.floor(rnd() * 5))),
      postedAt: day(1 + Math.floor(rnd() * 3)),
    });
  });
}

/** The tier of one query word in one job, straight from MATCH_TIERS; undefined when it matches nowhere. */
function wordTier(term: string, words: Record<MatchField, string[]>): number | undefined {
  return MATCH_TIERS.find(({ field, whole }) =>
    words[field].some((w) => (whole ? w === term : w.startsWith(term))),
  )?.tier;
}

function expectedOrder(query: string, jobs: { id: string; job: NormalizedJob }[]): string[] {
  const terms = parseQueryTerms(query);
  const scored = jobs.flatMap(({ id, job }) => {
    const words = {
      title: tokenize(job.title),
      company: tokenize(job.companyName),
      description: tokenize(job.descriptionText),
    };
    const tiers = terms.map((t) => wordTier(t, words));
    if (tiers.some((t) => t === undefined)) return [];
    return [{ id, score: relevanceScore(tiers as number[]), posted: job.postedAt!.getTime() }];
  });
  scored.sort((a, b) => b.score - a.score || b.posted - a.posted || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return scored.map((s) => s.id);
}

describe(`relevance order on a random board (${TEST_DB})`, () => {
  it('matches the documented rule for 150 random queries, page and total', async () => {
    const rnd = random(9);
    const board = randomBoard(80, rnd);
    const boardIds = await storeJobs(services, board);
    const jobs = board.map((job, i) => ({ id: boardIds[i]!, job }));
    for (let q = 0; q < 150; q++) {
      const n = 1 + Math.floor(rnd() * 3);
      const query = Array.from({ length: n }, () => PREFIXES[Math.floor(rnd() * PREFIXES.length)]).join(' ');
      const filter = { query, departments: ['ranking board'] };
      const page = await services.jobs.search(services.orm.em.fork(), filter, 'relevance', {
        offset: 0,
        limit: 100,
      });
      const expected = expectedOrder(query, jobs);
      expect(
        page.items.map((j) => j.id),
        query,
      ).toEqual(expected);
      expect(page.total, query).toBe(expected.length);
    }
  });
});
