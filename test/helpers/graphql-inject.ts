import type { FastifyInstance } from 'fastify';

/** A GraphQL answer as the tests read it: data, or errors with the catalogue's code and details. */
export interface GraphQLBody {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: { code?: string; details?: { field?: string }[] } }[];
}

/** POSTs one GraphQL operation to the app in process, with an API key or none. */
export function graphqlVia(app: () => FastifyInstance) {
  return async (key: string | null, query: string, variables: Record<string, unknown> = {}) => {
    const res = await app().inject({
      method: 'POST',
      url: '/graphql',
      headers: key ? { 'x-api-key': key } : {},
      payload: { query, variables },
    });
    return res.json() as GraphQLBody;
  };
}

export const codeOf = (body: GraphQLBody) => body.errors?.[0]?.extensions?.code;
