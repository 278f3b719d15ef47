import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { generateApiKey } from '../../src/domain/api-key.ts';
import { createServices, type Services } from '../../src/services.ts';
import { createTestDatabaseEnv, TEST_DB } from '../helpers/test-services.ts';

let services: Services | undefined;
afterAll(() => services?.close());

describe(`the key scopes migration (${TEST_DB})`, () => {
  it('turns keys stored before it into read keys that work as before and manage nothing', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      INGEST_POLLER: 'false',
      ...(await createTestDatabaseEnv()),
    });
    services = await createServices(config, { logger: pino({ level: 'silent' }) });
    await services.orm.migrator.up({ to: 'Migration20261122000007' });
    const em = services.orm.em.fork();
    const orgId = '0c0c0000-0000-4000-8000-00000000000c';
    await em.execute(`insert into organization (id, name, slug) values (?, 'Old', 'old')`, [orgId]);
    // A key as the code before the migration stored it (no scope column yet).
    const { key, prefix, secretHash } = generateApiKey();
    await em.execute(
      `insert into api_key (id, organization_id, name, prefix, secret_hash)
       values ('0c0c0000-0000-4000-8000-0000000000c1', ?, 'old key', ?, ?)`,
      [orgId, prefix, secretHash],
    );

    await services.orm.migrator.up();
    const check = await services.organizations.checkApiKey(services.orm.em.fork(), key);
    expect(check).toMatchObject({ status: 'valid', organizationId: orgId, scope: 'read' });
    const [listed] = await services.organizations.listApiKeys(services.orm.em.fork(), orgId);
    expect(listed).toMatchObject({ prefix, scope: 'read', expiresAt: null, replacedById: null });
  });
});
