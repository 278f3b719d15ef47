import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', 'src/web/gql/**', 'bin/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Rooms: domain imports nothing of ours but domain.
      'no-restricted-imports': 'off',
      // Feeds and titles carry control characters on purpose-built regexes that strip them.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '../db/*',
            '../graphql/*',
            '../rest/*',
            '../ingest/*',
            '../http/*',
            '../cli/*',
            '@mikro-orm/*',
          ],
        },
      ],
    },
  },
  {
    files: ['src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '../graphql/*',
            '../rest/*',
            '../ingest/*',
            '../http/*',
            '../cli/*',
            '../../graphql/*',
            '../../rest/*',
            '../../ingest/*',
            '../../http/*',
            '../../cli/*',
          ],
        },
      ],
    },
  },
  {
    files: ['src/graphql/**/*.ts', 'src/rest/**/*.ts', 'src/ingest/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/http/*', '**/cli/*', '../rest/*', '../graphql/*'] },
      ],
    },
  },
);
