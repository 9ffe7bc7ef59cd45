#!/usr/bin/env node
/**
 * Fails when a unit or component test is not where the code it tests is. A test of `src/a/b.ts` is
 * `tests/src/a/b.test.ts` (or `b.<aspect>.test.ts`, e.g. `b.property.test.ts`); of `netlify/server/c.ts`,
 * `tests/netlify/server/c.test.ts`. A test that runs in jsdom is named `*.dom.test.tsx`, and only such a
 * file may be a `.tsx` test (vite.config.ts picks the environment by that name). The tests that cover a
 * flow across several modules rather than one file are listed in CROSS_CUTTING, each in the folder of
 * the code it mostly drives. The repository root is the first argument, this file's parent by default.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url))

const CROSS_CUTTING = new Set([
  'tests/src/app/access-gate.dom.test.tsx',
  'tests/src/app/alt-text.dom.test.tsx',
  'tests/src/app/bulk.dom.test.tsx',
  'tests/src/app/command-surfaces.dom.test.tsx',
  'tests/src/app/delete-focus.dom.test.tsx',
  'tests/src/app/details-menu.dom.test.tsx',
  'tests/src/app/edit-delete.dom.test.tsx',
  'tests/src/app/folders.dom.test.tsx',
  'tests/src/app/function-router.dom.test.tsx',
  'tests/src/app/grid-list.dom.test.tsx',
  'tests/src/app/hostile-labels.dom.test.tsx',
  'tests/src/app/image-settings.dom.test.tsx',
  'tests/src/app/keyboard.dom.test.tsx',
  'tests/src/app/layout.dom.test.tsx',
  'tests/src/app/quick-moves.dom.test.tsx',
  'tests/src/app/roles.dom.test.tsx',
  'tests/src/app/screen-states.dom.test.tsx',
  'tests/src/app/search-filters.dom.test.tsx',
  'tests/src/app/sign-out.dom.test.tsx',
  'tests/src/app/start-app-script.test.ts',
  'tests/src/app/theme-and-drop.dom.test.tsx',
  'tests/src/app/theme-init-script.test.ts',
  'tests/src/app/trash.dom.test.tsx',
  'tests/src/app/webflow-panel.dom.test.tsx',
  'tests/src/app/webflow-sync.dom.test.tsx',
  'tests/src/components/ui/stand-in.dom.test.tsx',
  'tests/src/contract/page-schema-digest.test.ts',
  'tests/src/features/download/bulk-zip.dom.test.tsx',
  'tests/src/features/library/density-switch.dom.test.tsx',
  'tests/src/features/library/kept-store.test.ts',
  'tests/src/features/library/listing/listing-changes.test.ts',
  'tests/src/features/library/engine/media-index-edit.test.ts',
  'tests/src/features/library/model/screen-models.test.ts',
  'tests/src/features/preview/details-preview.dom.test.tsx',
  'tests/src/features/preview/preview-model.test.ts',
  'tests/src/features/upload/cloudinary-dialog.dom.test.tsx',
  'tests/src/features/upload/cloudinary-signed.dom.test.tsx',
  'tests/src/features/upload/upload-helpers.test.ts',
  'tests/netlify/server/concurrency.test.ts',
  'tests/netlify/server/faults.test.ts',
  'tests/netlify/server/files/thumbnail-caching.test.ts',
  'tests/netlify/server/folders/folder-update-route.test.ts',
  'tests/netlify/server/folders/look-alike-names.test.ts',
  'tests/netlify/server/hostile-input.property.test.ts',
  'tests/netlify/server/http/access-routes.test.ts',
  'tests/netlify/server/images/image-delivery.test.ts',
  'tests/netlify/server/images/image-settings-fields.test.ts',
  'tests/netlify/server/imports/import-url.test.ts',
  'tests/netlify/server/record-size.property.test.ts',
  'tests/netlify/server/record-write-path.test.ts',
  'tests/netlify/server/records/alt-text.test.ts',
  'tests/netlify/server/records/byte-budgets.property.test.ts',
  'tests/netlify/server/records/byte-budgets.test.ts',
  'tests/netlify/server/records/ids-past-counter.test.ts',
  'tests/netlify/server/records/page-answer-budget.test.ts',
  'tests/netlify/server/records/page-changes.test.ts',
  'tests/netlify/server/repair/repair.test.ts',
  'tests/netlify/server/trash/trash-mirror.test.ts',
  'tests/netlify/server/unconfirmed-writes.test.ts',
  'tests/netlify/server/uploads/tus-creation-with-upload.test.ts',
  'tests/netlify/server/uploads/tus-handler.test.ts',
  'tests/netlify/server/webflow/adjusted-asset.test.ts',
  'tests/netlify/server/webflow/typed-collection.test.ts',
  'tests/netlify/server/webflow/webflow-fake.test.ts',
  'tests/netlify/server/webflow/webflow-functions.test.ts',
])

function* testFiles(folder) {
  if (!existsSync(folder)) return
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) yield* testFiles(path)
    else if (/\.test\.tsx?$/.test(name)) yield relative(root, path).split('\\').join('/')
  }
}

const problems = []
for (const test of [...testFiles(join(root, 'tests/src')), ...testFiles(join(root, 'tests/netlify'))]) {
  const mirrored = test.slice('tests/'.length)
  const folder = mirrored.slice(0, mirrored.lastIndexOf('/'))
  const name = mirrored.slice(folder.length + 1)
  const stem = name.slice(0, name.indexOf('.'))
  if (name.endsWith('.test.tsx') && !name.endsWith('.dom.test.tsx')) {
    problems.push(`${test}: a .tsx test runs in jsdom and is named *.dom.test.tsx`)
  }
  if (!existsSync(join(root, folder))) {
    problems.push(`${test}: there is no ${folder}/ for it to mirror`)
  } else if (
    !CROSS_CUTTING.has(test) &&
    !['.ts', '.tsx', '.mts'].some((extension) => existsSync(join(root, folder, stem + extension)))
  ) {
    problems.push(`${test}: there is no ${folder}/${stem}.ts(x) for it to test`)
  }
}
// Over the repository itself, a listed test moved or removed is named too, so the list stays true.
for (const listed of process.argv[2] === undefined ? CROSS_CUTTING : []) {
  if (!existsSync(join(root, listed))) problems.push(`${listed} is listed as cross-cutting but is not there`)
}

if (problems.length > 0) {
  console.error(
    `Tests out of the mirrored tree (see scripts/check-test-tree.mjs):\n  ${problems.join('\n  ')}`,
  )
  process.exitCode = 1
}
