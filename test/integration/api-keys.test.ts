import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { ORG_A, ORG_B, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * Keys as an organization's administrator uses them (issue 10, item 12): scopes, expiry,
 * rotation with an overlap, revocation, and the GraphQL operations of the settings view,
 * over real HTTP with two organizations that must never reach each other's keys.
 */

let services: Services;
let app: FastifyInstance;
let baseUrl: string;
/** Org A's and org B's administrator keys; a read key of org A. */
let adminA: string;
let adminB: string;
let readA: string;

const prefixOf = (key: string) => key.split('_')[1]!;
// The secret is base64url: it may hold '_' itself, so everything after the prefix.
const secretOf = (key: string) => key.split('_').slice(2).join('_');

interface GraphQLBody {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function gql(key: string | null, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as GraphQLBody;
}
const codeOf = (body: GraphQLBody) => body.errors?.[0]?.extensions?.code;

/** GET /jobs with a key: the status and, on error, the catalogue code. */
async function listing(key: string): Promise<{ status: number; code?: string }> {
  const res = await fetch(`${baseUrl}/jobs?per_page=1`, { headers: { 'x-api-key': key } });
  const body = (await res.json()) as { error?: { code: string } };
  return { status: res.status, code: body.error?.code };
}

const KEY_FIELDS = 'id prefix name scope status createdAt expiresAt lastUsedAt revokedAt replacedByPrefix';
const LIST = `query { apiKeys { ${KEY_FIELDS} } }`;
const CREATE = `mutation ($name: String!, $scope: ApiKeyScope!, $expiresAt: DateTime) {
  createApiKey(name: $name, scope: $scope, expiresAt: $expiresAt) { key apiKey { ${KEY_FIELDS} } } }`;
const ROTATE = `mutation ($prefix: String!, $overlapSeconds: Int, $expiresAt: DateTime) {
  rotateApiKey(prefix: $prefix, overlapSeconds: $overlapSeconds, expiresAt: $expiresAt) {
    key apiKey { ${KEY_FIELDS} } previous { ${KEY_FIELDS} } } }`;
const REVOKE = `mutation ($prefix: String!) { revokeApiKey(prefix: $prefix) { ${KEY_FIELDS} } }`;
const BOARD = 'query { organizationJobs(first: 1) { totalCount } }';

beforeAll(async () => {
  services = await createTestServices();
  await seedDataset(services);
  const em = services.orm.em.fork();
  adminA = (await services.organizations.createApiKey(em, ORG_A.id, 'admin A', { scope: 'admin' })).key;
  adminB = (await services.organizations.createApiKey(em, ORG_B.id, 'admin B', { scope: 'admin' })).key;
  readA = (await services.organizations.createApiKey(em, ORG_A.id, 'read A')).key;
  app = await createApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.close();
  await services?.close();
});

describe(`key scopes (${TEST_DB})`, () => {
  it('gives keys made before scopes existed the read scope: they read the board as before and manage nothing', async () => {
    // ensureApiKey inserts without a scope, as every key before the migration was stored.
    const legacy = 'jl_legacykey2_' + 'L'.repeat(43);
    await services.organizations.ensureApiKey(services.orm.em.fork(), ORG_A.id, 'legacy', legacy);
    expect(await listing(legacy)).toEqual({ status: 200, code: undefined });
    expect((await gql(legacy, BOARD)).data?.organizationJobs.totalCount).toBeGreaterThan(0);
    expect(codeOf(await gql(legacy, LIST))).toBe('forbidden');
    const listed = (await gql(adminA, LIST)).data!.apiKeys as { prefix: string; scope: string }[];
    expect(listed.find((k) => k.prefix === 'legacykey2')?.scope).toBe('READ');
  });

  it('lets an admin key read the board too', async () => {
    expect((await listing(adminA)).status).toBe(200);
    expect((await gql(adminA, BOARD)).data?.organizationJobs.totalCount).toBeGreaterThan(0);
  });

  it('answers a read key with forbidden on every key operation, and changes nothing', async () => {
    // lastUsedAt moves: the read key was used, even if for nothing.
    const withoutUse = (body: GraphQLBody) =>
      (body.data!.apiKeys as Record<string, unknown>[]).map(({ lastUsedAt: _, ...k }) => k);
    const before = withoutUse(await gql(adminA, LIST));
    expect(codeOf(await gql(readA, LIST))).toBe('forbidden');
    expect(codeOf(await gql(readA, CREATE, { name: 'x', scope: 'ADMIN' }))).toBe('forbidden');
    expect(codeOf(await gql(readA, ROTATE, { prefix: prefixOf(readA) }))).toBe('forbidden');
    expect(codeOf(await gql(readA, REVOKE, { prefix: prefixOf(adminA) }))).toBe('forbidden');
    expect(withoutUse(await gql(adminA, LIST))).toEqual(before);
    expect(codeOf(await gql(null, LIST))).toBe('unauthorized');
  });
});

describe(`key management over GraphQL (${TEST_DB})`, () => {
  it("lists only the caller organization's keys, and never a secret", async () => {
    const a = await gql(adminA, LIST);
    const b = await gql(adminB, LIST);
    const prefixesA = (a.data!.apiKeys as { prefix: string }[]).map((k) => k.prefix);
    const prefixesB = (b.data!.apiKeys as { prefix: string }[]).map((k) => k.prefix);
    expect(prefixesA).toEqual(expect.arrayContaining([prefixOf(adminA), prefixOf(readA)]));
    expect(prefixesA).not.toContain(prefixOf(adminB));
    expect(prefixesB).toContain(prefixOf(adminB));
    expect(prefixesB).not.toContain(prefixOf(adminA));
    const text = JSON.stringify([a, b]);
    for (const key of [adminA, adminB, readA]) expect(text).not.toContain(secretOf(key));
    // Asking for a secret field is a validation error, not an answer.
    expect(codeOf(await gql(adminA, 'query { apiKeys { secretHash } }'))).toBe('invalid_query');
  });

  it('creates a key whose secret is shown once and works at once, with its scope and expiry', async () => {
    const expiresAt = new Date(Date.now() + 90 * 86_400_000).toISOString();
    const created = await gql(adminA, CREATE, { name: 'ci', scope: 'READ', expiresAt });
    const { key, apiKey } = created.data!.createApiKey;
    expect(key).toMatch(/^jl_[a-z2-7]{10}_[\w-]{43}$/);
    expect(apiKey).toMatchObject({
      prefix: prefixOf(key),
      name: 'ci',
      scope: 'READ',
      status: 'ACTIVE',
      expiresAt,
    });
    expect((await listing(key)).status).toBe(200);
    const listed = (await gql(adminA, LIST)).data!.apiKeys as Record<string, unknown>[];
    expect(listed.find((k) => k.prefix === apiKey.prefix)).toEqual({
      ...apiKey,
      lastUsedAt: expect.any(String),
    });
    expect(JSON.stringify(listed)).not.toContain(secretOf(key));
    // The key belongs to org A: org B's admin does not see it.
    const inB = (await gql(adminB, LIST)).data!.apiKeys as { prefix: string }[];
    expect(inB.map((k) => k.prefix)).not.toContain(apiKey.prefix);
  });

  it('creates admin keys that manage keys', async () => {
    const created = await gql(adminA, CREATE, { name: 'second admin', scope: 'ADMIN' });
    const { key } = created.data!.createApiKey;
    expect((await gql(key, LIST)).data!.apiKeys.length).toBeGreaterThan(1);
  });

  it('refuses a past expiry, an empty name and an overlap out of range', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(codeOf(await gql(adminA, CREATE, { name: 'x', scope: 'READ', expiresAt: past }))).toBe(
      'invalid_parameter',
    );
    expect(codeOf(await gql(adminA, CREATE, { name: '  ', scope: 'READ' }))).toBe('invalid_parameter');
    expect(codeOf(await gql(adminA, CREATE, { name: 'x'.repeat(101), scope: 'READ' }))).toBe(
      'invalid_parameter',
    );
    const prefix = prefixOf(readA);
    expect(codeOf(await gql(adminA, ROTATE, { prefix, overlapSeconds: -1 }))).toBe('invalid_parameter');
    expect(codeOf(await gql(adminA, ROTATE, { prefix, overlapSeconds: 31 * 86_400 }))).toBe(
      'invalid_parameter',
    );
    expect((await listing(readA)).status).toBe(200);
  });

  it('rotates a key: a new secret, and the old key keeps working until the overlap ends (24 h by default)', async () => {
    const old = (await gql(adminA, CREATE, { name: 'deploy', scope: 'READ' })).data!.createApiKey
      .key as string;
    const before = Date.now();
    const rotated = await gql(adminA, ROTATE, { prefix: prefixOf(old) });
    const after = Date.now();
    const { key, apiKey, previous } = rotated.data!.rotateApiKey;
    expect(key).not.toBe(old);
    expect(apiKey).toMatchObject({ name: 'deploy', scope: 'READ', status: 'ACTIVE', expiresAt: null });
    expect(previous).toMatchObject({
      prefix: prefixOf(old),
      status: 'ACTIVE',
      replacedByPrefix: apiKey.prefix,
    });
    const end = Date.parse(previous.expiresAt);
    expect(end).toBeGreaterThanOrEqual(before + 86_400_000 - 1_000);
    expect(end).toBeLessThanOrEqual(after + 86_400_000 + 1_000);
    // Both work during the overlap.
    expect((await listing(old)).status).toBe(200);
    expect((await listing(key)).status).toBe(200);
    // A key is rotated once: the next rotation is of its replacement.
    expect(codeOf(await gql(adminA, ROTATE, { prefix: prefixOf(old) }))).toBe('not_found');
  });

  it('ends the overlap at once with overlapSeconds 0: the old key gets api_key_expired, on both transports', async () => {
    const old = (await gql(adminA, CREATE, { name: 'leaked', scope: 'READ' })).data!.createApiKey
      .key as string;
    const rotated = await gql(adminA, ROTATE, { prefix: prefixOf(old), overlapSeconds: 0 });
    const { key } = rotated.data!.rotateApiKey;
    expect(await listing(old)).toEqual({ status: 401, code: 'api_key_expired' });
    expect(codeOf(await gql(old, BOARD))).toBe('api_key_expired');
    expect((await gql(old, BOARD)).errors?.[0]?.message).toMatch(/rotated/);
    expect((await listing(key)).status).toBe(200);
    const listed = (await gql(adminA, LIST)).data!.apiKeys as { prefix: string; status: string }[];
    expect(listed.find((k) => k.prefix === prefixOf(old))?.status).toBe('EXPIRED');
  });

  it("keeps an expiring key's lifetime on rotation, unless told otherwise", async () => {
    const expiresAt = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const old = (await gql(adminA, CREATE, { name: 'ten days', scope: 'READ', expiresAt })).data!
      .createApiKey;
    const before = Date.now();
    const rotated = (await gql(adminA, ROTATE, { prefix: old.apiKey.prefix })).data!.rotateApiKey;
    const lifetime = Date.parse(expiresAt) - Date.parse(old.apiKey.createdAt);
    expect(Date.parse(rotated.apiKey.expiresAt)).toBeGreaterThanOrEqual(before + lifetime - 1_000);
    const chosen = new Date(Date.now() + 86_400_000 * 365).toISOString();
    const again = (await gql(adminA, ROTATE, { prefix: rotated.apiKey.prefix, expiresAt: chosen })).data!
      .rotateApiKey;
    expect(again.apiKey.expiresAt).toBe(chosen);
  });

  it('gives two concurrent rotations of one key one replacement', async () => {
    const old = (await gql(adminA, CREATE, { name: 'race', scope: 'READ' })).data!.createApiKey.key as string;
    const results = await Promise.all([1, 2].map(() => gql(adminA, ROTATE, { prefix: prefixOf(old) })));
    expect(results.filter((r) => r.data?.rotateApiKey).length).toBe(1);
    expect(results.map(codeOf).filter(Boolean)).toEqual(['not_found']);
  });

  it('revokes a key at once: api_key_revoked on both transports, and unauthorized for a wrong secret', async () => {
    const key = (await gql(adminA, CREATE, { name: 'gone', scope: 'READ' })).data!.createApiKey.key as string;
    const revoked = await gql(adminA, REVOKE, { prefix: prefixOf(key) });
    expect(revoked.data!.revokeApiKey).toMatchObject({ prefix: prefixOf(key), status: 'REVOKED' });
    expect(await listing(key)).toEqual({ status: 401, code: 'api_key_revoked' });
    expect(codeOf(await gql(key, BOARD))).toBe('api_key_revoked');
    // The prefix alone proves nothing: a wrong secret learns only "unauthorized".
    const forged = `jl_${prefixOf(key)}_${'A'.repeat(43)}`;
    expect(await listing(forged)).toEqual({ status: 401, code: 'unauthorized' });
    expect(codeOf(await gql(adminA, REVOKE, { prefix: prefixOf(key) }))).toBe('not_found');
  });

  it('answers an expired key with api_key_expired', async () => {
    const { key } = await services.organizations.createApiKey(services.orm.em.fork(), ORG_A.id, 'old', {
      expiresAt: new Date(Date.now() - 1_000),
    });
    expect(await listing(key)).toEqual({ status: 401, code: 'api_key_expired' });
    expect((await gql(key, BOARD)).errors?.[0]?.message).toMatch(/expired at/);
  });

  it("never reaches another organization's keys: rotate and revoke answer not_found, and the key keeps working", async () => {
    const prefix = prefixOf(readA);
    expect(codeOf(await gql(adminB, ROTATE, { prefix }))).toBe('not_found');
    expect(codeOf(await gql(adminB, REVOKE, { prefix }))).toBe('not_found');
    const id = ((await gql(adminA, LIST)).data!.apiKeys as { id: string; prefix: string }[]).find(
      (k) => k.prefix === prefix,
    )!.id;
    expect(codeOf(await gql(adminB, REVOKE, { prefix: id }))).toBe('not_found');
    expect(codeOf(await gql(adminB, REVOKE, { prefix: 'nosuchkey0' }))).toBe('not_found');
    expect(await listing(readA)).toEqual({ status: 200, code: undefined });
    const listed = (await gql(adminA, LIST)).data!.apiKeys as { prefix: string; status: string }[];
    expect(listed.find((k) => k.prefix === prefix)?.status).toBe('ACTIVE');
  });

  it('lets an admin revoke its own key', async () => {
    const own = (await gql(adminB, CREATE, { name: 'self', scope: 'ADMIN' })).data!.createApiKey
      .key as string;
    expect((await gql(own, REVOKE, { prefix: prefixOf(own) })).data!.revokeApiKey.status).toBe('REVOKED');
    expect(codeOf(await gql(own, LIST))).toBe('api_key_revoked');
  });
});
