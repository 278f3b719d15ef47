import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors.ts';
import { JOB_TYPES, REMOTE_TYPES, SENIORITIES } from '../../src/domain/enums.ts';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * The OpenAPI document as third-party tools read it: Redocly's recommended rules pass
 * with no error and no warning, operations have ids and security, the error body and
 * the job are named components with their enums, and every status a route can answer
 * is described. The document does not depend on the database: PGlite only.
 */
const run = promisify(execFile);

describe.skipIf(TEST_DB !== 'pglite')('the OpenAPI document', () => {
  let services: Services;
  let app: FastifyInstance;
  let doc: any;
  const dir = mkdtempSync(join(tmpdir(), 'jobs-openapi-'));

  beforeAll(async () => {
    services = await createTestServices();
    app = await createApp(services);
    doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
  });
  afterAll(async () => {
    await app.close();
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes redocly lint (recommended rules) with no error and no warning', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const { stdout } = await run(
      process.execPath,
      ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--format=json'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeout: 120_000,
      },
    ).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names its operations and components, with enums and the statuses each route can answer', () => {
    const ops = {
      searchJobs: doc.paths['/search/jobs'].post,
      listOrganizationJobs: doc.paths['/jobs'].get,
      listCategories: doc.paths['/categories'].get,
    };
    for (const [id, op] of Object.entries(ops)) {
      expect(op.operationId).toBe(id);
      expect(op.security).toBeDefined();
      for (const status of ['404', '429', '500', '503']) expect(Object.keys(op.responses)).toContain(status);
      expect(Object.keys(op.responses['200'].headers)).toContain('x-ratelimit-remaining');
      expect(Object.keys(op.responses['429'].headers)).toContain('retry-after');
    }
    expect(ops.listOrganizationJobs.security).toEqual([{ apiKey: [] }]);
    expect(ops.searchJobs.security).toEqual([]);
    expect(Object.keys(ops.listOrganizationJobs.responses)).toContain('401');
    const { Error: error, Job: job } = doc.components.schemas;
    expect(error.properties.error.properties.code.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(job.properties.remote_type.enum).toEqual([...REMOTE_TYPES]);
    expect(job.properties.job_type.enum).toEqual([...JOB_TYPES, null]);
    expect(job.properties.seniority.enum).toEqual([...SENIORITIES, null]);
    expect(job.required).toContain('salary');
    expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
  });
});
