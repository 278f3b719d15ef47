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
      presetConfig: {
        fragmentMasking: false,
        // Trusted documents: persisted-documents.json maps each operation's SHA-256 to its
        // text; the page sends only the hash and the server runs only what the map holds
        // (src/graphql/trusted-documents.ts).
        persistedDocuments: { hashAlgorithm: 'sha256', mode: 'embedHashInDocument' },
      },
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
