/**
 * The search index alone, on synthetic jobs (no database): build time, memory, and
 * p50/p99 per query kind with exact totals and facets.
 *
 *   npm run bench -- --search-index 1000000 [--repeats 200]
 *
 * The rows are what SearchIndexRepository reads (IndexJobRow), drawn from a fixed
 * seed: titles from 400 words, companies from 20,000 names, descriptions of 80
 * distinct words from a 100,000-word vocabulary, all Zipf-distributed (a real corpus
 * has 10⁵–10⁶ distinct words per million jobs; reference/bitmap-search-feasibility.md).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { IndexJobRow } from '../../src/db/repositories/search-index.repository.ts';
import type { JobFilter } from '../../src/domain/job-filter.ts';
import { roaringMemory } from '../../src/search/bitmap.ts';
import { assembleIndexData, JobIndexBuilder, type IndexParts } from '../../src/search/index-builder.ts';
import { saveIndexSnapshot } from '../../src/search/index-snapshot.ts';
import { SearchIndex } from '../../src/search/search-index.ts';
import { fmt, log, ms, percentile, table } from './format.ts';
import { SNAPSHOT_PROBES } from './snapshot-probes.ts';

const NOW_US = Date.parse('2026-11-22T12:00:00Z') * 1000;
const ORG = '00000000-0000-4000-8000-000000000001';

function createRng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Pronounceable distinct words, the first ones common English job words. */
function vocabulary(size: number, rnd: () => number, common: string[]): string[] {
  const out = new Set(common);
  const syllables = [
    'ka',
    'ter',
    'mo',
    'lin',
    'de',
    'ra',
    'so',
    'vi',
    'nu',
    'pe',
    'str',
    'al',
    'qu',
    'en',
    'gi',
  ];
  while (out.size < size) {
    let w = '';
    for (let k = 1 + Math.floor(rnd() * 4); k > 0; k--) w += syllables[Math.floor(rnd() * syllables.length)];
    out.add(w + (rnd() < 0.1 ? String(Math.floor(rnd() * 100)) : ''));
  }
  return [...out];
}

/** A Zipf-like pick: index ~ size^u - 1. */
const zipf = (rnd: () => number, size: number) => Math.min(size - 1, Math.floor(size ** rnd()) - 1);

/**
 * Coordinates of the synthetic cities (city0 … city2999): 60 % in a box over the US, 40 %
 * over Europe. Their own random sequence, so the other fields are what they were before.
 */
export function syntheticCityPoints(cities = 3000): [number, number][] {
  const rnd = createRng(20261126);
  return Array.from({ length: cities }, () =>
    rnd() < 0.6 ? [25 + rnd() * 23, -123 + rnd() * 52] : [36 + rnd() * 24, -9 + rnd() * 39],
  );
}

