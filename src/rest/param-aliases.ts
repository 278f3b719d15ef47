import { invalidParameter } from '../domain/errors.ts';
import { FILTER_LIMITS } from '../domain/job-filter.ts';

/**
 * The two REST routes name two things differently: the page size is `limit` in POST
 * /search/jobs's body and `per_page` in GET /jobs's query (and in the search's own
 * `pagination`), the search text `q` in the body and `search` in the query. Clients
 * written for one route send the other's names: ignored as unknown keys, `per_page: 5`
 * got 20 jobs, and `search: "rust"` got every job, silently. Each route takes the other's
 * name as an alias (before validation): a valid alias stands for a missing name; an
 * invalid one is left for the schema to name; given both, they must agree, else a 400
 * naming the alias. Both also take `query`, the text's name in GraphQL's JobFilter: a
 * client moving from GraphQL to REST got every job for it.
 */
export function applyAlias(params: Record<string, unknown>, name: string, alias: keyof typeof ALIASES): void {
  const given = params[alias];
  if (given === undefined) return;
  const { what, valid, value } = ALIASES[alias];
  if (params[name] === undefined) {
    if (valid(given)) params[name] = value(given);
  } else if (value(params[name]) !== value(given))
    throw invalidParameter(alias, `${alias} and ${name} both give the ${what} and disagree: give one`);
}

const pageSize = {
  what: 'page size',
  valid: (v: unknown) => Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 100,
  value: (v: unknown) => Number(v),
};
// A number is text too: the schema coerces `q: 42` to "42", so an alias must stand for it
// as well (else the schema coerced the alias, the handler dropped it: every job).
const text = {
  what: 'search text',
  valid: (v: unknown) =>
    (typeof v === 'string' || typeof v === 'number') && String(v).length <= FILTER_LIMITS.queryLength,
  value: (v: unknown) => String(v),
};
const ALIASES = { per_page: pageSize, limit: pageSize, search: text, q: text, query: text };
