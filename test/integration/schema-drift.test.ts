import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/services.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

let services: Services;
beforeAll(async () => {
  services = await createTestServices();
});
afterAll(() => services?.close());

describe(`entities and migrations (${TEST_DB})`, () => {
  it('describe the same schema: the ORM finds nothing to change after migrating', async () => {
    // A difference means an entity and the migrations disagree: add a migration, or fix the entity.
    expect((await services.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
  });
});
