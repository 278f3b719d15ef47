import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/create-app.ts';
import { runIngest } from '../../src/ingest/pipeline.ts';
import type { Services } from '../../src/services.ts';
import { pageNumbers } from '../../src/web/pager-view.ts';
import { browserUnavailable, isAbortedLiveStream, launchBrowser, openPage } from '../helpers/browser.ts';
import { JOB_COUNT_OPEN, seedDataset } from '../helpers/dataset.ts';
import { makeJob, storeJobs } from '../helpers/factories.ts';
import { createTestServices } from '../helpers/test-services.ts';

/**
 * The search page at `/`, driven in real Chromium against the real app on a real
 * (PGlite or PostgreSQL) database: what a person sees, not what the API returns.
 */

const skipReason = browserUnavailable();

/**
 * New jobs arrive over the jobsAdded subscription (SSE) right after the ingest commits:
 * within a second on a quiet machine; the wait is sized for a loaded 2-core one.
 */
const LIVE_WAIT_MS = 20_000;

/**
 * Paging needs more than one page of the smallest size (10); these share the word
 * "zeppelin" so a search isolates them, and are posted before the known dataset
 * (Oct 2026) so the newest-first views still open with it.
 */
const ZEPPELIN_COUNT = 23;
const zeppelinTitle = (n: number) => `Zeppelin Mechanic ${String(n).padStart(2, '0')}`;
const ZEPPELINS = Array.from({ length: ZEPPELIN_COUNT }, (_, i) =>
  makeJob({ title: zeppelinTitle(i + 1), postedAt: new Date(Date.UTC(2026, 9, 1 + i)) }),
);
/** The one job with coordinates (Potsdam, 27 km from Berlin), older than all the others. */
const NAVIGATOR = makeJob({
  title: 'Airship Navigator',
  city: 'Potsdam',
  places: [{ city: 'Potsdam', region: null, countryCode: 'DE', latitude: 52.39886, longitude: 13.06566 }],
  postedAt: new Date(Date.UTC(2026, 8, 1)),
});
const TOTAL_OPEN = JOB_COUNT_OPEN + ZEPPELIN_COUNT + 1;

let services: Services;
let app: FastifyInstance;
let browser: Browser;
let page: Page;
let problems: string[];
let baseUrl: string;

/**
 * Problems the page may report without failing a test: reloading the page between
 * tests aborts the live view's open event stream, which Chromium reports as a failed request.
 */
const isKnownProblem = isAbortedLiveStream;

/** Polls like a person waiting for the page: up to 10 s (the first request bundles /app.js). */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

const titles = () => page.locator('#results article.job h3').allTextContents();
const summary = () => page.locator('#summary').textContent();
const liveItems = () => page.locator('#live li').allTextContents();
const pagerNav = () => page.locator('#pager');
const range = () => page.locator('#pager #range').textContent();
/** What the pager offers after the range text: links and gaps, in order. */
const pagerLinks = () => page.locator('#pager a, #pager .gap').allTextContents();

/** Opens `/` afresh and waits until the first search and the live list have rendered. */
async function openSearchPage(): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await eventually(summary).toMatch(/^\d[\d,]* jobs?$/);
  await eventually(async () => (await liveItems()).length).toBeGreaterThan(0);
}

async function submit(): Promise<void> {
  await page.getByRole('button', { name: 'Search' }).click();
}

