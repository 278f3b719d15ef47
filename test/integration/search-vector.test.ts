import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoPostings } from '../../src/demo/generate.ts';
import { searchVectorText, toSearchDocument } from '../../src/domain/search-text.ts';
import { normalizePosting } from '../../src/ingest/normalize/index.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services?.close());

type Texts = [title: string, company: string, description: string];

/**
 * The writer stores search vectors built in Node (searchVectorText); before, SQL built
 * them with to_tsvector. This holds the two to the same result on this database, so
 * searches and ranking cannot change with the move.
 */
async function mismatches(cases: Texts[]): Promise<{ i: number; sql: string; node: string }[]> {
  const rows = cases.map(([title, company, description], i) => ({
    i,
    title: toSearchDocument(title),
    company: toSearchDocument(company),
    description: toSearchDocument(description),
    vector: searchVectorText(title, company, description),
  }));
  return services.orm.em.fork().execute(
    `select i, sql, node from (
       select t.i,
         (setweight(to_tsvector('simple', t.title), 'A') || setweight(to_tsvector('simple', t.company), 'B')
           || setweight(to_tsvector('simple', t.description), 'C'))::text as sql,
         t.vector::tsvector::text as node
       from jsonb_to_recordset(?::jsonb) as t(i int, title text, company text, description text, vector text)) x
     where sql is distinct from node`,
    [JSON.stringify(rows)],
  );
}

const words = (n: number, word: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => word(i)).join(' ');

describe(`search vectors built in Node equal to_tsvector (${TEST_DB})`, () => {
  it('on normalized demo postings', async () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const cases = generateDemoPostings({ count: 400, seed: 11, now }).flatMap((raw): Texts[] => {
      const r = normalizePosting(raw, { now });
      return r.ok ? [[r.job.title, r.job.companyName, r.job.descriptionText]] : [];
    });
    expect(cases.length).toBe(400);
    expect(await mismatches(cases)).toEqual([]);
  });

  it('at the limits: repeated words, capped positions, long words, other scripts', async () => {
    const cases: Texts[] = [
      ['', '', ''],
      [
        'Senior C++ / C# Engineer (.NET)',
        'Ñandú GmbH',
        'Zürich straße ŁÓDŹ İstanbul ǅ 東京 エンジニア москва ½ ²',
      ],
      [words(300, () => 'x'), words(10, () => 'x'), words(400, () => 'x')],
      ['title', 'co', words(17_000, (i) => `w${i % 300}`)],
      [words(17_000, (i) => `t${i}`), 'late company', words(20, () => 't1 late')],
      [`big ${'z'.repeat(2100)} after`, `${'ж'.repeat(1024)} b ${'ж'.repeat(1023)}`, 'ok'],
    ];
    expect(await mismatches(cases)).toEqual([]);
  });
});
