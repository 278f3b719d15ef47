import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { JobsAddedDocument } from '../../src/web/gql/graphql.ts';

/**
 * Headless Chromium for the e2e tests. It comes from Debian (`apt-get install chromium`),
 * never from a test tool's own download, which cannot work on these machines.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Why browser tests cannot run here, or null when they can. Locally a missing
 * Chromium skips them with this reason; with CI=true it throws, because CI must
 * have installed it and a silent skip would hide the whole suite.
 */
export function browserUnavailable(): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  const reason = `${CHROMIUM_PATH} not found (install it: apt-get update && apt-get install -y chromium)`;
  if (process.env.CI === 'true' || process.env.CI === '1') {
    throw new Error(`e2e: CI is set but Chromium is missing: ${reason}`);
  }
  console.warn(`e2e tests skipped: ${reason}`);
  return reason;
}

/** Launches Chromium; playwright gives every launch a fresh temporary profile and removes it on close. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
}

/**
 * A new page that records what a person would call "broken": console errors,
 * uncaught exceptions, failed requests and HTTP error responses. Read and clear
 * `problems` per test.
 */
export async function openPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    problems.push(`console.error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return { page, problems };
}

/**
 * Chromium reports the live view's event stream as a failed request when a test reloads
 * the page: the page's persisted jobsAdded subscription (sent by hash, trusted documents).
 */
/**
 * A GraphQL request of the page still in flight when a test reloads or navigates it:
 * Chromium cancels it (ERR_ABORTED, which only the client's own cancelling gives; a
 * server's failure is an HTTP status, reported apart). On a loaded machine the page's
 * first queries are often still running when the next test reloads.
 */
export function isAbortedByReload(problem: string): boolean {
  return /^request failed: (GET|POST) \S+\/graphql(\?\S*)? \(net::ERR_ABORTED\)$/.test(problem);
}

export function isAbortedLiveStream(problem: string): boolean {
  const hash = String(JobsAddedDocument.__meta__?.hash).replace(/^sha256:/, '');
  return (
    /^request failed: GET \S+\/graphql\?extensions=\S* \(net::ERR_ABORTED\)$/.test(problem) &&
    problem.includes(hash)
  );
}
