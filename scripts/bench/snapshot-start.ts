/**
 * A gateway's start from a snapshot, in a process of its own (so its RSS is that of a
 * fresh process, not the bench's synthetic rows): load the file, assemble the index,
 * union the 1–2-letter prefixes, answer a few searches. Prints one JSON line.
 *
 *   node scripts/bench/snapshot-start.ts <snapshot file> <now in ms>
 */
import { roaringMemory } from '../../src/search/bitmap.ts';
import { assembleIndexData } from '../../src/search/index-builder.ts';
import { loadIndexSnapshot } from '../../src/search/index-snapshot.ts';
import { SearchIndex } from '../../src/search/search-index.ts';
import { SNAPSHOT_PROBES } from './snapshot-probes.ts';

const [path, now] = process.argv.slice(2);
const started = performance.now();
const { parts, meta } = await loadIndexSnapshot(path!);
const loaded = performance.now();
const rssLoaded = process.memoryUsage().rss;
const index = new SearchIndex(assembleIndexData(parts), () => new Date(Number(now)));
const assembled = performance.now();
index.warm();
const warmed = performance.now();
const totals = SNAPSHOT_PROBES.map((filter) => {
  const answer = index.query(filter, undefined, { offset: 0, limit: 20 }, { facets: true });
  return answer === 'unsupported' ? -1 : answer.total;
});
console.log(
  JSON.stringify({
    docCount: meta.docCount,
    loadMs: loaded - started,
    assembleMs: assembled - loaded,
    warmMs: warmed - assembled,
    rssLoaded,
    rss: process.memoryUsage().rss,
    /** Peak RSS, bytes (resourceUsage gives kB). */
    maxRss: process.resourceUsage().maxRSS * 1024,
    bitmaps: roaringMemory(),
    totals,
  }),
);
