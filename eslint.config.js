import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import formatjs from 'eslint-plugin-formatjs';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

// Every folder under src/client/features is a feature, so a new one is fenced in without editing this file.
const features = readdirSync(new URL('./src/client/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const clientNeverImportsServer = {
  group: ['**/server/**', '@server/*'],
  message: 'The client never imports the server.',
};

const basePath = fileURLToPath(new URL('.', import.meta.url));

// Issue 47: no words written in a component, only in the catalogues (decision 0116). FormatJS's rule,
// told only of literals with a letter in them: '·', '/', '—' and JSX's {' '} are not a language.
const literalRule = formatjs.rules['no-literal-string-in-jsx'];
const noWordsInJsx = {
  meta: literalRule.meta,
  create(context) {
    const report = (descriptor) => {
      const node =
        descriptor.node.type === 'JSXAttribute' ? descriptor.node.value : descriptor.node;
      const words =
        node.type === 'TemplateLiteral'
          ? node.quasis.map((quasi) => quasi.value.cooked).join(' ')
          : context.sourceCode.getText(node);
      if (/\p{L}/u.test(words)) context.report(descriptor);
    };
    return literalRule.create(Object.create(context, { report: { value: report } }));
  },
};
// The attributes people read, on any element or component, and our components' props that show text.
const readAttributes = [
  ['*', '(placeholder|title|alt|label|aria-label|aria-description)'],
  [
    '[A-Z]*',
    '(description|confirmLabel|submitLabel|legend|emptyText|action|shortcut|heading|hint)',
  ],
];
// Screens not yet moved to the catalogue (issue 47); each leaves this list when its words do.
const screensWithWords = [];

// Issue 42: the server's folders, top to bottom (decision 0102). Each zone forbids one arrow back up.
const serverZone = (target, from, message) => ({
  target: `./src/server/${target}`,
  from: `./src/server/${from}`,
  message,
});
const serverZones = [
  serverZone(
    'queries',
    'modules',
    'queries/ sits below every module: a module imports queries/, never the other way round.',
  ),
  serverZone(
    'queries',
    'http',
    'queries/ knows nothing of HTTP: the route reads the request and passes plain values down.',
  ),
  serverZone(
    'lib',
    'modules',
    'lib/ holds adapters; a module may import lib, never the other way round.',
  ),
  serverZone(
    'lib',
    'queries',
    'lib/ sits below queries/: queries/ may import lib, never the other way round.',
  ),
  serverZone(
    'lib',
    'http',
    'lib/ never imports http/: HTTP middleware lives in http/ and imports lib/.',
  ),
  serverZone(
    'http',
    'modules',
    "http/ sits below the modules: a module's routes file imports http/, never the other way round.",
  ),
];
const onlyRoutesImportHttp = serverZone(
  'modules',
  'http',
  "Only a module's routes file (routes.ts, *-routes.ts) imports http/; a service is verb(ctx, input).",
);

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
  // No import cycles anywhere in src: the @shared/@client aliases resolve through tsconfig.json.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Issue 28: no function in the source over 80 lines, so each one can be reviewed on a screen.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // Issue 28: no source file over 300 lines of code, but the catalogues the whole app reads from.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'src/shared/api-types.ts',
      'src/shared/constants.ts',
      'src/shared/messages.ts',
      'src/shared/pages.ts',
      'src/shared/domain/schemas.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
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
  // Services never see HTTP: only route files (routes.ts, *-routes.ts) in modules import Hono.
  {
    files: ['src/server/modules/**'],
    ignores: ['src/server/modules/**/*routes.ts', 'src/server/**/*.test.ts'],
    rules: restrict([
      { group: ['**/client/**', '@client/*'], message: 'The server never imports the client.' },
      {
        group: ['hono', 'hono/*', '@hono/*'],
        message: 'A service is verb(ctx, input) and never imports Hono; the route does HTTP.',
      },
    ]),
  },
  // Issue 42, one direction on the server: app → render/http → modules → queries → lib → db → shared.
  // Checked on the resolved file, so any spelling of the path is caught (decision 0102).
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath, zones: serverZones }] },
  },
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/*routes.ts', 'src/server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath, zones: [...serverZones, onlyRoutesImportHttp] },
      ],
    },
  },
  {
    files: ['src/server/queries/**'],
    ignores: ['src/server/**/*.test.ts'],
    rules: restrict([
      { group: ['**/client/**', '@client/*'], message: 'The server never imports the client.' },
      {
        group: ['hono', 'hono/*', '@hono/*'],
        message:
          'queries/ is plain (db, params) functions and never imports Hono; the route does HTTP.',
      },
    ]),
  },
  // Folder zones, checked on the resolved file: the client's shared components/ and lib/ never import
  // a feature.
  {
    files: ['src/client/components/**', 'src/client/lib/**'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: [
            ...['components', 'lib'].map((folder) => ({
              target: `./src/client/${folder}`,
              from: './src/client/features',
              message: `${folder}/ is shared by every feature and imports none of them.`,
            })),
            // Issue 42: a data hook lives in a feature's api/ or in lib/api/, one endpoint a file.
            {
              target: './src/client/components',
              from: './src/client/lib/api-client.ts',
              message:
                "components/ holds no data hooks: put the call in a feature's api/ (or lib/api/ when several features read it).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      ...restrict([clientNeverImportsServer]),
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', ...screensWithWords],
    plugins: { i18n: { rules: { 'no-words-in-jsx': noWordsInJsx } } },
    rules: { 'i18n/no-words-in-jsx': ['error', { props: { include: readAttributes } }] },
  },
  // Issue 42: nor does components/ make its own query or mutation (the hook is in an api/ file).
  {
    files: ['src/client/components/**'],
    rules: restrict([
      clientNeverImportsServer,
      {
        group: ['@tanstack/react-query'],
        message:
          "components/ holds no data hooks: use one from a feature's api/ or lib/api/, or take the data as props.",
      },
    ]),
  },
  // Issue 42: a lazy/ folder holds what a screen loads on demand, never a call: that is in api/.
  {
    files: ['src/client/features/*/lazy/**'],
    rules: restrict([
      clientNeverImportsServer,
      {
        group: ['@client/lib/api-client'],
        importNames: ['api'],
        message: "A call lives in its feature's api/ (one endpoint a file); chunks follow imports.",
      },
    ]),
  },
  // Every query and mutation key is named once: in lib/query-keys.ts, or by queryArea() beside its
  // fetcher (decision 0121), so an invalidation names what it means.
  {
    files: ['src/client/**'],
    ignores: ['src/client/lib/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Property[key.name=/^(queryKey|mutationKey)$/] > :matches(ArrayExpression, TSAsExpression)',
          message:
            "Take query and mutation keys from @client/lib/query-keys (queryKeys, or queryArea('<area>') beside the fetcher), not a literal.",
        },
        {
          // Issue 28: every answer has a name in @shared/api-types, which the server's services return.
          selector:
            ":matches(CallExpression[callee.object.name='api'], CallExpression[callee.name='uploadFile']) > TSTypeParameterInstantiation TSTypeLiteral",
          message:
            'Name the answer in @shared/api-types (the service returns it) instead of writing its shape inline.',
        },
      ],
    },
  },
  // Features do not import each other or app/; routes in app/ compose them. Checked on the resolved
  // file, so '@client/features/x', '../../x' and '@client/app/...' are all caught.
  {
    files: ['src/client/features/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: fileURLToPath(new URL('.', import.meta.url)),
          zones: [
            ...features.map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature; compose them in a route.',
            })),
            {
              target: './src/client/features',
              from: './src/client/app',
              message: 'A feature does not import from app/; routes compose features.',
            },
          ],
        },
      ],
    },
  },
);
