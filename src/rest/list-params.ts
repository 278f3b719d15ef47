/**
 * The contract lets list parameters arrive several ways: a JSON array, a
 * comma-separated string (the page's form), or in a query string as repeated
 * `name[]=` or `name=` keys. Before validation every form becomes one array.
 */
export function toList(...values: unknown[]): string[] | undefined {
  const out: string[] = [];
  let seen = false;
  for (const value of values) {
    if (value === undefined || value === null) continue;
    seen = true;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (typeof item === 'string')
        out.push(
          ...item
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
      else out.push(item as string); // left for the schema to reject with a clear message
    }
  }
  return seen ? out : undefined;
}

/** Folds `name[]` keys and comma strings into `name` arrays, in place. */
export function normalizeLists(target: Record<string, unknown>, names: readonly string[]): void {
  for (const name of names) {
    const merged = toList(target[name], target[`${name}[]`]);
    delete target[`${name}[]`];
    if (merged !== undefined) target[name] = merged;
  }
}
