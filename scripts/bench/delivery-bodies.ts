/**
 * Webhook delivery bodies stored with pglz against lz4 (Migration20261128000000; README
 * "Push delivery", stop 41):
 *
 *   npx node scripts/bench/delivery-bodies.ts [deliveries 2000] [jobs per body 11]
 *
 * On a throwaway PostgreSQL 15 cluster, the same bodies — the demo postings as JSON, as
 * many per body as the push bench's deliveries held on average — inserted in statements of
 * 16 (a fill's insert writes many) into a table whose `body` column compresses with each
 * method, then read back 16 at a time as the claims read them. Prints each method's times,
 * sizes and the ratio, with the machine's load; run it on an otherwise idle machine.
 */
import os from 'node:os';
import pg from 'pg';
import { generateDemoPostings } from '../../src/demo/generate.ts';
import { startThrowawayPostgres } from '../pg-cluster.ts';

const deliveries = Number(process.argv[2] ?? 2000);
const perBody = Number(process.argv[3] ?? 11);
const BATCH = 16;

const postings = generateDemoPostings({ count: deliveries * perBody, now: '2026-11-22T12:00:00Z' });
const bodies = Array.from({ length: deliveries }, (_, i) =>
  JSON.stringify({
    type: 'jobs.added',
    data: { jobs: postings.slice(i * perBody, (i + 1) * perBody).map((p) => p.payload) },
  }),
);
const load = () => os.loadavg()[0]!.toFixed(2);
console.log(
  `${deliveries} bodies of ${perBody} jobs, ${Math.round(bodies.reduce((n, b) => n + b.length, 0) / deliveries)} bytes each on average; load ${load()}`,
);

const cluster = await startThrowawayPostgres();
const client = new pg.Client({ connectionString: cluster.url });
await client.connect();
try {
  const times: Record<string, { insert: number; read: number }> = {};
  for (const method of ['pglz', 'lz4'] as const) {
    await client.query('drop table if exists bodies');
    await client.query('create table bodies (id serial primary key, body text not null)');
    await client.query(`alter table bodies alter column body set compression ${method}`);
    let started = performance.now();
    for (let i = 0; i < deliveries; i += BATCH)
      await client.query('insert into bodies (body) select jsonb_array_elements_text($1::jsonb)', [
        JSON.stringify(bodies.slice(i, i + BATCH)),
      ]);
    const insert = performance.now() - started;
    started = performance.now();
    for (let i = 0; i < deliveries; i += BATCH)
      await client.query('select body from bodies where id > $1 and id <= $2', [i, i + BATCH]);
    const read = performance.now() - started;
    const { rows } = await client.query<{ stored: number }>(
      'select sum(pg_column_size(body))::bigint as stored from bodies',
    );
    times[method] = { insert, read };
    console.log(
      `${method}: insert ${insert.toFixed(0)} ms, read back ${read.toFixed(0)} ms, stored ${(Number(rows[0]!.stored) / 2 ** 20).toFixed(1)} MB; load ${load()}`,
    );
  }
  console.log(
    `pglz / lz4: insert ${(times.pglz!.insert / times.lz4!.insert).toFixed(2)}×, read back ${(times.pglz!.read / times.lz4!.read).toFixed(2)}×`,
  );
} finally {
  await client.end();
  cluster.stop();
}
