import type {
  FilterRemoteType,
  JobFilter,
  JobSort,
  JobType,
  JobsAddedSubscription as JobsAdded,
  SearchJobsQuery as SearchResult,
} from './gql/graphql.ts';
import { renderFacets } from './facets-view.ts';
import { execute, subscribe } from './graphql-client.ts';
import { setupKeysView } from './keys-view.ts';
import { renderPager } from './pager-view.ts';
import { JobsAddedSubscription, LatestJobsQuery, SearchJobsQuery } from './queries.ts';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;
const form = $<HTMLFormElement>('#search');
const results = $<HTMLDivElement>('#results');
const summary = $<HTMLDivElement>('#summary');
const pager = $<HTMLElement>('#pager');
const pageInput = $<HTMLInputElement>('#page');
const live = $<HTMLUListElement>('#live');
const liveCount = $<HTMLParagraphElement>('#live-count');
const facetsPanel = $<HTMLDivElement>('#facets');

const LIVE_ITEMS = 10;

interface SearchState {
  filter: JobFilter;
  first: number;
  sort: JobSort | null;
  /** 1-based; the URL's `page`. */
  page: number;
}
/** The search whose facet counts are on screen: another page of it keeps them. */
let facetsOf: string | null = null;
/** Increases with every request; a response that is not the latest is dropped. */
let requestSeq = 0;

