import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { browserUnavailable, isAbortedByReload, launchBrowser, openPage } from '../helpers/browser.ts';
import { ORG_A, ORG_B, seedDataset } from '../helpers/dataset.ts';
import { createTestServices, TEST_DB } from '../helpers/test-services.ts';

/**
 * The page's API keys view, driven in Chromium against the real app: an administrator
 * pastes an admin key, creates, rotates and revokes keys, and sees each new secret once.
 */

const skipReason = browserUnavailable();

let services: Services;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let problems: string[];
let baseUrl: string;
let adminA: string;
let readA: string;
let adminB: string;

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });
const prefixOf = (key: string) => key.split('_')[1]!;
const rowPrefixes = () =>
  page
    .locator('#keys-table tbody tr')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.prefix));
const row = (prefix: string) => page.locator(`#keys-table tbody tr[data-prefix="${prefix}"]`);
const secret = () => page.locator('#keys-secret code').textContent();

/** Works as X-API-Key on GET /jobs: the status. */
const listing = async (key: string) =>
  (await fetch(`${baseUrl}/jobs?per_page=1`, { headers: { 'x-api-key': key } })).status;

async function openKeys(key: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'API keys' }).click();
  await page.getByLabel("Your organization's admin API key").fill(key);
  await page.getByRole('button', { name: 'Show keys' }).click();
}

describe.skipIf(skipReason !== null)(
  `API keys view in Chromium (${TEST_DB})${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      services = await createTestServices();
      await seedDataset(services);
      const em = services.orm.em.fork();
      adminA = (await services.organizations.createApiKey(em, ORG_A.id, 'admin A', { scope: 'admin' })).key;
      readA = (await services.organizations.createApiKey(em, ORG_A.id, 'read A')).key;
      adminB = (await services.organizations.createApiKey(em, ORG_B.id, 'admin B', { scope: 'admin' })).key;
      app = await createApp(services);
      await app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      browser = await launchBrowser();
      ({ page, problems } = await openPage(browser));
      // Revoking asks first; a person says yes.
      page.on('dialog', (dialog) => void dialog.accept());
    });

    afterAll(async () => {
      if (page) await page.screenshot({ path: '/tmp/e2e-keys.png', fullPage: true }).catch(() => undefined);
      await browser?.close();
      await app?.close();
      await services?.close();
    });

    afterEach(() => {
      // Reloading between tests aborts the live view's event stream and any query still
      // in flight; nothing else may fail.
      const seen = problems.splice(0).filter((p) => !isAbortedByReload(p));
      expect(seen, 'problems reported by the page').toEqual([]);
    });

    it("lists the organization's keys for an admin key, and only those", async () => {
      await openKeys(adminA);
      await eventually(rowPrefixes).toEqual(expect.arrayContaining([prefixOf(adminA), prefixOf(readA)]));
      expect(await rowPrefixes()).not.toContain(prefixOf(adminB));
      await expect(row(prefixOf(adminA)).locator('td').nth(2).textContent()).resolves.toBe('admin');
      await expect(row(prefixOf(readA)).locator('td').nth(3).textContent()).resolves.toBe('active');
      await expect(page.locator('#keys-secret').isHidden()).resolves.toBe(true);
    });

    it('says why a read key cannot manage keys', async () => {
      await openKeys(readA);
      await eventually(() => page.locator('#keys-status').textContent()).toMatch(/read scope/);
      await expect(page.locator('#keys-table').isHidden()).resolves.toBe(true);
    });

    it('creates a key and shows its secret once; the key works', async () => {
      await openKeys(adminA);
      await eventually(rowPrefixes).toContain(prefixOf(adminA));
      await page.getByLabel('Name').fill('from the page');
      await page.getByLabel('Expires').selectOption('90');
      await page.getByRole('button', { name: 'Create key' }).click();
      await eventually(secret).toMatch(/^jl_[a-z2-7]{10}_/);
      const key = (await secret())!;
      await eventually(rowPrefixes).toContain(prefixOf(key));
      await expect(row(prefixOf(key)).locator('td').nth(1).textContent()).resolves.toBe('from the page');
      await expect(row(prefixOf(key)).locator('td').nth(5).textContent()).resolves.not.toBe('never');
      expect(await listing(key)).toBe(200);
      // Shown once: listing again does not bring it back.
      await page.getByRole('button', { name: 'Show keys' }).click();
      await eventually(() => page.locator('#keys-secret').isHidden()).toBe(true);
      expect(await page.content()).not.toContain(key);
    });

    it('rotates a key with the chosen overlap, then revokes the replacement', async () => {
      const { key: old } = await services.organizations.createApiKey(
        services.orm.em.fork(),
        ORG_A.id,
        'deploy',
      );
      await openKeys(adminA);
      await eventually(rowPrefixes).toContain(prefixOf(old));
      await page.getByLabel('Old key works after a rotation').selectOption('0');
      await row(prefixOf(old)).getByRole('button', { name: 'Rotate' }).click();
      await eventually(secret).toMatch(/^jl_/);
      const replacement = (await secret())!;
      await eventually(rowPrefixes).toContain(prefixOf(replacement));
      await eventually(() => row(prefixOf(old)).locator('td').nth(3).textContent()).toBe('expired');
      expect(await listing(old)).toBe(401);
      expect(await listing(replacement)).toBe(200);

      await row(prefixOf(replacement)).getByRole('button', { name: 'Revoke' }).click();
      await eventually(() => row(prefixOf(replacement)).locator('td').nth(3).textContent()).toBe('revoked');
      await expect(row(prefixOf(replacement)).getByRole('button').count()).resolves.toBe(0);
      expect(await listing(replacement)).toBe(401);
    });
  },
);