export function syntheticRows(count: number): { ids: string[]; rows: IndexJobRow[] } {
  const rnd = createRng(20261123);
  const cityPoints = syntheticCityPoints();
  const titleWords = vocabulary(400, rnd, ['engineer', 'senior', 'software', 'data', 'manager', 'developer']);
  const words = vocabulary(100_000, rnd, ['engineer', 'experience', 'team', 'kubernetes', 'python', 'data']);
  const companies = vocabulary(20_000, rnd, ['acme']);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const rows: IndexJobRow[] = [];
  for (let i = 0; i < count; i++) {
    const salary = rnd() < 0.4 ? 30_000 + Math.floor(rnd() * 250) * 1000 : null;
    const description = new Set<string>();
    while (description.size < 80) description.add(words[zipf(rnd, words.length)]!);
    rows.push({
      id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      status: rnd() < 0.95 ? 'open' : 'closed',
      remoteType: pick(['remote', 'hybrid', 'onsite', 'unknown']),
      jobType: rnd() < 0.9 ? pick(['full-time', 'part-time', 'contract', 'internship', 'temporary']) : null,
      seniority: rnd() < 0.8 ? pick(['entry', 'mid', 'senior', 'lead', 'manager']) : null,
      categoryId: `c0000000-0000-4000-8000-0000000000${String(Math.floor(rnd() * 20)).padStart(2, '0')}`,
      companyId: `c1000000-0000-4000-8000-${zipf(rnd, 20_000).toString(16).padStart(12, '0')}`,
      countryCodes: [pick(['US', 'US', 'US', 'GB', 'DE', 'CA', 'FR', 'NL', 'IN', 'ES'])],
      cityKeys: [`city${zipf(rnd, 3000)}`],
      points: [],
      skillKeys: Array.from({ length: Math.floor(rnd() * 5) }, () => `skill${zipf(rnd, 500)}`),
      salaryMinUsd: salary,
      salaryMaxUsd: salary === null ? null : salary + 20_000,
      atsPlatform: pick(['greenhouse', 'lever', 'ashby', 'workable']),
      source: 'synthetic',
      departmentKey: rnd() < 0.8 ? pick(['engineering', 'sales', 'marketing', 'operations']) : null,
      visaSponsorship: rnd() < 0.5 ? rnd() < 0.3 : null,
      postedUs: NOW_US - Math.floor(rnd() * 180 * 86_400_000_000),
      firstSeenUs: NOW_US - Math.floor(rnd() * 180 * 86_400_000_000),
      titleWords: [...new Set([titleWords[zipf(rnd, 400)]!, titleWords[zipf(rnd, 400)]!, pick(titleWords)])],
      companyWords: [companies[zipf(rnd, companies.length)]!],
      descriptionWords: [...description],
    });
    const row = rows.at(-1)!;
    // One job in five without coordinates (a city the gazetteer lacks), one in seven with two places.
    const point = cityPoints[Number(row.cityKeys[0]!.slice(4))]!;
    if (i % 5 !== 4) row.points = i % 7 === 0 ? [...point, ...cityPoints[(i * 13) % 3000]!] : [...point];
  }
  const ids = rows
    .map((r) => ({ id: r.id, at: r.postedUs }))
    .sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);
  return { ids, rows };
}

const mb = (bytes: number) => fmt(bytes / 2 ** 20);

export async function runSearchIndexBench(count: number, repeats: number): Promise<void> {
  log(`# Search index on ${fmt(count)} synthetic jobs (no database)`);
  const { ids, rows } = syntheticRows(count);
  const members = rows.filter((_, i) => i % 9 === 0).map((r) => ({ organizationId: ORG, jobId: r.id }));
  globalThis.gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const builder = new JobIndexBuilder(ids);
  builder.addJobs(rows);
  builder.addMemberships(members);
  const parts = builder.finish();
  const index = new SearchIndex(assembleIndexData(parts), () => new Date(NOW_US / 1000));
  const built = performance.now();
  index.warm();
  const warmed = performance.now();
  rows.length = 0;
  globalThis.gc?.();
  const after = process.memoryUsage();
  log(
    `build ${ms((built - started) / 1000)} s, 1–2-letter prefix unions ${ms((warmed - built) / 1000)} s; ` +
      `words: ${JSON.stringify(index.termCounts)}`,
  );
  log(
    `memory: bitmaps (native) ${mb(roaringMemory())} MB, JS heap +${mb(after.heapUsed - before.heapUsed)} MB, ` +
      `RSS ${mb(after.rss)} MB${globalThis.gc ? '' : ' (run node with --expose-gc for settled figures)'}`,
  );

  await snapshotFigures(index, parts);
  const cityPoints = syntheticCityPoints();
  const near = (city: number) => ({ latitude: cityPoints[city]![0], longitude: cityPoints[city]![1] });

  const kinds: [string, JobFilter, Parameters<SearchIndex['query']>[1], number][] = [
    ['broad word "engineer"', { query: 'engineer' }, undefined, 0],
    ['prefix "eng"', { query: 'eng' }, undefined, 0],
    ['one letter "s"', { query: 's' }, undefined, 0],
    ['rare word', { query: 'kamolinde' }, undefined, 0],
    ['two words', { query: 'senior data' }, undefined, 0],
    ['three words', { query: 'senior software engineer' }, undefined, 0],
    ['filters only', { remoteTypes: ['remote'], countries: ['US'], minSalaryUsd: 120_000 }, undefined, 0],
    [
      'words + filters',
      { query: 'engineer python', remoteTypes: ['remote', 'hybrid'], skills: ['skill1'] },
      undefined,
      0,
    ],
    ['organization listing', { organizationId: ORG }, 'newest', 0],
    ['deep page (offset 20,000)', {}, 'newest', 20_000],
    ['salary sort', { query: 'data' }, 'salary', 0],
    ['first seen sort, deep', { countries: ['US'] }, 'first_seen', 5_000],
    ['near, 50 km of the biggest city', { near: { ...near(0), radiusKm: 50 } }, undefined, 0],
    ['near, 500 km + word', { query: 'engineer', near: { ...near(0), radiusKm: 500 } }, undefined, 0],
    ['near, 1000 km', { near: { ...near(0), radiusKm: 1000 } }, undefined, 0],
  ];
  const out: (string | number)[][] = [];
  for (const [name, filter, sort, offset] of kinds) {
    const run = (facets: boolean) => {
      const times: number[] = [];
      let total = 0;
      for (let r = 0; r < repeats + 5; r++) {
        const t = performance.now();
        const answer = index.query(filter, sort, { offset, limit: 20 }, { facets });
        if (r >= 5) times.push(performance.now() - t);
        if (answer !== 'unsupported') total = answer.total;
      }
      times.sort((a, b) => a - b);
      return { total, p50: percentile(times, 50), p99: percentile(times, 99) };
    };
    const bare = run(false);
    const full = run(true);
    out.push([name, fmt(full.total), ms(full.p50), ms(full.p99), ms(bare.p50), ms(bare.p99)]);
  }
  log();
  log(
    `## Index queries: exact total + a page of 20, with and without the 8 facets (ms, ${repeats} runs each)`,
  );
  log(table(['query', 'total', 'p50', 'p99', 'p50 no facets', 'p99 no facets'], out));
}

