import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const FEATURES = ['library', 'folders', 'upload', 'preview', 'edit-file', 'bulk-actions', 'access']

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
    // The screen never reaches into the server, and the contract stays free of both DOM and Node.
    files: ['src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/netlify/**', '@netlify/*'] }],
    },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'react', 'react-dom', '**/lib/**', '**/features/**'] },
      ],
    },
  },
  // Features never import each other; the app composes them.
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: FEATURES.filter((other) => other !== feature).map((other) => `**/features/${other}/**`),
        },
      ],
    },
  })),
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)
