import type { FilterRemoteType, JobFilter, JobSort, JobType, SearchJobsQuery as SearchResult } from './gql/graphql.ts';
import { execute } from './graphql-client.ts';
import { LatestJobsQuery, SearchJobsQuery } from './queries.ts';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T;
const form = $<HTMLFormElement>('#search');
const results = $<HTMLDivElement>('#results');
const summary = $<HTMLDivElement>('#summary');
const more = $<HTMLButtonElement>('#more');
const live = $<HTMLUListElement>('#live');

const LIVE_REFRESH_MS = 15_000;
let cursor: string | null = null;

const list = (value: FormDataEntryValue | null) =>
  String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean);

function readForm(): { filter: JobFilter; first: number; sort: JobSort | null } {
  const data = new FormData(form);
  const minSalary = Number(data.get('min_salary'));
  const filter: JobFilter = {
    query: String(data.get('q') ?? '') || null,
    cities: list(data.get('cities')),
    skills: list(data.get('skills')),
    remoteTypes: data.getAll('remote') as FilterRemoteType[],
    jobTypes: data.getAll('jobType') as JobType[],
    minSalaryUsd: minSalary > 0 ? minSalary : null,
  };
  return { filter, first: Number(data.get('limit') ?? 20), sort: (String(data.get('sort') ?? '') || null) as JobSort | null };
}

function text(tag: string, value: string, className?: string): HTMLElement {
  const el = document.createElement(tag);
  el.textContent = value;
  if (className) el.className = className;
  return el;
}

function renderJob(node: SearchResult['searchJobs']['edges'][number]['node']): HTMLElement {
  const card = document.createElement('article');
  card.className = 'job';
  const title = document.createElement('h3');
  const link = document.createElement('a');
  link.textContent = node.title;
  link.href = node.listingUrl ?? node.applyUrl ?? '#';
  link.target = '_blank';
  link.rel = 'noopener';
  title.append(link);
  const meta = document.createElement('div');
  meta.className = 'meta';
  meta.append(
    text('span', node.companyName),
    text('span', node.location || '—'),
    text('span', node.remoteType.toLowerCase(), 'tag'),
    ...(node.jobType ? [text('span', node.jobType.toLowerCase().replace('_', '-'), 'tag')] : []),
    ...(node.salaryText ? [text('span', node.salaryText)] : []),
    text('span', new Date(node.postedAt).toLocaleDateString()),
  );
  card.append(title, meta);
  if (node.skills.length) card.append(text('div', node.skills.slice(0, 8).join(' · '), 'meta'));
  return card;
}

async function search(append: boolean): Promise<void> {
  const { filter, first, sort } = readForm();
  try {
    const data = await execute(SearchJobsQuery, { filter, first, sort, after: append ? cursor : null });
    const { edges, totalCount, pageInfo } = data.searchJobs;
    if (!append) results.replaceChildren();
    results.append(...edges.map((e) => renderJob(e.node)));
    summary.textContent = `${totalCount.toLocaleString()} jobs`;
    cursor = pageInfo.endCursor ?? null;
    more.hidden = !pageInfo.hasNextPage;
  } catch (error) {
    summary.replaceChildren(text('span', (error as Error).message, 'error'));
  }
}

async function refreshLive(): Promise<void> {
  try {
    const data = await execute(LatestJobsQuery, { first: 10 });
    live.replaceChildren(
      ...data.searchJobs.edges.map(({ node }) => text('li', `${node.title} — ${node.companyName} (${node.location || node.remoteType.toLowerCase()})`)),
    );
  } catch {
    // The live view is best effort; the next tick tries again.
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  void search(false);
});
more.addEventListener('click', () => void search(true));
void search(false);
void refreshLive();
setInterval(() => void refreshLive(), LIVE_REFRESH_MS);
