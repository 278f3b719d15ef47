import {
  FACET_TOP,
  orderFacet,
  SALARY_BANDS,
  type FacetCount,
  type FacetName,
  type JobFacets,
} from '../../domain/job-facets.ts';
import type { SqlPart, WherePart } from './job-filter.sql.ts';

interface FacetSql {
  /** What the matches list keeps of a job for this facet (alias `j`). */
  column: string;
  /** The FROM of this facet's branch over the matches `m` (`v.value` is the facet value). */
  from: string;
  /** Keep only the FACET_TOP values with the most matches. */
  top?: boolean;
}

/** A job's band of the annual-USD value min_salary and the salary sort use; null outside every band. */
const SALARY_BAND = `case ${SALARY_BANDS.map(
  (b) =>
    `when m.salary_usd >= ${b.min}${b.max === null ? '' : ` and m.salary_usd < ${b.max}`} then '${b.value}'`,
).join(' ')} end`;

const single = (expr: string) => `m cross join lateral (select ${expr} as value) v`;
const unnested = (column: string) => `m cross join unnest(m.${column}) as v(value)`;

const FACETS: Record<FacetName, FacetSql> = {
  remote_type: { column: 'j.remote_type', from: single('m.remote_type::text') },
  job_type: { column: 'j.job_type', from: single('m.job_type::text') },
  seniority: { column: 'j.seniority', from: single('m.seniority::text') },
  category: { column: 'j.category_id', from: single('m.category_id::text') },
  country: { column: 'j.country_codes', from: unnested('country_codes') },
  city: { column: 'j.city_keys', from: unnested('city_keys'), top: true },
  skill: { column: 'j.skill_keys', from: unnested('skill_keys'), top: true },
  salary: {
    column: 'coalesce(j.salary_max_usd, j.salary_min_usd) as salary_usd',
    from: single(SALARY_BAND),
  },
};

/**
 * One statement for every facet asked: the matches are read once into a narrow list
 * (only the columns those facets need), then each facet is a GROUP BY over that list,
 * the branches glued with UNION ALL. A grouping-sets form would multiply every row by
 * its cities and skills before grouping. Ties are cut in the C collation (code-point
 * order), the same on every server and in the search index.
 */
export function buildFacetQuery(where: WherePart, names: readonly FacetName[]): SqlPart {
  const from = where.usesCompany ? 'job j join company c on c.id = j.company_id' : 'job j';
  const columns = [...new Set(names.map((n) => FACETS[n].column))].join(', ');
  const branches = names.map((name) => {
    const facet = FACETS[name];
    const cut = facet.top ? ` order by count(*) desc, v.value collate "C" limit ${FACET_TOP}` : '';
    return `(select '${name}' as facet, v.value, count(*) as count from ${facet.from}
              where v.value is not null group by v.value${cut})`;
  });
  // Read once and kept when several branches read it; inlined for one.
  const materialized = names.length > 1 ? 'materialized ' : '';
  return {
    sql: `with m as ${materialized}(select ${columns} from ${from} where ${where.sql})
          ${branches.join('\n union all ')}`,
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
