// ESLint: the layers of the server and of the web app, and no import cycles (docs/decisions/0015-server-layers.md),
// plus type-aware, React hook and accessibility rules (docs/decisions/0030-type-and-lint-gate.md). Formatting
// is Prettier's (.prettierrc.json); types are checked by `tsc -b`.
// `npm run lint` runs it; `npm test` counts it as one test.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

const root = path.dirname(fileURLToPath(import.meta.url));
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';
const TS_FILES = ['apps/**/*.{ts,tsx,mts}', 'packages/**/*.{ts,tsx,mts}'];

/** One zone per feature folder: it may import itself, never a sibling feature. */
function featureZones(features) {
  const dirs = readdirSync(path.join(root, features), { withFileTypes: true }).filter((d) => d.isDirectory());
  return dirs.map((d) => ({
    target: `./${features}/${d.name}`,
    from: `./${features}`,
    except: [`./${d.name}`],
    message:
      'A feature may not import another feature: move what both need to a lower layer (lib/, domain/ or components/).',
  }));
}

const serverZones = [
  {
    target: [`./${SERVER}/lib`, `./${SERVER}/db`],
    from: [`./${SERVER}/domain`, `./${SERVER}/features`, `./${SERVER}/app.ts`, `./${SERVER}/server.ts`],
    message:
      'lib/ and db/ are the lowest layers of the server: they may not import domain/, features/, app.ts or server.ts.',
  },
  {
    target: `./${SERVER}/features`,
    from: [`./${SERVER}/app.ts`, `./${SERVER}/server.ts`, `./${SERVER}/index.ts`],
    message:
      'Features are composed by app.ts and server.ts; they may not import them (the request context types live in lib/context.ts).',
  },
  {
    target: `./${SERVER}/domain`,
    from: [`./${SERVER}/features`, `./${SERVER}/app.ts`, `./${SERVER}/server.ts`],
    message: 'domain/ may not import features/, app.ts or server.ts.',
  },
  ...featureZones(`${SERVER}/features`),
];

const webZones = [
  {
    target: [`./${WEB}/lib`, `./${WEB}/components`, `./${WEB}/config`],
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message: 'lib/, components/ and config/ are shared by every feature: they may not import features/ or app/.',
  },
  ...featureZones(`${WEB}/features`),
];

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/.tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  {
    files: TS_FILES,
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    plugins: { import: importX },
    settings: {
      // The dependency graph (no-cycle) is read from TypeScript sources with the same parser.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'apps/extension/tsconfig.json',
            'packages/*/tsconfig.json',
          ],
        }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      // import-x's no-cycle follows value imports; `import type` circles across layers are caught by the
      // zones below (which check type imports too), the rest by review.
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, ...webZones] }],
    },
  },
  // Type-aware rules (typescript-eslint recommendedTypeChecked), React's hook rules and accessibility rules.
  ...tseslint.configs.recommendedTypeChecked.map((c) => ({ ...c, files: TS_FILES })),
  { ...reactHooks.configs.flat['recommended-latest'], files: ['apps/web/src/**/*.{ts,tsx}'] },
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // autoFocus is used only on the one field the user has just asked for (an inline edit they opened, a
      // two-factor code step, the reset link's new-password page), where focus there is what they expect.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    files: TS_FILES,
    rules: {
      // React ignores what an event handler returns, so `onClick={async () => ...}` is fine; promises
      // passed anywhere else that expects a void callback are still reported (documented option).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // A leading underscore marks a parameter or destructured rest-sibling that is there on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The web app reads the server's route types (hc<AppType>) but must never bundle server code: only
    // `import type` may cross from apps/web into the server workspace (decision 0031). The browser tests
    // (apps/web/e2e) run in Node, not in the bundle, and build their test files with the server's fixtures.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@plainspoken/server', '@plainspoken/server/*', '**/apps/server/**', '**/server/src/**'],
              allowTypeImports: true,
              message: 'The web app may import the server only with `import type` (its route types for hc).',
            },
          ],
        },
      ],
    },
  },
  {
    // Test fakes stand in for Promise-returning APIs (fetch, the auth client): `async () => value` is
    // the plainest way to write one, so an async fake without await is not a mistake here.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'apps/web/e2e/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
];
