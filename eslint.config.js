import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ROOT_FILES = ['**/services.ts', '**/main.ts', '**/config.ts'];
const SERVER_ROOMS = ['**/graphql/*', '**/rest/*', '**/ingest/*', '**/http/*', '**/cli/*', ...ROOT_FILES];
const rooms = (files, patterns) => ({
  files: [files],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', 'reports/**', '.stryker-tmp/**', 'src/web/gql/**', 'bin/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Feeds and titles carry control characters on purpose-built regexes that strip them.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Rooms: domain ← db ← {graphql, rest, ingest} ← {http, cli}; web talks HTTP only.
  rooms('src/domain/**/*.ts', [...SERVER_ROOMS, '**/db/*', '**/demo/*', '@mikro-orm/*']),
  rooms('src/db/**/*.ts', [...SERVER_ROOMS, '**/demo/*']),
  rooms('src/graphql/**/*.ts', ['**/rest/*', '**/ingest/*', '**/http/*', '**/cli/*', ...ROOT_FILES]),
  rooms('src/rest/**/*.ts', ['**/graphql/*', '**/ingest/*', '**/http/*', '**/cli/*', ...ROOT_FILES]),
  rooms('src/ingest/**/*.ts', ['**/graphql/*', '**/rest/*', '**/http/*', '**/cli/*', ...ROOT_FILES]),
  // Webhook delivery: a gateway's worker over db and domain, started by main.
  rooms('src/webhooks/**/*.ts', [
    '**/graphql/*',
    '**/rest/*',
    '**/ingest/*',
    '**/http/*',
    '**/cli/*',
    '**/services.ts',
    '**/main.ts',
  ]),
  rooms('src/web/**/*.ts', [...SERVER_ROOMS, '**/db/*', '**/domain/*']),
);
