import { describe, expect, it } from 'vitest';
import { syntheticRows } from '../../../scripts/bench/search-index.ts';
import type { JobFilter } from '../../../src/domain/job-filter.ts';
import { Bitmap } from '../../../src/search/bitmap.ts';
import { indexRows, indexRowsGradually } from '../../../src/search/build-index.ts';
import { disposeIndexData } from '../../../src/search/index-data.ts';
import { SearchIndex } from '../../../src/search/search-index.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

/**
 * A live index builds its merges of small segments a slice at a time (indexRowsGradually),
 * so that a merge of thousands of jobs does not hold every search: the segment must be the
 * one built in one piece, and the build must have let the event loop run.
 */
describe('a segment built gradually', () => {
  it('answers as the one built in one piece, and gave the event loop turns', async () => {
    const { rows } = syntheticRows(3000);
    // In no particular order, as the change log names them.
    const shuffled = rows.map((r, i) => ({ r, k: (i * 7919) % rows.length })).sort((a, b) => a.k - b.k);
    const input = shuffled.map((x) => x.r);
    let turns = 0;
    let building = true;
    const count = () => {
      turns++;
      if (building) setImmediate(count);
    };
    setImmediate(count);
    const gradual = await indexRowsGradually(input, [], []);
    building = false;
    const whole = indexRows(input, [], []);
    expect(turns).toBeGreaterThan(1);
    expect(gradual.ids).toEqual(whole.ids);
    const words = [
      ...new Set(rows.flatMap((r) => [...r.titleWords.slice(0, 1), ...r.descriptionWords.slice(0, 1)])),
    ];
    const filters: JobFilter[] = [
      {},
      ...words.slice(0, 25).map((w) => ({ query: w })),
      ...words.slice(0, 10).map((w) => ({ query: w.slice(0, 2) })),
      { query: `${words[0]} ${words[1]}` },
      { remoteTypes: ['remote'], countries: [rows[0]!.countryCodes[0] ?? 'US'] },
    ];
    const a = new SearchIndex([{ data: gradual, dead: new Bitmap() }], () => NOW);
    const b = new SearchIndex([{ data: whole, dead: new Bitmap() }], () => NOW);
    let matched = 0;
    for (const filter of filters) {
      const x = a.query(filter, undefined, { offset: 0, limit: 50 }, { facets: true });
      const y = b.query(filter, undefined, { offset: 0, limit: 50 }, { facets: true });
      expect(x, JSON.stringify(filter)).toEqual(y);
      if (x !== 'unsupported' && 'total' in x && x.total > 0 && filter.query) matched++;
    }
    // The words' searches found jobs (the comparison is not of empty answers).
    expect(matched).toBeGreaterThan(30);
    disposeIndexData(gradual);
    disposeIndexData(whole);
  });
});