describe.skipIf(skipReason !== null)(
  `search page in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    beforeAll(async () => {
      // Trusted documents only, as in production: the page must send nothing but its persisted hashes.
      services = await createTestServices({}, { GRAPHQL_TRUSTED_DOCUMENTS_ONLY: 'true' });
      await seedDataset(services);
      await storeJobs(services, [...ZEPPELINS, NAVIGATOR], { seenAt: new Date('2026-11-01T00:00:00Z') });
      app = await createApp(services);
      await app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      browser = await launchBrowser();
      ({ page, problems } = await openPage(browser));
    });

    afterAll(async () => {
      if (page) await page.screenshot({ path: '/tmp/e2e-search.png', fullPage: true }).catch(() => undefined);
      await browser?.close();
      await app?.close();
      await services?.close();
    });

    // Every test must leave the page without console errors, uncaught exceptions or failed requests.
    afterEach(() => {
      const seen = problems.splice(0).filter((problem) => !isKnownProblem(problem));
      expect(seen, 'problems reported by the page').toEqual([]);
    });

    it('opens with the newest jobs and their count', async () => {
      await openSearchPage();
      await expect(page.title()).resolves.toBe('Job Listings — search');
      expect(await summary()).toBe(`${TOTAL_OPEN} jobs`);
      // Default page size is 20, newest first: the known dataset's newest open job leads.
      const shown = await titles();
      expect(shown).toHaveLength(20);
      expect(shown.slice(0, 3)).toEqual([
        'Marketing Intern',
        'Platform Operator',
        'Senior Software Engineer',
      ]);
      expect(shown).not.toContain('Closed Rustacean Role');
      await eventually(range).toBe(`Showing 1–20 of ${TOTAL_OPEN}`);
      await expect(pagerNav().getByRole('link', { name: 'Next' }).isVisible()).resolves.toBe(true);
      const firstCard = page.locator('#results article.job').first();
      await expect(firstCard.locator('.meta').first().textContent()).resolves.toContain(
        'London, England, United Kingdom',
      );
    });

    it('searching "rustacean" shows its three jobs, title match first', async () => {
      await openSearchPage();
      await page.getByLabel('Search', { exact: true }).fill('rustacean');
      await submit();
      await eventually(summary).toBe('3 jobs');
      // Title over company over description; the closed role stays hidden.
      expect(await titles()).toEqual(['Rustacean Developer', 'Office Manager', 'Platform Operator']);
      // One page: no link to another.
      await eventually(range).toBe('Showing 1–3 of 3');
      expect(await pagerLinks()).toEqual(['1']);
      // Pressing Enter in the box submits too.
      await page.getByLabel('Search', { exact: true }).fill('globex');
      await page.getByLabel('Search', { exact: true }).press('Enter');
      await eventually(summary).toMatch(/^1 jobs?$/);
      expect(await titles()).toEqual(['Senior Software Engineer']);
      await expect(page.locator('#results article.job .meta').first().textContent()).resolves.toContain(
        'Globex',
      );
    });

    it('ticking "remote" narrows the results', async () => {
      await openSearchPage();
      await page.getByLabel('remote', { exact: true }).check();
      await submit();
      await eventually(summary).toMatch(/^1 jobs?$/);
      expect(await titles()).toEqual(['Senior Software Engineer']);
      await expect(page.locator('#results .tag').first().textContent()).resolves.toBe('remote');
      // Adding "hybrid" widens it again (any of the ticked kinds).
      await page.getByLabel('hybrid', { exact: true }).check();
      await submit();
      await eventually(summary).toBe('2 jobs');
      expect(await titles()).toEqual(['Senior Software Engineer', 'Office Manager']);
      // Combined with a query: no remote rustacean job exists.
      await page.getByLabel('hybrid', { exact: true }).uncheck();
      await page.getByLabel('Search', { exact: true }).fill('rustacean');
      await submit();
      await eventually(summary).toBe('0 jobs');
      expect(await titles()).toEqual([]);
    });

    it('"Per page" limits the list; numbered pages say which jobs they show and jump there', async () => {
      await openSearchPage();
      await page.getByLabel('Search', { exact: true }).fill('zeppelin');
      await page.getByLabel('Per page').selectOption('10');
      await submit();
      await eventually(summary).toBe(`${ZEPPELIN_COUNT} jobs`);
      // Newest first: 23, 22, ... (all titles match equally, so relevance ties go to the newest).
      const expected = Array.from({ length: ZEPPELIN_COUNT }, (_, i) => zeppelinTitle(ZEPPELIN_COUNT - i));
      expect(await titles()).toEqual(expected.slice(0, 10));
      await eventually(range).toBe(`Showing 1–10 of ${ZEPPELIN_COUNT}`);
      expect(await pagerLinks()).toEqual(['1', '2', '3', 'Next']);
      await expect(pagerNav().locator('[aria-current="page"]').textContent()).resolves.toBe('1');

      await pagerNav().getByRole('link', { name: '3', exact: true }).click();
      await eventually(range).toBe(`Showing 21–23 of ${ZEPPELIN_COUNT}`);
      expect(await titles()).toEqual(expected.slice(20));
      expect(new URL(page.url()).searchParams.get('page')).toBe('3');
      expect(await pagerLinks()).toEqual(['Previous', '1', '2', '3']);

      await pagerNav().getByRole('link', { name: 'Previous' }).click();
      await eventually(range).toBe(`Showing 11–20 of ${ZEPPELIN_COUNT}`);
      expect(await titles()).toEqual(expected.slice(10, 20));
      expect(await summary()).toBe(`${ZEPPELIN_COUNT} jobs`);

      // Back steps through the pages visited; reload keeps the page.
      await page.goBack();
      await eventually(range).toBe(`Showing 21–23 of ${ZEPPELIN_COUNT}`);
      await page.goBack();
      await eventually(range).toBe(`Showing 1–10 of ${ZEPPELIN_COUNT}`);
      await page.goForward();
      await eventually(range).toBe(`Showing 21–23 of ${ZEPPELIN_COUNT}`);
      await page.reload();
      await eventually(range).toBe(`Showing 21–23 of ${ZEPPELIN_COUNT}`);
      expect(await titles()).toEqual(expected.slice(20));
      // Each page link is a real URL: opened directly, it shows that page.
      const href = await pagerNav().getByRole('link', { name: '2', exact: true }).getAttribute('href');
      await page.goto(`${baseUrl}${href}`);
      await eventually(range).toBe(`Showing 11–20 of ${ZEPPELIN_COUNT}`);

      // A new search starts over at page one.
      await page.getByLabel('Per page').selectOption('20');
      await submit();
      await eventually(range).toBe(`Showing 1–20 of ${ZEPPELIN_COUNT}`);
      expect(await titles()).toEqual(expected.slice(0, 20));
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();

      // The full list: a window around the current page, the first and the last.
      await page.getByLabel('Search', { exact: true }).fill('');
      await page.getByLabel('Per page').selectOption('10');
      await submit();
      await eventually(summary).toBe(`${TOTAL_OPEN} jobs`);
      const last = Math.ceil(TOTAL_OPEN / 10);
      await pagerNav()
        .getByRole('link', { name: String(last), exact: true })
        .click();
      await eventually(range).toBe(`Showing ${(last - 1) * 10 + 1}–${TOTAL_OPEN} of ${TOTAL_OPEN}`);
      // Which numbers: unit-tested in test/unit/web/pager-view.test.ts.
      expect(await pagerLinks()).toEqual([
        'Previous',
        ...pageNumbers(last, last).map((n) => (n === null ? '…' : String(n))),
      ]);
    });

    it('keeps the search in the URL: shareable, kept on reload, Back returns to the previous one', async () => {
      await openSearchPage();
      await page.getByLabel('Search', { exact: true }).fill('rustacean');
      await submit();
      await eventually(summary).toBe('3 jobs');
      expect(new URL(page.url()).searchParams.get('q')).toBe('rustacean');

      await page.getByLabel('Search', { exact: true }).fill('zeppelin');
      await page.getByLabel('Per page').selectOption('10');
      await submit();
      await eventually(summary).toBe(`${ZEPPELIN_COUNT} jobs`);
      const shared = page.url();
      expect(new URL(shared).searchParams.get('limit')).toBe('10');

      await page.reload();
      await eventually(summary).toBe(`${ZEPPELIN_COUNT} jobs`);
      expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('zeppelin');
      expect(await titles()).toHaveLength(10);

      await page.goBack();
      await eventually(summary).toBe('3 jobs');
      expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('rustacean');

      // A link someone sent: opened fresh, it shows that search.
      await page.goto(shared);
      await eventually(summary).toBe(`${ZEPPELIN_COUNT} jobs`);
      expect(await titles()).toHaveLength(10);
    });

    it('finds the jobs near a place within the radius given in km', async () => {
      await openSearchPage();
      await page.getByLabel('Near', { exact: true }).fill('Berlin');
      await page.getByLabel('Radius (km)', { exact: true }).fill('30');
      await submit();
      await eventually(summary).toMatch(/^1 jobs?$/);
      expect(await titles()).toEqual(['Airship Navigator']);
      expect(new URL(page.url()).searchParams.get('near')).toBe('Berlin');
      await page.getByLabel('Radius (km)', { exact: true }).fill('10');
      await submit();
      await eventually(summary).toBe('0 jobs');
    });

    it('sets the minimum salary with a range from any to $300k+', async () => {
      await openSearchPage();
      const slider = page.locator('#min_salary');
      await slider.fill('120000');
      await eventually(() => page.locator('#min_salary_text').textContent()).toBe('≥ $120k');
      await submit();
      const expected = (
        await app.inject({ method: 'POST', url: '/search/jobs', payload: { min_salary: 120000 } })
      ).json().pagination.total as number;
      await eventually(summary).toBe(
        `${expected.toLocaleString('en-US')} ${expected === 1 ? 'job' : 'jobs'}`,
      );
      expect(new URL(page.url()).searchParams.get('min_salary')).toBe('120000');
      await slider.fill('300000');
      await eventually(() => page.locator('#min_salary_text').textContent()).toBe('$300k+');
    });

    it('shows facet counts beside the filters, equal to the API, and updates them with the search', async () => {
      /** The REST API's counts for the same search. */
      const apiFacets = async (body: Record<string, unknown>) =>
        (
          await app.inject({
            method: 'POST',
            url: '/search/jobs',
            payload: { ...body, facets: ['remote_type', 'job_type', 'city'] },
          })
        ).json().facets as Record<string, { value: string; count: number }[]>;
      const apiCount = (list: { value: string; count: number }[], value: string) =>
        `(${(list.find((c) => c.value === value)?.count ?? 0).toLocaleString('en-US')})`;
      const shownBeside = (value: string) =>
        page.locator(`#search .count[data-value="${value}"]`).textContent();
      const shownCity = (key: string) =>
        page.locator(`#facets [data-facet="city"] li[data-value="${key}"] .count`).textContent();

      await openSearchPage();
      let api = await apiFacets({});
      await eventually(() => shownBeside('ONSITE')).toBe(apiCount(api.remote_type!, 'onsite'));
      expect(await shownBeside('REMOTE')).toBe(apiCount(api.remote_type!, 'remote'));
      expect(await shownBeside('FULL_TIME')).toBe(apiCount(api.job_type!, 'full-time'));
      expect(await shownCity('berlin')).toBe(apiCount(api.city!, 'berlin'));
      expect(apiCount(api.city!, 'berlin')).not.toBe('(0)');

      // A new search brings its own counts.
      await page.getByLabel('Search', { exact: true }).fill('senior');
      await submit();
      await eventually(summary).toBe('2 jobs');
      api = await apiFacets({ q: 'senior' });
      await eventually(() => shownBeside('REMOTE')).toBe(apiCount(api.remote_type!, 'remote'));
      expect(await shownBeside('ONSITE')).toBe(apiCount(api.remote_type!, 'onsite'));
      expect(await shownBeside('INTERNSHIP')).toBe('(0)');

      // Picking a city narrows the search to the count shown beside it.
      await page.getByLabel('Search', { exact: true }).fill('');
      await submit();
      await eventually(summary).toBe(`${TOTAL_OPEN} jobs`);
      const berlin = (await shownCity('berlin'))!.replace(/[(),]/g, '');
      await page.locator('#facets [data-facet="city"] li[data-value="berlin"] button').click();
      await eventually(summary).toBe(`${berlin} jobs`);
      await expect(page.getByLabel('Cities').inputValue()).resolves.toBe('Berlin');
    });

    it(
      'the live list shows the newest jobs and picks up a job collected while the page is open',
      async () => {
        await openSearchPage();
        const before = await liveItems();
        expect(before).toHaveLength(10);
        expect(before).not.toContain(expect.stringContaining('Lighthouse Keeper'));
        await eventually(() => page.locator('#live').getAttribute('data-live')).toBe('on');

        const run = await runIngest(services, {
          platform: 'greenhouse',
          board: 'e2e-live',
          complete: true,
          postings: [
            {
              source: 'greenhouse',
              board: 'e2e-live',
              externalId: 'lighthouse-1',
              title: 'Lighthouse Keeper',
              companyName: 'Harbor Lights',
              descriptionHtml: '<p>Keep the light burning through every storm on the northern coast.</p>',
              locationText: 'Hamburg, Germany',
              // Posted long ago but collected now: the live list is about collection.
              postedAt: '2026-10-10T09:00:00Z',
              payload: { id: 'lighthouse-1' },
            },
          ],
        });
        expect(run).toMatchObject({ new: 1, rejected: 0 });

        const started = Date.now();
        await expect
          .poll(async () => (await liveItems())[0], { timeout: LIVE_WAIT_MS, interval: 250 })
          .toBe('Lighthouse Keeper — Harbor Lights (Hamburg, Germany)');
        console.info(`live list showed the new job ${Date.now() - started} ms after ingest`);
        expect(await liveItems()).toHaveLength(10);
        // The search list is not live: it changes on the next search.
        expect(await titles()).not.toContain('Lighthouse Keeper');
      },
      LIVE_WAIT_MS + 30_000,
    );

    it(
      'the live list follows the search on screen and counts its new matches',
      async () => {
        await openSearchPage();
        await page.getByLabel('Search', { exact: true }).fill('ferryman');
        await submit();
        await eventually(summary).toMatch(/^0 jobs$/);
        // The stream of this search (the page replaced the unfiltered one).
        await eventually(() => page.locator('#live').getAttribute('data-live')).toBe('on');
        expect(await liveItems()).toEqual([]);
        const posting = (externalId: string, title: string) => ({
          source: 'greenhouse' as const,
          board: 'e2e-live-filter',
          externalId,
          title,
          companyName: 'Harbor Lights',
          descriptionHtml: `<p>${title} on the northern coast.</p>`,
          locationText: 'Hamburg, Germany',
          postedAt: '2026-11-20T09:00:00Z',
          payload: { id: externalId },
        });
        const run = await runIngest(services, {
          platform: 'greenhouse',
          board: 'e2e-live-filter',
          complete: true,
          postings: [posting('ferry-1', 'Night Ferryman'), posting('dock-1', 'Dock Painter')],
        });
        expect(run).toMatchObject({ new: 2, rejected: 0 });
        await expect
          .poll(async () => liveItems(), { timeout: LIVE_WAIT_MS, interval: 250 })
          .toEqual(['Night Ferryman — Harbor Lights (Hamburg, Germany)']);
        await expect
          .poll(() => page.locator('#live-count').textContent(), { timeout: LIVE_WAIT_MS, interval: 250 })
          .toBe('1 new match since this search was set');
        // The other job arrived in the same batch and does not match: never shown.
        expect(await liveItems()).not.toContain(expect.stringContaining('Dock Painter'));
      },
      LIVE_WAIT_MS + 30_000,
    );
  },
);
