import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**', '*.config.*', 'tests/**', 'bench/**', 'src/server/**'],
    languageOptions: { globals: globals.node },
  },
  { files: ['src/client/**'], languageOptions: { globals: globals.browser } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // Import boundaries: shared stays pure, client and server never import each other.
  {
    files: ['src/shared/**'],
    rules: restrict([
      {
        group: ['**/server/**', '**/client/**', '@client/*', 'react', 'node:*', 'drizzle-orm*'],
        message: 'src/shared is plain TypeScript for both sides.',
      },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([
      { group: ['**/client/**', '@client/*'], message: 'The server never imports the client.' },
    ]),
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      ...restrict([{ group: ['**/server/**'], message: 'The client never imports the server.' }]),
    },
  },
  // Features do not import each other; routes compose them.
  ...['auth', 'checkin', 'feed', 'cycle', 'community', 'invites', 'pricing', 'shell'].map(
    (feature) => ({
      files: [`src/client/features/${feature}/**`],
      rules: restrict([
        { group: ['**/server/**'], message: 'The client never imports the server.' },
        {
          group: [
            '@client/features/*',
            '!@client/features/' + feature,
            '!@client/features/' + feature + '/**',
            '../../features/*',
          ],
          message: 'A feature does not import another feature; compose them in a route.',
        },
      ]),
    }),
  ),
  {
    files: ['src/server/modules/**'],
    rules: restrict([
      { group: ['**/client/**', '@client/*'], message: 'The server never imports the client.' },
    ]),
  },
);
