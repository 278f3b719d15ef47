import { FACET_NAMES, parseFacetNames, type FacetName } from '../domain/job-facets.ts';
import { normalizeLists } from './list-params.ts';

/**
 * The optional `facets` request option of both routes: a list of facet names (JSON
 * array, comma-separated string, or repeated `facets[]=` / `facets=` keys), or `true`
 * for all. Before validation every form becomes the array the schema checks.
 */
export const facetsProperty = {
  type: 'array',
  items: { type: 'string', enum: [...FACET_NAMES] },
  maxItems: 50,
  description: `Facet counts to add to the response under \`facets\`: names (${FACET_NAMES.join(', ')}) as an array or a comma-separated string, or \`true\` for all. Counts are over every match of the search, all filters and words applied.`,
} as const;

const facetCounts = (value: object) => ({
  type: 'array',
  items: { type: 'object', properties: { value, count: { type: 'integer' } } },
});

/** The `facets` key of a response: only the facets asked for. */
export const facetsResponseSchema = {
  type: 'object',
  description:
    'Present only when the request asked for facets. Each list is ordered by count desc, then value (salary bands in band order); city and skill keep the top 20.',
  properties: {
    remote_type: facetCounts({ type: 'string', description: 'remote, hybrid, onsite or unknown.' }),
    job_type: facetCounts({ type: 'string' }),
    seniority: facetCounts({ type: 'string' }),
    category: facetCounts({ type: 'string', description: 'Category UUID (GET /categories).' }),
    country: facetCounts({ type: 'string', description: 'ISO 3166-1 alpha-2 code.' }),
    city: facetCounts({ type: 'string', description: 'Folded city key, as the cities filter takes it.' }),
    skill: facetCounts({ type: 'string', description: 'Folded skill key, as the skills filter takes it.' }),
    salary: facetCounts({
      type: 'string',
      description: 'Annual USD band: 0-50000, 50000-100000, 100000-150000, 150000-200000, 200000+.',
    }),
  },
} as const;

/** `true`/`"true"` → every name, `false`/`"false"` → none; other forms → one array (in place). */
export function normalizeFacetsInput(target: Record<string, unknown>): void {
  for (const key of ['facets', 'facets[]']) {
    const v = target[key];
    const flag = typeof v === 'string' ? v.trim().toLowerCase() : v;
    if (flag === true || flag === 'true') target[key] = [...FACET_NAMES];
    else if (flag === false || flag === 'false') delete target[key];
  }
  normalizeLists(target, ['facets']);
}

/** The validated option as facet names (none when absent or empty). */
export function requestedFacets(value: unknown): FacetName[] {
  return parseFacetNames(Array.isArray(value) ? (value as string[]) : undefined, 'facets');
}
