import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createKey, ORG_A, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * The list forms the README gives for GET /jobs — comma-separated (`job_types=a,b`) and
 * repeated brackets (`job_types[]=a&job_types[]=b`) — pass Prism's validation proxy
 * (issue 10, item 8): real requests go through `prism proxy --errors` to the running
 * app, which answers 422 for a request the served document does not allow, and an error
 * for a response it does not describe. Before, it refused `job_types=full-time,contract`.
 */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts Prism's validation proxy in front of `upstream`; resolves once it listens. */
async function startPrism(document: string, upstream: string, port: number): Promise<ChildProcess> {
  const prism = spawn(
    process.execPath,
    [
      'node_modules/@stoplight/prism-cli/dist/index.js',
      'proxy',
      document,
      upstream,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) resolve();
    };
    prism.stdout!.on('data', onData);
    prism.stderr!.on('data', onData);
    prism.once('exit', (code) => reject(new Error(`prism exited (${code}):\n${output}`)));
  });
  return prism;
}

describe(`GET /jobs list forms through Prism's validation proxy (${TEST_DB})`, () => {
  let services: Services;
  let app: FastifyInstance;
  let prism: ChildProcess | undefined;
  let prismUrl: string;
  let key: string;
  let parameters: { name: string; style?: string; explode?: boolean }[];
  const dir = mkdtempSync(join(tmpdir(), 'jobs-prism-'));

  beforeAll(async () => {
    services = await createTestServices();
    await seedDataset(services);
    key = await createKey(services, ORG_A.id);
    app = await createApp(services);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    parameters = document.paths['/jobs'].get.parameters;
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const port = await freePort();
    prism = await startPrism(file, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, port);
    prismUrl = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    prism?.kill();
    await app?.close();
    await services?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const viaPrism = async (url: string) => {
    const res = await fetch(`${prismUrl}${url}`, { headers: { 'x-api-key': key } });
    return {
      status: res.status,
      body: (await res.json()) as { jobs?: { id: string }[]; validation?: unknown },
    };
  };
  const idsOf = (body: { jobs?: { id: string }[] }) => (body.jobs ?? []).map((j) => j.id).sort();

  const FORMS = [
    {
      comma: '/jobs?job_types=contract,internship&per_page=50',
      brackets: '/jobs?job_types[]=contract&job_types[]=internship&per_page=50',
    },
    {
      comma: '/jobs?countries=GB,US&is_remote=false',
      brackets: '/jobs?countries[]=GB&countries[]=US&is_remote=false',
    },
    {
      comma: '/jobs?categories=data-science,marketing&locations=London,Zürich',
      brackets:
        '/jobs?categories[]=data-science&categories[]=marketing&locations[]=London&locations[]=Zürich',
    },
    { comma: '/jobs?job_types=full-time', brackets: '/jobs?job_types[]=full-time' },
  ];

  it.each(FORMS)('passes $comma and its bracket form, which answer the same jobs', async (form) => {
    const comma = await viaPrism(form.comma);
    const brackets = await viaPrism(form.brackets);
    expect(comma, form.comma).toMatchObject({ status: 200 });
    expect(brackets, form.brackets).toMatchObject({ status: 200 });
    expect(idsOf(brackets.body)).toEqual(idsOf(comma.body));
    // The same as the app answers directly.
    const direct = await app.inject({ method: 'GET', url: form.comma, headers: { 'x-api-key': key } });
    expect(idsOf(comma.body)).toEqual(idsOf(direct.json()));
  });

  it('the example forms find jobs (the comparison is not between two empty lists)', async () => {
    expect(idsOf((await viaPrism(FORMS[0]!.comma)).body)).not.toEqual([]);
    expect(idsOf((await viaPrism(FORMS[1]!.comma)).body)).not.toEqual([]);
  });

  it('refuses a bad value in the comma form itself (422): the document is not lax', async () => {
    for (const url of ['/jobs?job_types=contract,bogus', '/jobs?countries=GB,USA', '/jobs?per_page=500']) {
      const res = await viaPrism(url);
      expect(res.status, url).toBe(422);
      expect(res.body.validation).toBeDefined();
    }
    // A bad bracket value is refused too: by Prism (422) or, forwarded, by the server (400).
    for (const url of ['/jobs?job_types[]=bogus', '/jobs?countries[]=USA']) {
      expect([400, 422], url).toContain((await viaPrism(url)).status);
    }
  });

  it('describes each query list twice: comma-separated and as repeated name[]', () => {
    const byName = new Map(parameters.map((p) => [p.name, p]));
    expect(byName.get('categories')).toMatchObject({ style: 'form', explode: false });
    expect(byName.get('categories[]')).toMatchObject({ style: 'form', explode: true });
    expect(byName.get('job_types[]')).toBeDefined();
    expect(byName.get('page')).toBeDefined();
    expect(byName.has('page[]')).toBe(false);
  });
});
