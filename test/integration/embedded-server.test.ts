import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveEmbedded, type EmbeddedServer } from '../../src/db/embedded-server.ts';
import { TEST_DB } from '../helpers/test-services.ts';
import { NODE_FLAGS } from '../../scripts/node-flags.ts';

/**
 * The server's embedded database served to other processes is still one session:
 * a socket client's transaction and this process's own must never run inside each
 * other. Without the gate in embedded-server.ts, the in-process insert below lands
 * inside the client's transaction (and vanishes with its rollback), and the client's
 * inside the in-process one.
 */
/** A client (a `jobs` command) killed right after sending one statement: `begin`, or a parameterized insert. */
const DYING_CLIENT = `
import pg from 'pg';
const client = new pg.Client({ host: process.env.PG_HOST, port: Number(process.env.PG_PORT), user: 'postgres', database: 'postgres' });
client.on('error', () => undefined);
await client.connect();
console.log('connected');
process.stdin.once('data', () => {
  const sent = process.env.STATEMENT === 'begin' ? client.query('begin') : client.query('insert into t values ($1)', ['gone']);
  sent.catch(() => undefined);
  // Writes leave in order: once this empty one is out, so is the statement.
  client.connection.stream.write(Buffer.alloc(0), () => process.kill(process.pid, 'SIGKILL'));
});
`;

describe.skipIf(TEST_DB !== 'pglite')('the embedded database served over its socket', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jobs-embedded-'));
  let db: PGlite;
  let server: EmbeddedServer;
  const clients: pg.Client[] = [];

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ ...server.endpoint, user: 'postgres', database: 'postgres' });
    await client.connect();
    clients.push(client);
    return client;
  }

  const rows = async () => (await db.query<{ v: string }>('select v from t order by v')).rows.map((r) => r.v);

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('create table t (v text primary key)');
    server = await serveEmbedded(db, join(dir, 'db'));
  });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => undefined);
    await server.stop();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps this process's statements out of a client's open transaction", async () => {
    await db.exec('delete from t');
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into t values ('client')`);
    // Runs only once the client's transaction is over, so the rollback cannot take it.
    const own = db.query(`insert into t values ('server')`);
    await new Promise((r) => setTimeout(r, 100));
    await client.query('rollback');
    await own;
    expect(await rows()).toEqual(['server']);
  });

  it("keeps a client's statements out of this process's open transaction", async () => {
    await db.exec('delete from t');
    const client = await connect();
    let clientDone: Promise<unknown> = Promise.resolve();
    await db
      .transaction(async (tx) => {
        await tx.query(`insert into t values ('server')`);
        clientDone = client.query(`insert into t values ('client')`);
        await new Promise((r) => setTimeout(r, 100));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await clientDone;
    expect(await rows()).toEqual(['client']);
  });

  it('rolls back the transaction of a client that went away, and serves the others', async () => {
    await db.exec('delete from t');
    const gone = await connect();
    await gone.query('begin');
    await gone.query(`insert into t values ('gone')`);
    gone.on('error', () => undefined);
    // Killed, not closed: the socket drops mid-transaction.
    (gone as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const other = await connect();
    await other.query(`insert into t values ('other')`);
    expect(await rows()).toEqual(['other']);
    expect(db.isInTransaction()).toBe(false);
  });

  it('never tells a client its COMMIT went through when the server stops and rolls it back', async () => {
    // `jobs serve` stopped (Ctrl-C) just as a CLI command sends its COMMIT. Before, the
    // rollback's own replies went to the client's socket, where they answered the pending
    // COMMIT: the command reported success and its writes were gone.
    await db.exec('delete from t');
    const stopping = await serveEmbedded(db, join(dir, 'stopping'));
    const client = new pg.Client({ ...stopping.endpoint, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('begin');
    await client.query(`insert into t values ('cut')`);
    const commit = client.query('commit').then(
      () => 'committed',
      () => 'failed',
    );
    await stopping.stop();
    expect(await commit).toBe('failed');
    expect(await rows()).toEqual([]);
    expect(db.isInTransaction()).toBe(false);
  });

  it('serves on when a client dies while its statement waits behind this process', async () => {
    // Ctrl-C on a `jobs` command while the server is in a transaction of its own (the demo
    // seed, a search index build): the command's BEGIN, or the Parse of its next statement,
    // is still waiting. The socket server noticed the client leave first, ran the statement
    // after, and left the session held for a client that no longer existed: every later
    // statement, this process's own included, waited forever.
    for (const statement of ['begin', 'insert']) {
      await db.exec('delete from t');
      const before = server.connections();
      const child = spawn(process.execPath, [...NODE_FLAGS, '--input-type=module', '-e', DYING_CLIENT], {
        env: {
          ...process.env,
          PG_HOST: server.endpoint.host,
          PG_PORT: String(server.endpoint.port),
          STATEMENT: statement,
        },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await new Promise((resolve) => child.stdout.once('data', resolve));
      await db.transaction(async (tx) => {
        await tx.query(`insert into t values ('server')`);
        child.stdin.write('go\n');
        await exited;
        // Noticed here while its statement still waits for this transaction.
        await expect.poll(() => server.connections(), { timeout: 60_000 }).toBe(before);
      });
      expect(await rows()).toEqual(['server']);
      expect(db.isInTransaction()).toBe(false);
      const other = await connect();
      await other.query(`insert into t values ('other')`);
      expect(await rows()).toEqual(['other', 'server']);
    }
  });

  it('hands NOTIFYs committed by a client to listeners in this process, once each', async () => {
    const seen: string[] = [];
    const off = server.onNotification((channel, payload) => seen.push(`${channel}:${payload}`));
    await db.exec('listen jobs_new');
    const client = await connect();
    await client.query(`select pg_notify('jobs_new', 'a')`);
    await client.query('begin');
    await client.query(`select pg_notify('jobs_new', 'b')`);
    await client.query(`select pg_notify('other', 'c')`);
    await client.query('commit');
    await client.query('begin');
    await client.query(`select pg_notify('jobs_new', 'rolled back')`);
    await client.query('rollback');
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(2);
    // Channels nobody listens to, and rolled-back notifications, never arrive.
    await client.query('select 1');
    await new Promise((r) => setTimeout(r, 50));
    off();
    expect(seen.sort()).toEqual(['jobs_new:a', 'jobs_new:b']);
  });
});
