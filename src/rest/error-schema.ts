/** The one error body of every REST route. */
export const errorSchema = {
  type: 'object',
  properties: {
    success: { type: 'boolean', const: false },
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  },
} as const;

export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
  503: errorSchema,
} as const;
