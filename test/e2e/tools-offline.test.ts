import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import type { Services } from '../../src/services.ts';
import { browserUnavailable, launchBrowser, openPage } from '../helpers/browser.ts';
import { createTestServices } from '../helpers/test-services.ts';

/**
 * GraphiQL (/graphql) and the REST docs (/docs) work with no network but the service's
 * own: every request the pages make to another host is refused and recorded. Yoga's
 * default GraphiQL loads its scripts from a CDN and showed a blank page offline.
 */
const skipReason = browserUnavailable();

describe.skipIf(skipReason !== null)(
  `the service's own tools, offline${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let services: Services;
    let app: FastifyInstance;
    let browser: Browser;
    let base: string;

    beforeAll(async () => {
      services = await createTestServices();
      app = await createApp(services);
      await app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await services?.close();
    });

    async function offlinePage() {
      const { page, problems } = await openPage(browser);
      const offHost: string[] = [];
      await page.context().route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(base) || url.startsWith('blob:') || url.startsWith('data:'))
          return route.continue();
        offHost.push(url);
        return route.abort('internetdisconnected');
      });
      return { page, problems, offHost };
    }

    it('GraphiQL renders and runs a query from the package alone', async () => {
      const { page, problems, offHost } = await offlinePage();
      await page.goto(`${base}/graphql`, { waitUntil: 'load' });
      await expect
        .poll(() => page.locator('.graphiql-container').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await page.locator('.graphiql-execute-button').click();
      await expect
        .poll(() => page.locator('.graphiql-response').textContent(), { timeout: 30_000 })
        .toContain('"totalCount"');
      expect(offHost).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('the REST docs render from the package alone', async () => {
      const { page, problems, offHost } = await offlinePage();
      await page.goto(`${base}/docs`, { waitUntil: 'load' });
      await expect
        .poll(() => page.locator('.swagger-ui .info .title').textContent(), { timeout: 30_000 })
        .toMatch(/\S/);
      await expect.poll(() => page.locator('.opblock').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(offHost).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });
  },
);
