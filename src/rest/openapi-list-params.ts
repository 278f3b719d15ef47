/**
 * How list parameters travel in a query string, told to OpenAPI tools (issue 10, item 8).
 * GET /jobs reads `categories=a,b` (the README's comma form) and `categories[]=a&categories[]=b`
 * (the contract's brackets) alike (list-params.ts). Fastify's schema knows one parameter,
 * `categories`, an array, which @fastify/swagger describes with OpenAPI's default
 * serialization (`form`, exploded: `categories=a&categories=b`); a validator such as Prism
 * then reads `categories=a,b` as the one value "a,b" and refuses it against an enum or a
 * pattern, and knows nothing of `categories[]`. So each query array is described twice:
 * `name` comma-separated (`style: form, explode: false`) and `name[]` repeated (`explode:
 * true`). @fastify/swagger sets style and explode per route, not per parameter, hence this
 * pass over the finished document.
 */

interface QueryParameter {
  in: string;
  name: string;
  description?: string;
  schema?: { type?: string };
  style?: string;
  explode?: boolean;
  [key: string]: unknown;
}

type Operation = { parameters?: QueryParameter[] };

export function describeListParameters<T extends { paths?: object }>(document: T): T {
  for (const item of Object.values(document.paths ?? {}) as (Record<string, unknown> | undefined)[]) {
    for (const operation of Object.values(item ?? {}) as Operation[]) {
      if (!Array.isArray(operation?.parameters)) continue;
      operation.parameters = operation.parameters.flatMap((parameter) =>
        parameter.in === 'query' && parameter.schema?.type === 'array' ? bothForms(parameter) : [parameter],
      );
    }
  }
  return document;
}

function bothForms(parameter: QueryParameter): QueryParameter[] {
  const { name, description = '' } = parameter;
  return [
    {
      ...parameter,
      style: 'form',
      explode: false,
      description: `${description} Comma-separated: \`${name}=a,b\`; or repeat \`${name}[]\`.`.trim(),
    },
    {
      ...parameter,
      name: `${name}[]`,
      style: 'form',
      explode: true,
      description: `\`${name}\` as repeated keys: \`${name}[]=a&${name}[]=b\`.`,
    },
  ];
}
