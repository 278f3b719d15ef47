import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for GraphQL consumers, generated from the committed
 * schema.graphql (never from a running server). The web page is the first client.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['src/web/**/*.ts', '!src/web/gql/**'],
  ignoreNoDocuments: false,
  generates: {
    'src/web/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        // Strings, not ASTs: the page sends them with fetch and needs no graphql runtime.
        documentMode: 'string',
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string' },
        importExtension: '.ts',
      },
    },
  },
};

export default config;
