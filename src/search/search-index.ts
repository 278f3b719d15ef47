import type { SortOrder } from '../domain/enums.ts';
import { effectiveSort, type JobFilter, type PageRequest } from '../domain/job-filter.ts';
import { Scratch, type Bitmap } from './bitmap.ts';
import { countFacets, type Facets } from './facets.ts';
import { planFilter } from './filter-plan.ts';
import type { IndexData } from './index-data.ts';
import { relevanceTiers } from './relevance.ts';

/** A search answered by the index: the page's job ids in order, the exact total, facets if asked. */
export interface IndexAnswer {
  ids: string[];
  total: number;
  facets?: Facets;
}

/**
 * The in-process search index over every job (README "Search index"): the same
 * answers as JobRepository.search — matches, total, order, page — from bitmaps, so no
 * cost grows with the number of matches but the page's. Only ids come out: the
 * caller reads the page's rows by id.
 *
 * Queries are synchronous and free their temporaries before returning.
 */
export class SearchIndex {
  private readonly data: IndexData;
  private readonly clock: () => Date;

  constructor(data: IndexData, clock: () => Date = () => new Date()) {
    this.data = data;
    this.clock = clock;
  }

  get docCount(): number {
    return this.data.docCount;
  }

  /** Distinct words per text field. */
  get termCounts() {
    return this.data.terms.sizes;
  }

  /** Unions every 1–2-letter prefix ahead of the first query that needs it. */
  warm(): void {
    this.data.terms.warm();
  }

  /**
   * One search: 'unsupported' when the filter holds something the index cannot answer
   * exactly (see planFilter), for the caller to ask SQL instead.
   */
  query(
    filter: JobFilter,
    sort: SortOrder | undefined,
    page: PageRequest,
    options: { facets?: boolean } = {},
  ): IndexAnswer | 'unsupported' {
    // Keyset pages (GraphQL cursors) are positions in the SQL path's key space; the
    // index pages by offset only, so those go to SQL until it keeps sort keys too.
    if (page.after || page.before || page.backward) return 'unsupported';
    const scratch = new Scratch();
    try {
      const plan = planFilter(this.data, filter, this.clock(), scratch);
      if (plan === 'unsupported') return plan;
      const { matches, words } = plan;
      const order = effectiveSort(filter, sort);
      const docs =
        order === 'relevance' && words.length > 0
          ? pageOfTiers(relevanceTiers(matches, words, scratch), page)
          : order === 'salary'
            ? this.data.salaryOrder.page(matches, page.offset, page.limit)
            : order === 'first_seen'
              ? this.data.firstSeenOrder.page(matches, page.offset, page.limit)
              : pageOfTiers([matches], page);
      const answer: IndexAnswer = { ids: docs.map((d) => this.data.ids[d]!), total: matches.size };
      if (options.facets) answer.facets = countFacets(this.data, matches);
      return answer;
    } finally {
      scratch.dispose();
      this.data.terms.trim();
    }
  }
}

/** A page over tiers, best first, each newest first (highest doc number first). */
function pageOfTiers(tiers: Bitmap[], page: PageRequest): number[] {
  const out: number[] = [];
  let skip = page.offset;
  for (const tier of tiers) {
    const size = tier.size;
    if (skip >= size) {
      skip -= size;
      continue;
    }
    for (let i = size - 1 - skip; i >= 0 && out.length < page.limit; i--) out.push(tier.select(i)!);
    skip = 0;
    if (out.length >= page.limit) break;
  }
  return out;
}
