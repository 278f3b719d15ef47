import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawPosting } from '../../src/domain/raw-posting.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { RAW_POSTING_FIELDS } from '../helpers/raw-posting-fields.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services?.close());

/** Values an adapter bug or a hostile feed could put in any field of a posting. */
const ODD: unknown[] = [
  null,
  undefined,
  0,
  -1,
  1e308,
  -1e308,
  Infinity,
  NaN,
  2 ** 53,
  '',
  ' ',
  'x'.repeat(300_000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  {},
  [],
  [1, 2],
  ['\u0000'],
  { a: { b: 1 } },
  true,
  new Date('x'),
  new Date(8.64e15),
  '9999-99-99',
  '1e400',
  '-5',
  '$9,999,999,999 per hour',
  'NaN',
  '<script>alert(1)</script>',
  'http://',
  'javascript:alert(1)',
  '🚀'.repeat(50_000),
];

describe(`postings with odd values in any field (${TEST_DB})`, () => {
  it('each stored or rejected with a reason; no batch fails, no run aborts', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = () => ODD[Math.floor(random() * ODD.length)];
    const postings = Array.from({ length: 1_000 }, (_, i) => {
      const p: Record<string, unknown> = {
        source: 'greenhouse',
        board: 'odd-values',
        externalId: `odd-${i}`,
        title: `Engineer ${i}`,
        companyName: 'Oddities Inc',
        descriptionHtml: '<p>Build reliable systems.</p>',
        payload: { i },
      };
      for (let k = 0; k < 8; k++) {
        const field = RAW_POSTING_FIELDS[Math.floor(random() * RAW_POSTING_FIELDS.length)]!;
        p[field] =
          field === 'salary' ? { min: pick(), max: pick(), currency: pick(), period: pick() } : pick();
      }
      return p as unknown as RawPosting;
    });
    let accounted = 0;
    for (let i = 0; i < postings.length; i += 100) {
      const s = await runIngest(services, {
        platform: 'greenhouse',
        board: 'odd-values',
        complete: false,
        postings: postings.slice(i, i + 100),
      });
      accounted += s.new + s.updated + s.unchanged + s.merged + s.rejected;
      expect(Object.keys(s.rejectedReasons).every((r) => r.length > 0)).toBe(true);
    }
    expect(accounted).toBe(postings.length);
    // Most rows survive their odd values (only a missing/invalid title or id rejects one).
    const [row] = await services.orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from source_posting where board = 'odd-values'`);
    expect(row!.n).toBeGreaterThan(500);
  });
});
