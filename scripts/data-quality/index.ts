/** Prints the data-quality shares of ../shared/data (see measure.ts). */
import path from 'node:path';
import { formatShares, measure, normalizeAll } from './measure.ts';

const root = path.resolve(process.argv[2] ?? '../shared/data');
const t0 = performance.now();
const rows = normalizeAll(root);
console.log(`${rows.length} rows normalized in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log(formatShares(measure(rows)));
