import { mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SortOrder } from '../../src/domain/enums.ts';
import { SearchIndexRepository } from '../../src/db/repositories/search-index.repository.ts';
import { DEMO_ORGANIZATION } from '../../src/demo/demo-organization.ts';
import { seedDemo } from '../../src/ingest/seed-demo.ts';
import { readIndexParts } from '../../src/search/build-index.ts';
import { assembleIndexData } from '../../src/search/index-builder.ts';
import { loadIndexSnapshot, saveIndexSnapshot } from '../../src/search/index-snapshot.ts';
import { SearchIndex } from '../../src/search/search-index.ts';
import { SnapshotError } from '../../src/search/snapshot-error.ts';
import type { Services } from '../../src/services.ts';
import {
  createRng,
  loadSearchVocabulary,
  randomFilter,
  type SearchVocabulary,
} from '../helpers/random-search.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * An index started from a snapshot file answers exactly as the index built from the
 * database it was saved from: random searches (the differential test's generator), their
 * totals, pages and facets. SEARCH_INDEX_SEED replays a failure.
 */
const SEED = Number(process.env.SEARCH_INDEX_SEED ?? 3_2026);
const QUERIES = 1000;
const NOW = new Date('2026-11-22T00:00:00Z');

let services: Services;
let dir: string;
let built: SearchIndex;
let restored: SearchIndex;
let vocabulary: SearchVocabulary;
let path: string;

beforeAll(async () => {
  services = await createTestServices({ clock: () => NOW }, { NORMALIZE_THREADS: '0' });
  await seedDemo(services, 1500);
  dir = await mkdtemp(join(tmpdir(), 'search-index-snapshot-'));
  path = join(dir, 'index.snapshot');
  const repository = new SearchIndexRepository();
  const { parts, position } = await readIndexParts(repository, services.orm.em.fork());
  await saveIndexSnapshot(path, parts, {
    position,
    builtAt: NOW.toISOString(),
    docCount: parts.ids.length,
  });
  built = new SearchIndex(assembleIndexData(parts), () => NOW);
  const loaded = await loadIndexSnapshot(path);
  expect(loaded.meta.position).toBe(position);
  restored = new SearchIndex(assembleIndexData(loaded.parts), () => NOW);
  vocabulary = await loadSearchVocabulary(services, [DEMO_ORGANIZATION.id]);
}, 600_000);
afterAll(async () => {
  await services?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe(`search index from a snapshot (${TEST_DB})`, () => {
  it('holds every job of the database', () => {
    expect(restored.docCount).toBe(built.docCount);
    expect(restored.docCount).toBeGreaterThanOrEqual(1500);
    expect(restored.termCounts).toEqual(built.termCounts);
  });

  it(`gives the built index's totals, pages and facets for ${QUERIES} random searches`, () => {
    const rng = createRng(SEED);
    const sorts: (SortOrder | undefined)[] = [undefined, 'relevance', 'newest', 'salary', 'first_seen'];
    let nonEmpty = 0;
    for (let q = 0; q < QUERIES; q++) {
      const filter = randomFilter(rng, vocabulary, NOW);
      const sort = rng.pick(sorts);
      const limit = rng.pick([1, 5, 20, 50]);
      const offset = rng.chance(0.7) ? 0 : rng.pick([limit, 2 * limit, rng.int(0, 300)]);
      const context = `seed ${SEED}, query #${q}: ${JSON.stringify({ filter, sort, offset, limit })}`;
      const expected = built.query(filter, sort, { offset, limit }, { facets: true });
      expect(restored.query(filter, sort, { offset, limit }, { facets: true }), context).toEqual(expected);
      if (expected !== 'unsupported' && expected.total > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(QUERIES * 0.3);
  });

  it('refuses the file once it is cut short', async () => {
    await truncate(path, 1000);
    await expect(loadIndexSnapshot(path)).rejects.toBeInstanceOf(SnapshotError);
  });
});
