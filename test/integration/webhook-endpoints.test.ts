import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { checkWebhookTarget } from '../../src/webhooks/webhook-target.ts';
import { ORG_A, ORG_B } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';
import { codeOf, graphqlVia } from '../helpers/graphql-inject.ts';

/**
 * Webhook endpoints (issue 12, item 4): an organization's ADMIN key registers, lists,
 * rotates and deletes endpoints of its saved searches; bad or inward-pointing URLs are a
 * clear invalid_parameter; one organization never reaches another's endpoints or logs.
 * Configured as the tests are everywhere: loopback allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS=loopback).
 */
let services: Services;
let app: FastifyInstance;
let adminA: string;
let adminB: string;
let readA: string;
let searchA: string;
let searchB: string;

const gql = graphqlVia(() => app);

const FIELDS =
  'id savedSearchId url createdAt previousSecretExpiresAt failingSince disabledAt disabledReason';
const CREATE = `mutation ($s: ID!, $url: String!) { createWebhookEndpoint(savedSearchId: $s, url: $url) { secret endpoint { ${FIELDS} } } }`;
const LIST = `query ($s: ID) { webhookEndpoints(savedSearchId: $s) { ${FIELDS} } }`;
const ROTATE = `mutation ($id: ID!) { rotateWebhookEndpointSecret(id: $id) { secret endpoint { ${FIELDS} } } }`;
const DELETE = `mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) { id } }`;
const ENABLE = `mutation ($id: ID!) { enableWebhookEndpoint(id: $id) { id disabledAt } }`;
const LOG = `query ($id: ID!) { webhookDeliveries(endpointId: $id) { id status } }`;

beforeAll(async () => {
  services = await createTestServices(
    {},
    { SEARCH_INDEX: 'false', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'loopback' },
  );
  const em = services.orm.em.fork();
  for (const org of [ORG_A, ORG_B]) await services.organizations.ensureOrganization(em, org);
  adminA = (await services.organizations.createApiKey(em, ORG_A.id, 'admin A', { scope: 'admin' })).key;
  adminB = (await services.organizations.createApiKey(em, ORG_B.id, 'admin B', { scope: 'admin' })).key;
  readA = (await services.organizations.createApiKey(em, ORG_A.id, 'read A')).key;
  searchA = (await services.savedSearches.create(em, ORG_A.id, 'A rust', { query: 'rust' }))!.id;
  searchB = (await services.savedSearches.create(em, ORG_B.id, 'B all', {}))!.id;
  app = await createApp(services);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await services?.close();
});

describe(`webhook endpoints (${TEST_DB})`, () => {
  it('registers an endpoint with a secret shown once, lists, rotates with overlap and deletes it', async () => {
    const created = await gql(adminA, CREATE, { s: searchA, url: 'http://127.0.0.1:9/hook' });
    expect(created.errors).toBeUndefined();
    const { secret, endpoint } = created.data!.createWebhookEndpoint;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      savedSearchId: searchA,
      url: 'http://127.0.0.1:9/hook',
      disabledAt: null,
    });

    const listed = await gql(adminA, LIST, {});
    expect(listed.data!.webhookEndpoints.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    expect((await gql(adminA, LIST, { s: searchA })).data!.webhookEndpoints).toHaveLength(1);

    const rotated = await gql(adminA, ROTATE, { id: endpoint.id });
    expect(rotated.errors).toBeUndefined();
    expect(rotated.data!.rotateWebhookEndpointSecret.secret).toMatch(/^whsec_/);
    expect(rotated.data!.rotateWebhookEndpointSecret.secret).not.toBe(secret);
    // The default overlap: the previous secret signs for 24 h more.
    const until = Date.parse(rotated.data!.rotateWebhookEndpointSecret.endpoint.previousSecretExpiresAt);
    expect(until - Date.now()).toBeGreaterThan(23 * 3_600_000);

    expect(codeOf(await gql(adminA, ENABLE, { id: endpoint.id }))).toBeUndefined();
    expect((await gql(adminA, LOG, { id: endpoint.id })).data!.webhookDeliveries).toEqual([]);
    expect((await gql(adminA, DELETE, { id: endpoint.id })).data!.deleteWebhookEndpoint.id).toBe(endpoint.id);
    expect(codeOf(await gql(adminA, DELETE, { id: endpoint.id }))).toBe('not_found');
    expect((await gql(adminA, LIST, {})).data!.webhookEndpoints).toEqual([]);
  });

  it('refuses non-HTTPS, unparseable and inward-pointing URLs with invalid_parameter on url', async () => {
    for (const url of [
      'not a url',
      'ftp://hooks.example.com/',
      'http://hooks.example.com/', // plain http to a public name
      'https://10.1.2.3/',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://user:pw@127.0.0.1/',
      'https://no-such-host.invalid/',
    ]) {
      const body = await gql(adminA, CREATE, { s: searchA, url });
      expect(codeOf(body), url).toBe('invalid_parameter');
      expect(body.errors![0]!.extensions!.details![0]!.field, url).toBe('url');
    }
    expect(codeOf(await gql(adminA, CREATE, { s: 'nope', url: 'http://127.0.0.1:9/' }))).toBe(
      'invalid_parameter',
    );
  });

  it('refuses a host name that resolves to loopback when configuration allows no private target', async () => {
    await expect(checkWebhookTarget('https://localhost/hook', 'none')).rejects.toMatchObject({
      code: 'invalid_parameter',
      message: expect.stringMatching(/resolves to a loopback address/),
    });
    await expect(checkWebhookTarget('https://127.0.0.1/hook', 'none')).rejects.toMatchObject({
      code: 'invalid_parameter',
    });
    await expect(checkWebhookTarget('http://localhost:1/hook', 'loopback')).resolves.toBeInstanceOf(URL);
  });

  it('keeps organizations apart and needs an ADMIN key', async () => {
    const mine = await gql(adminB, CREATE, { s: searchB, url: 'http://127.0.0.1:9/b' });
    const id = mine.data!.createWebhookEndpoint.endpoint.id as string;
    // A cannot register on B's saved search, see, rotate, enable, read the log of, or delete B's endpoint.
    expect(codeOf(await gql(adminA, CREATE, { s: searchB, url: 'http://127.0.0.1:9/a' }))).toBe('not_found');
    expect(
      (await gql(adminA, LIST, {})).data!.webhookEndpoints.map((e: { id: string }) => e.id),
    ).not.toContain(id);
    expect((await gql(adminA, LIST, { s: searchB })).data!.webhookEndpoints).toEqual([]);
    for (const op of [ROTATE, ENABLE, DELETE])
      expect(codeOf(await gql(adminA, op, { id }))).toBe('not_found');
    expect(codeOf(await gql(adminA, LOG, { id }))).toBe('not_found');
    expect((await gql(adminB, LIST, {})).data!.webhookEndpoints.map((e: { id: string }) => e.id)).toContain(
      id,
    );
    // A read key and no key.
    expect(codeOf(await gql(readA, LIST, {}))).toBe('forbidden');
    expect(codeOf(await gql(readA, CREATE, { s: searchA, url: 'http://127.0.0.1:9/' }))).toBe('forbidden');
    expect(codeOf(await gql(null, LIST, {}))).toBe('unauthorized');
    // Deleting B's saved search takes its endpoints along.
    await services.savedSearches.delete(services.orm.em.fork(), ORG_B.id, searchB);
    expect((await gql(adminB, LIST, {})).data!.webhookEndpoints).toEqual([]);
  });
});
