import type { SearchJobsQuery as SearchResult } from './gql/graphql.ts';

type Facets = NonNullable<SearchResult['searchJobs']['facets']>;
type Item = { value: string; count: number };

const count = (n: number) => `(${n.toLocaleString()})`;

/** Folded keys ("new york") shown as names ("New York"). */
const titleCase = (key: string) =>
  key.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase());

/**
 * Counts beside the form's checkboxes: "remote (1,234)". Facets count the current
 * result (every filter applied), so a box that is not ticked next to a ticked one
 * shows 0: the README's "Facets" section says why.
 */
function annotateCheckboxes(form: HTMLFormElement, name: string, items: Item[]): void {
  const counts = new Map(items.map((i) => [i.value, i.count]));
  for (const input of form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)) {
    // After the label, not in it: the box keeps its plain name ("remote").
    const label = input.closest('label')!;
    let span = label.nextElementSibling as HTMLSpanElement | null;
    if (!span?.classList.contains('count')) {
      span = document.createElement('span');
      span.className = 'count';
      label.after(span);
    }
    span.dataset.value = input.value;
    span.textContent = count(counts.get(input.value) ?? 0);
  }
}

interface Section<T extends Item> {
  title: string;
  facet: string;
  items: T[];
  label: (item: T) => string;
  /** Narrows the search by this value (fills the form and submits it). */
  onPick?: (item: T) => void;
}

function renderSection<T extends Item>(section: Section<T>): HTMLElement {
  const box = document.createElement('div');
  box.className = 'facet';
  box.dataset.facet = section.facet;
  const heading = document.createElement('h4');
  heading.textContent = section.title;
  const list = document.createElement('ul');
  for (const item of section.items) {
    const li = document.createElement('li');
    li.dataset.value = item.value;
    let name: HTMLElement;
    if (section.onPick) {
      const button = document.createElement('button');
      button.type = 'button';
      button.addEventListener('click', () => section.onPick!(item));
      name = button;
    } else name = document.createElement('span');
    name.textContent = section.label(item);
    const n = document.createElement('span');
    n.className = 'count';
    n.textContent = count(item.count);
    li.append(name, ' ', n);
    list.append(li);
  }
  box.append(heading, list.childElementCount ? list : document.createTextNode('—'));
  return box;
}

/** Appends a value to a comma-separated field unless it is there already. */
function addToField(form: HTMLFormElement, field: string, value: string): void {
  const input = form.elements.namedItem(field) as HTMLInputElement;
  const values = input.value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === value.toLowerCase())) values.push(value);
  input.value = values.join(', ');
  form.requestSubmit();
}

const usd = (n: number) => `$${n >= 1000 ? `${n / 1000}k` : n}`;
const enumLabel = (item: Item) => item.value.toLowerCase().replace(/_/g, '-');

/** Shows a search's facet counts beside the filters and in the facets panel. */
export function renderFacets(form: HTMLFormElement, panel: HTMLElement, facets: Facets): void {
  annotateCheckboxes(form, 'remote', facets.remoteTypes);
  annotateCheckboxes(form, 'jobType', facets.jobTypes);
  panel.replaceChildren(
    renderSection({
      title: 'Salary (USD/yr)',
      facet: 'salary',
      items: facets.salaryBands,
      label: (b) => (b.maxUsd == null ? `${usd(b.minUsd)}+` : `${usd(b.minUsd)}–${usd(b.maxUsd)}`),
    }),
    renderSection({ title: 'Seniority', facet: 'seniority', items: facets.seniorities, label: enumLabel }),
    renderSection({
      title: 'Category',
      facet: 'category',
      items: facets.categories,
      label: (c) => c.category?.name ?? c.value,
    }),
    renderSection({ title: 'Countries', facet: 'country', items: facets.countries, label: (c) => c.value }),
    renderSection({
      title: 'Top cities',
      facet: 'city',
      items: facets.cities,
      label: (c) => titleCase(c.value),
      onPick: (c) => addToField(form, 'cities', titleCase(c.value)),
    }),
    renderSection({
      title: 'Top skills',
      facet: 'skill',
      items: facets.skills,
      label: (c) => c.value,
      onPick: (c) => addToField(form, 'skills', c.value),
    }),
  );
}
