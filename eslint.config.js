import { readdirSync } from 'node:fs'

import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Every folder of src/features, read from disk so a new feature is fenced in from its first file. */
const FEATURES = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/**
 * Where code may not import from, checked on the resolved file (so `../../upload/messages` counts as
 * much as `src/features/upload/messages`):
 * - the screen (src/) never reaches into the server (netlify/);
 * - the contract depends on nothing else of src/, so both sides can import it;
 * - lib, components and workers are shared by features and never import one, nor the app;
 * - a feature never imports another's internals, and neither does the app. Where one feature builds on
 *   another (Replace file on the upload steps, bulk actions on the ZIP download), and wherever the app
 *   composes features, it imports that feature's public entry, its `index.ts`, and only what is
 *   exported there (decision 0079). `import()` counts as much as `import`: a lazy part is loaded through
 *   a loader its feature's index exports.
 */
const BOUNDARIES = [
  {
    target: './src',
    from: './netlify',
    message: 'The screen never imports the server; share through src/contract.',
  },
  ...['./src/lib', './src/features', './src/app', './src/components', './src/workers'].map((from) => ({
    target: './src/contract',
    from,
    message: 'src/contract is imported by both sides and imports nothing else of src/.',
  })),
  ...['./src/lib', './src/components', './src/workers'].flatMap((target) =>
    ['./src/features', './src/app'].map((from) => ({
      target,
      from,
      message: 'Shared code never imports a feature or the app.',
    })),
  ),
  {
    target: './src/features',
    from: './src/app',
    message:
      'The app composes features; a feature never imports it. Take what it needs as a prop or move it down.',
  },
  ...['./src/components', './src/workers'].map((from) => ({
    target: './src/lib',
    from,
    message: 'src/lib is the bottom shared layer: it imports only src/contract.',
  })),
  {
    target: './src/components',
    from: './src/workers',
    message: 'Components and workers are side by side: neither imports the other.',
  },
  {
    target: './src/workers',
    from: './src/components',
    message: 'Components and workers are side by side: neither imports the other.',
  },
  ...FEATURES.flatMap((feature) =>
    FEATURES.filter((other) => other !== feature).map((other) => ({
      target: `./src/features/${feature}`,
      from: `./src/features/${other}`,
      except: ['./index.ts'],
      message: `Features import another feature only through its index.ts: import from '../${other}'.`,
    })),
  ),
  ...FEATURES.map((feature) => ({
    target: './src/app',
    from: `./src/features/${feature}`,
    except: ['./index.ts'],
    message: `The app imports a feature only through its index.ts: import from '../features/${feature}', and export what the app needs there.`,
  })),
]

// Functions bundle zod with esbuild (tsconfig.json `paths`), which tree-shakes a namespace import
// but keeps all of zod, every locale included, for the `z` object of `import { z }`.
const ZOD_IMPORT_RULE = [
  {
    selector:
      "ImportDeclaration[source.value='zod'][importKind='value'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
    message: "Import zod as `import * as z from 'zod'`: it keeps function bundles small.",
  },
]
const ROUTE_LITERAL_MESSAGE =
  "Take API paths from the route table (src/contract/routes.ts: routePath, routePrefix, or ENDPOINTS), so a route's path is written once."

/** The server's side: of the screen's code it imports only the contract both sides share. */
const SERVER_BOUNDARIES = [
  {
    target: './netlify',
    from: './src',
    except: ['./contract'],
    message: 'The server imports only src/contract of the screen; move what both sides need there.',
  },
]

/**
 * The files that may call `fetch`: the API's one request (api-call.ts, which the API client and the
 * listing's transport in the library's worker both send through), the API client's file bytes, and the
 * connectivity probe (which the client reports to, so it cannot go through it).
 */
const FETCH_ALLOWED = ['src/lib/api-call.ts', 'src/lib/api-client.ts', 'src/lib/connectivity.ts']
const FETCH_MESSAGE =
  'Call the server through src/lib/api-client.ts (apiRequest, or fileRequest for file bytes): it reports a 401 to the access gate and an outage to the connectivity watch.'

export default tseslint.config(
  { ignores: ['dist', '.netlify', 'node_modules', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...ZOD_IMPORT_RULE],
    },
  },
  {
    files: ['src/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARIES }],
      'no-restricted-imports': ['error', { patterns: ['@netlify/*'] }],
    },
  },
  {
    files: ['src/**'],
    ignores: FETCH_ALLOWED,
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: FETCH_MESSAGE }],
      'no-restricted-properties': [
        'error',
        ...['globalThis', 'window', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: FETCH_MESSAGE,
        })),
      ],
    },
  },
  {
    // Every API path comes from the route table (routePath, routePrefix, ENDPOINTS), never a literal.
    files: ['src/**', 'netlify/**'],
    ignores: ['src/contract/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ZOD_IMPORT_RULE,
        ...[
          'Literal[value=/^\\/api\\//]',
          'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]',
        ].map((selector) => ({ selector, message: ROUTE_LITERAL_MESSAGE })),
      ],
    },
  },
  {
    files: ['netlify/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: SERVER_BOUNDARIES }],
    },
  },
  {
    files: ['netlify/**'],
    ignores: ['netlify/server/storage/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@netlify/blobs',
              message: 'Only netlify/server/storage/ talks to Blobs; use its DocumentStore and ByteStore.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract stays free of both DOM and Node (the patterns above are repeated: a later block's
    // options replace the earlier ones).
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@netlify/*', 'node:*', 'react', 'react-dom'] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)