/**
 * Saves the index's parts to a snapshot file, then starts an index from it in a fresh
 * process (scripts/bench/snapshot-start.ts) as a gateway would, and checks that it answers
 * as the built one.
 */
async function snapshotFigures(index: SearchIndex, parts: IndexParts): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'index-snapshot-bench-'));
  try {
    const path = join(dir, 'index.snapshot');
    const rssBefore = process.memoryUsage().rss;
    const t = performance.now();
    const info = await saveIndexSnapshot(path, parts, {
      position: 'bench',
      builtAt: new Date().toISOString(),
      docCount: parts.ids.length,
    });
    const saveMs = performance.now() - t;
    const rssAfter = process.memoryUsage().rss;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        ...process.execArgv,
        new URL('./snapshot-start.ts', import.meta.url).pathname,
        path,
        String(NOW_US / 1000),
      ],
      { maxBuffer: 1 << 20 },
    );
    const start = JSON.parse(stdout.trim().split('\n').pop()!) as {
      loadMs: number;
      assembleMs: number;
      warmMs: number;
      rssLoaded: number;
      rss: number;
      maxRss: number;
      bitmaps: number;
      totals: number[];
    };
    const expected = SNAPSHOT_PROBES.map((filter) => {
      const answer = index.query(filter, undefined, { offset: 0, limit: 20 });
      return answer === 'unsupported' ? -1 : answer.total;
    });
    log(
      `snapshot: ${mb(info.bytes)} MB, saved in ${ms(saveMs / 1000)} s (bench RSS ${mb(rssBefore)} → ${mb(rssAfter)} MB); ` +
        `a fresh process: load ${ms(start.loadMs / 1000)} s (RSS ${mb(start.rssLoaded)} MB), ` +
        `assemble ${ms(start.assembleMs / 1000)} s, 1–2-letter prefix unions ${ms(start.warmMs / 1000)} s, ` +
        `ready in ${ms((start.loadMs + start.assembleMs + start.warmMs) / 1000)} s; ` +
        `RSS ${mb(start.rss)} MB (peak ${mb(start.maxRss)} MB), bitmaps ${mb(start.bitmaps)} MB; ` +
        `answers ${JSON.stringify(start.totals) === JSON.stringify(expected) ? 'as built' : `DIFFER: ${JSON.stringify({ expected, got: start.totals })}`}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
