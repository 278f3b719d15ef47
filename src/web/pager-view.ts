/**
 * Numbered pages under the results (issue 10, item 13): "Showing 41–60 of 1,234", then
 * Previous, the first and last pages, a window around the current one, Next. Each is a
 * link to its own URL (`?…&page=3`), so it can be opened in a new tab; a plain click is
 * handed to `go` and stays in the page.
 */

/** Pages shown on each side of the current one. */
const WINDOW = 2;

export interface PagerState {
  page: number;
  perPage: number;
  total: number;
  shown: number;
}

/** The page numbers to show, with null where a run of pages is left out. */
export function pageNumbers(current: number, last: number): (number | null)[] {
  const wanted = new Set([1, last]);
  for (let n = current - WINDOW; n <= current + WINDOW; n += 1) if (n >= 1 && n <= last) wanted.add(n);
  const sorted = [...wanted].sort((a, b) => a - b);
  // A gap of one page shows that page: "…" would take as much room.
  return sorted.flatMap((n, i) => {
    const gap = i > 0 ? n - sorted[i - 1]! - 1 : 0;
    return gap === 0 ? [n] : gap === 1 ? [n - 1, n] : [null, n];
  });
}

export function rangeText({ page, perPage, total, shown }: PagerState): string {
  const from = (page - 1) * perPage + 1;
  if (shown === 0) return total === 0 ? '' : `Page ${page} is past the last page`;
  return `Showing ${from.toLocaleString()}–${(from + shown - 1).toLocaleString()} of ${total.toLocaleString()}`;
}

export function renderPager(
  nav: HTMLElement,
  state: PagerState,
  hrefOf: (page: number) => string,
  go: (page: number) => void,
): void {
  const last = Math.max(1, Math.ceil(state.total / state.perPage));
  const link = (page: number, label: string, rel?: string) => {
    const a = document.createElement('a');
    a.textContent = label;
    a.href = hrefOf(page);
    a.dataset.page = String(page);
    if (rel) a.rel = rel;
    if (page === state.page) a.setAttribute('aria-current', 'page');
    a.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      go(page);
    });
    return a;
  };
  const range = document.createElement('span');
  range.id = 'range';
  range.textContent = rangeText(state);
  const items: HTMLElement[] = [range];
  if (state.page > 1) items.push(link(Math.min(state.page - 1, last), 'Previous', 'prev'));
  for (const n of pageNumbers(Math.min(state.page, last), last)) {
    if (n === null) {
      const gap = document.createElement('span');
      gap.textContent = '…';
      gap.className = 'gap';
      items.push(gap);
    } else items.push(link(n, String(n)));
  }
  if (state.page < last) items.push(link(state.page + 1, 'Next', 'next'));
  nav.replaceChildren(...items);
  nav.hidden = state.total === 0;
}
