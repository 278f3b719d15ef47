import { GraphQLError } from 'graphql';
import { builder } from '../builder.ts';

/** ISO 8601 timestamps, UTC on output. */
export const DateTimeScalar = builder.scalarType('DateTime', {
  description: 'An ISO 8601 date-time, e.g. 2026-11-22T08:00:00.000Z.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const d = typeof value === 'string' ? new Date(value) : new Date(NaN);
    if (Number.isNaN(d.getTime())) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return d;
  },
});
