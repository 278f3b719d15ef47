import { generateDemoPostings } from '../../src/demo/generate.ts';
import { preparePosting } from '../../src/ingest/normalize/prepare.ts';
import { NOW, PLATFORM } from './options.ts';
const raws = generateDemoPostings({ count: 50000, seed: 7, now: NOW });
const t = performance.now(); const c0 = process.cpuUsage();
for (const raw of raws) preparePosting(raw, { platform: PLATFORM, board: raw.board, now: NOW });
const c = process.cpuUsage(c0);
console.log('µs/posting wall', ((performance.now() - t) * 1000 / raws.length).toFixed(1), 'cpu', ((c.user + c.system) / raws.length).toFixed(1));