const list = (value: FormDataEntryValue | null) =>
  String(value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function readForm(): SearchState {
  const data = new FormData(form);
  const minSalary = Number(data.get('min_salary'));
  const near = String(data.get('near') ?? '').trim();
  const radius = Number(data.get('radius_km') || NaN);
  const filter: JobFilter = {
    query: String(data.get('q') ?? '') || null,
    cities: list(data.get('cities')),
    skills: list(data.get('skills')),
    remoteTypes: data.getAll('remote') as FilterRemoteType[],
    jobTypes: data.getAll('jobType') as JobType[],
    minSalaryUsd: minSalary > 0 ? minSalary : null,
    // A city or "lat,lon"; the server resolves it (and answers a name it does not know with an error).
    near: near ? { place: near, radiusKm: Number.isFinite(radius) ? radius : null } : null,
  };
  const sort = (String(data.get('sort') ?? '') || null) as JobSort | null;
  const page = Math.max(1, Math.trunc(Number(data.get('page'))) || 1);
  return { filter, first: Number(data.get('limit') ?? 20), sort, page };
}

function text(tag: string, value: string, className?: string): HTMLElement {
  const el = document.createElement(tag);
  el.textContent = value;
  if (className) el.className = className;
  return el;
}

type JobNode = SearchResult['searchJobs']['edges'][number]['node'];

function renderJob(node: JobNode): HTMLElement {
  const card = document.createElement('article');
  card.className = 'job';
  const title = document.createElement('h3');
  const url = node.listingUrl ?? node.applyUrl;
  if (url) {
    const link = document.createElement('a');
    link.textContent = node.title;
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener';
    title.append(link);
  } else title.textContent = node.title;
  const meta = document.createElement('div');
  meta.className = 'meta';
  meta.append(
    text('span', node.companyName),
    text('span', node.location || '—'),
    ...(node.remoteType !== 'UNKNOWN' ? [text('span', node.remoteType.toLowerCase(), 'tag')] : []),
    ...(node.jobType ? [text('span', node.jobType.toLowerCase().replace('_', '-'), 'tag')] : []),
    ...(node.salaryText ? [text('span', node.salaryText)] : []),
    text('span', new Date(node.postedAt).toLocaleDateString()),
  );
  card.append(title, meta);
  if (node.skills.length) card.append(text('div', node.skills.slice(0, 8).join(' · '), 'meta'));
  return card;
}

async function search(): Promise<void> {
  const state = readForm();
  const searchKey = JSON.stringify([state.filter, state.first, state.sort]);
  const seq = ++requestSeq;
  void startLive(state.filter);
  try {
    const data = await execute(SearchJobsQuery, {
      filter: state.filter,
      first: state.first,
      sort: state.sort,
      page: state.page,
      // The counts belong to the search, not to a page: another page keeps them.
      withFacets: searchKey !== facetsOf,
    });
    if (seq !== requestSeq) return;
    const { edges, totalCount, facets } = data.searchJobs;
    if (facets) {
      renderFacets(form, facetsPanel, facets);
      facetsOf = searchKey;
    }
    results.replaceChildren(...edges.map((e) => renderJob(e.node)));
    summary.textContent = `${totalCount.toLocaleString()} ${totalCount === 1 ? 'job' : 'jobs'}`;
    if (totalCount === 0)
      results.replaceChildren(text('p', 'No jobs match these filters. Try fewer words or filters.', 'empty'));
    renderPager(
      pager,
      { page: state.page, perPage: state.first, total: totalCount, shown: edges.length },
      urlForPage,
      goToPage,
    );
  } catch (error) {
    if (seq === requestSeq) summary.replaceChildren(text('span', (error as Error).message, 'error'));
  }
}

/** The URL of another page of the search on screen. */
function urlForPage(page: number): string {
  const params = new URLSearchParams(location.search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

/** A page number clicked: a new history entry (Back returns), the list from its top. */
function goToPage(page: number): void {
  history.pushState(null, '', urlForPage(page));
  urlToForm();
  void search();
  results.scrollIntoView({ block: 'start' });
}

type LiveJob = JobsAdded['jobsAdded'][number];

function showLive(jobs: LiveJob[]): void {
  const items = jobs.map((job) =>
    text('li', `${job.title} — ${job.companyName} (${job.location || job.remoteType.toLowerCase()})`),
  );
  live.prepend(...items);
  while (live.children.length > LIVE_ITEMS) live.lastElementChild?.remove();
}

let stopLive: (() => void) | null = null;
/** The filter the live panel follows (JSON), so that a new page of one search keeps its stream. */
let liveFilter: string | null = null;
let newMatches = 0;

/**
 * The live panel follows the search on screen: the latest jobs it matches, then each new
 * one as ingestion commits it (jobsAdded with the same filter, matched by the server with
 * searchJobs' rules), and how many arrived since the search was set.
 */
async function startLive(filter: JobFilter): Promise<void> {
  const key = JSON.stringify(filter);
  if (key === liveFilter) return;
  liveFilter = key;
  stopLive?.();
  newMatches = 0;
  liveCount.textContent = '';
  delete live.dataset.live;
  try {
    const data = await execute(LatestJobsQuery, { first: LIVE_ITEMS, filter });
    if (liveFilter !== key) return;
    live.replaceChildren();
    showLive(data.searchJobs.edges.map((e) => e.node));
  } catch {
    // The list stays empty; the subscription below still adds new jobs.
  }
  if (liveFilter !== key) return;
  // data-live="on" tells people (and tests) that new jobs now arrive by themselves.
  stopLive = subscribe(
    JobsAddedSubscription,
    { filter },
    (data) => {
      newMatches += data.jobsAdded.length;
      liveCount.textContent = `${newMatches.toLocaleString()} new ${newMatches === 1 ? 'match' : 'matches'} since this search was set`;
      showLive(data.jobsAdded);
    },
    () => (live.dataset.live = 'on'),
  );
}

const minSalary = $<HTMLInputElement>('#min_salary');
const minSalaryText = $<HTMLOutputElement>('#min_salary_text');

/** The range control's value as people read it: any, ≥ $120k, $300k+. */
function showMinSalary(): void {
  const v = Number(minSalary.value);
  minSalaryText.value =
    v <= 0 ? 'any' : v >= Number(minSalary.max) ? `$${v / 1000}k+` : `≥ $${(v / 1000).toLocaleString()}k`;
}

/**
 * The search lives in the URL (`?q=…&remote=REMOTE&limit=50`): a link shares it, reload
 * keeps it, Back and Forward step through earlier searches.
 */
function formToUrl(): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    const text = String(value).trim();
    if (
      text &&
      !(name === 'min_salary' && text === '0') &&
      !(name === 'limit' && text === '20') &&
      !(name === 'page' && text === '1')
    )
      params.append(name, text);
  }
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

function urlToForm(): void {
  const params = new URLSearchParams(location.search);
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name)
      continue;
    if (element instanceof HTMLInputElement && element.type === 'checkbox')
      element.checked = params.getAll(element.name).includes(element.value);
    else if (element instanceof HTMLSelectElement)
      element.value = params.get(element.name) ?? (element.name === 'limit' ? '20' : '');
    else element.value = params.get(element.name) ?? (element.type === 'range' ? '0' : '');
  }
  showMinSalary();
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  // A new search starts at its first page.
  pageInput.value = '';
  const url = formToUrl();
  if (url !== `${location.pathname}${location.search}`) history.pushState(null, '', url);
  void search();
});
minSalary.addEventListener('input', showMinSalary);
window.addEventListener('popstate', () => {
  urlToForm();
  void search();
});
setupKeysView($<HTMLDialogElement>('#keys'), $<HTMLButtonElement>('#open-keys'));
urlToForm();
void search();
void startLive(readForm().filter);
