import {
  FACET_TOP,
  orderFacet,
  SALARY_BANDS,
  type FacetCount,
  type FacetName,
  type JobFacets,
} from '../../domain/job-facets.ts';
import type { SqlPart, WherePart } from './job-filter.sql.ts';

/** The annual-USD value min_salary and the salary sort use. */
const SALARY_USD = 'coalesce(j.salary_max_usd, j.salary_min_usd)';

/** A job's salary band; null outside every band (no salary). */
const SALARY_BAND = `case ${SALARY_BANDS.map(
  (b) =>
    `when ${SALARY_USD} >= ${b.min}${b.max === null ? '' : ` and ${SALARY_USD} < ${b.max}`} then '${b.value}'`,
).join(' ')} end`;

/** Per facet, the value of a job (one) or its values (an array column: every place, every skill). */
const FACETS: Record<FacetName, { one: string } | { many: string }> = {
  remote_type: { one: 'j.remote_type::text' },
  job_type: { one: 'j.job_type::text' },
  seniority: { one: 'j.seniority::text' },
  category: { one: 'j.category_id::text' },
  country: { many: 'j.country_codes' },
  city: { many: 'j.city_keys' },
  skill: { many: 'j.skill_keys' },
  salary: { one: SALARY_BAND },
};

const TOP: readonly FacetName[] = ['city', 'skill'];

/**
 * One statement and one pass for every facet asked: each matching job is unnested into
 * (facet, value) pairs — one per single-valued facet, one per element of an array
 * facet — and one hash aggregate counts them all; a window keeps the FACET_TOP values
 * of city and skill. At 100,000 jobs on PostgreSQL all eight took 390–520 ms where
 * reading the matches into a materialized list and grouping it once per facet (a UNION
 * ALL of eight GROUP BYs) took 560–680 ms, and filters alone 240 against 560 ms (a
 * loaded two-core machine). Ties are cut in the C collation
 * (code-point order), the same on every server and in the search index.
 */
export function buildFacetQuery(where: WherePart, names: readonly FacetName[]): SqlPart {
  const { from } = where;
  const ones = names.filter((n) => 'one' in FACETS[n]);
  const manies = names.filter((n) => 'many' in FACETS[n]);
  const many = (n: FacetName) => (FACETS[n] as { many: string }).many;
  const labels = [
    ...(ones.length ? [`array[${ones.map((n) => `'${n}'`).join(', ')}]`] : []),
    ...manies.map((n) => `array_fill('${n}'::text, array[cardinality(${many(n)})])`),
  ];
  const values = [
    ...(ones.length ? [`array[${ones.map((n) => (FACETS[n] as { one: string }).one).join(', ')}]`] : []),
    ...manies.map(many),
  ];
  const top = names.filter((n) => TOP.includes(n));
  const counted = `select f.facet, f.value, count(*) as count${
    top.length
      ? `, row_number() over (partition by f.facet order by count(*) desc, f.value collate "C") as rank`
      : ''
  }
    from ${from} cross join lateral unnest(${labels.join(' || ')}, ${values.join(' || ')}) as f(facet, value)
   where (${where.sql}) and f.value is not null
   group by f.facet, f.value`;
  return {
    sql: top.length
      ? `select facet, value, count from (${counted}) t
          where rank <= ${FACET_TOP} or facet not in (${top.map((n) => `'${n}'`).join(', ')})`
      : counted,
    params: where.params,
  };
}

/** The statement's rows as one ordered list per facet asked (empty when nothing matches). */
export function toJobFacets(
  names: readonly FacetName[],
  rows: { facet: string; value: string; count: string | number }[],
): JobFacets {
  const byName = new Map<string, FacetCount[]>(names.map((n) => [n, []]));
  for (const row of rows) byName.get(row.facet)?.push({ value: String(row.value), count: Number(row.count) });
  return Object.fromEntries(names.map((n) => [n, orderFacet(n, byName.get(n)!)])) as JobFacets;
}
