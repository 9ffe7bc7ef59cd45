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
 * - a feature never imports another's internals. Where one feature builds on another (Replace file on
 *   the upload steps, bulk actions on the ZIP download), it imports that feature's public entry, its
 *   `index.ts`, and only what is exported there. The app composes features and may import any file.
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
  ...FEATURES.flatMap((feature) =>
    FEATURES.filter((other) => other !== feature).map((other) => ({
      target: `./src/features/${feature}`,
      from: `./src/features/${other}`,
      except: ['./index.ts'],
      message: `Features import another feature only through its index.ts: import from '../${other}'.`,
    })),
  ),
]

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
      // Functions bundle zod with esbuild (tsconfig.json `paths`), which tree-shakes a namespace import
      // but keeps all of zod, every locale included, for the `z` object of `import { z }`.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind='value'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
          message: "Import zod as `import * as z from 'zod'`: it keeps function bundles small.",
        },
      ],
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
