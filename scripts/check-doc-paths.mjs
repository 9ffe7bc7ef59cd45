#!/usr/bin/env node
/**
 * Fails when docs/architecture.md, docs/walks.md or a decision record (docs/decisions/*.md) names, in
 * backticks, a path of the repository (under src/, netlify/, tests/, scripts/ or docs/) that does not
 * exist. A pattern
 * (`src/features/<name>/`, `netlify/functions/*.mts`, `tests/netlify/server/records/...`) is not a path
 * and is let be; a command's first word is its path (`scripts/measure-bundles.ts --build`).
 *
 * A decision record is history: a path that has moved keeps its place, with where it is now after it,
 * "`src/workers/listing-loader.ts` (now `src/features/library/listing/listing-loader.ts`)" (inside
 * brackets of its own, "`old`, now `new`"), or "(since removed)"; the new path is checked in turn. The
 * architecture map is about today, so its paths must all exist. The repository root is the first
 * argument, this file's parent by default.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url))

/** The documents about today: every path they name must exist. */
const MAPS = ['docs/architecture.md', 'docs/walks.md']
const RECORDS = 'docs/decisions'
const REPOSITORY_PATH = /^(?:src|netlify|tests|scripts|docs)\/[\w.@/-]*$/
/** What may follow a moved or removed path in a record, after its closing backtick. */
const ANNOTATED = /^(?:\s*\(now\s|\s*\(since\s+removed|,\s+now\s)/

const documents = [
  ...MAPS.filter((map) => existsSync(join(root, map))),
  ...(existsSync(join(root, RECORDS))
    ? readdirSync(join(root, RECORDS))
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `${RECORDS}/${name}`)
    : []),
]

const problems = []
for (const document of documents) {
  const text = readFileSync(join(root, document), 'utf8')
  const isRecord = document.startsWith(`${RECORDS}/`)
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const path = match[1].trim().split(/\s+/)[0]
    if (!REPOSITORY_PATH.test(path) || path.includes('..')) continue
    if (existsSync(join(root, path))) continue
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 40)
    if (isRecord && ANNOTATED.test(after)) continue
    const line = text.slice(0, match.index).split('\n').length
    problems.push(`${document}:${line}: \`${path}\` does not exist`)
  }
}

if (problems.length > 0) {
  console.error(
    `Paths named in the docs that are not in the repository (see scripts/check-doc-paths.mjs):\n  ${problems.join('\n  ')}\n` +
      'In a decision record keep the old path and add where it is now after it, "(now `new/path`)", or\n' +
      'say "(since removed)"; in docs/architecture.md and docs/walks.md write the path as it is today.',
  )
  process.exitCode = 1
}
