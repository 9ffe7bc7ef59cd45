/**
 * The walks of docs/walks.md: numbered lists of the files a reader opens to follow one path through the
 * code. `checkWalks` holds each to the rules the document states: every file exists, a walk has at most
 * `MOST_STEPS` steps, each file once, and each step is linked in the code to the step before it, or to the
 * earlier step it names with "(after N)". Two files are linked when one imports the other (`import`,
 * `import()`, `export ... from`, a worker's `new URL(..., import.meta.url)`; a feature's `index.ts` stands
 * for the files it re-exports), when an HTML file loads the other (`src="/..."`), or when one calls the
 * API route the other is the function of (`ENDPOINTS.<name>`, `routePath('<name>')`,
 * `functionUrl('<function>')` or the route's path as a string, against `API_ROUTES`).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'

import ts from 'typescript'

import { API_ROUTES } from '../src/contract/routes.ts'

/** The most files one walk may ask a reader to open. */
export const MOST_STEPS = 12

export interface WalkStep {
  number: number
  path: string
  /** The step this one follows on from: the one before it unless the line says "(after N)". */
  after: number | null
}

export interface Walk {
  title: string
  steps: WalkStep[]
}

const STEP = /^(\d+)\. `([^`]+)`(?: \(after (\d+)\))?/

/** The walks of a document: each `## ` section holding a numbered list of files in backticks. */
export function readWalks(markdown: string): Walk[] {
  const walks: Walk[] = []
  let current: Walk | null = null
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) {
      current = { title: line.slice(3).trim(), steps: [] }
      walks.push(current)
      continue
    }
    const match = STEP.exec(line)
    if (match === null || current === null) continue
    const number = Number(match[1])
    const after = match[3] === undefined ? (number > 1 ? number - 1 : null) : Number(match[3])
    current.steps.push({ number, path: match[2] ?? '', after })
  }
  return walks.filter((walk) => walk.steps.length > 0)
}

const SOURCE = /\.(?:ts|tsx|mts|js|mjs)$/
const RESOLVED = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx']

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile()
}

/** The repository path a specifier of `from` names, or null for a package or a file not found. */
function resolve(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const base = posix.join(dirname(from), specifier)
  for (const ending of RESOLVED) if (isFile(join(root, base + ending))) return base + ending
  return null
}

/** The files `path` imports itself, types and `import()` included, and the worker scripts it starts. */
function ownImports(root: string, path: string, text: string): string[] {
  const specifiers = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName)
  for (const match of text.matchAll(/new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g))
    specifiers.push(match[1] ?? '')
  return specifiers.flatMap((specifier) => resolve(root, path, specifier) ?? [])
}

const FRONT_DOOR = /^src\/features\/[^/]+\/index\.tsx?$/

/** The files `path` loads: its imports (a front door as the files behind it), or an HTML page's scripts. */
export function linksOf(root: string, path: string): Set<string> {
  const text = readFileSync(join(root, path), 'utf8')
  if (path.endsWith('.html')) {
    const loaded = [...text.matchAll(/\bsrc="\/([^"]+)"/g)].map((match) => match[1] ?? '')
    return new Set(loaded.map((file) => (isFile(join(root, 'public', file)) ? `public/${file}` : file)))
  }
  if (!SOURCE.test(path)) return new Set()
  const links = new Set<string>()
  for (const imported of ownImports(root, path, text)) {
    links.add(imported)
    if (FRONT_DOOR.test(imported) && imported !== path) {
      const door = readFileSync(join(root, imported), 'utf8')
      for (const behind of ownImports(root, imported, door)) links.add(behind)
    }
  }
  return links
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The functions (`netlify/functions/<name>.mts`) whose routes the file's text calls. */
export function routesCalled(text: string): Set<string> {
  const called = new Set<string>()
  for (const route of API_ROUTES) {
    const names = [
      new RegExp(`\\bENDPOINTS\\.${route.name}\\b`),
      new RegExp(`\\broutePath\\(\\s*'${route.name}'`),
      new RegExp(`\\bfunctionUrl\\(\\s*'${route.function}'`),
    ]
    // A path with no parts to fill, as a string: the page's own scripts cannot import the table.
    if (!/[:*]/.test(route.path)) names.push(new RegExp(`['"\`]${escaped(route.path)}(?=[?'"\`])`))
    if (names.some((name) => name.test(text))) called.add(`netlify/functions/${route.function}.mts`)
  }
  return called
}

/** How `from` leads to `to` in the code, or null when it does not. */
export function linkBetween(root: string, from: string, to: string): string | null {
  if (linksOf(root, from).has(to)) return `${from} loads ${to}`
  if (linksOf(root, to).has(from)) return `${to} loads ${from}`
  const text = (path: string) => (SOURCE.test(path) ? readFileSync(join(root, path), 'utf8') : '')
  if (routesCalled(text(from)).has(to)) return `${from} calls the route of ${to}`
  if (routesCalled(text(to)).has(from)) return `${to} calls the route of ${from}`
  return null
}

/** What is wrong with the walks of `markdown` (file `document` under `root`); empty when nothing is. */
export function checkWalks(root: string, markdown: string, document = 'docs/walks.md'): string[] {
  const problems: string[] = []
  const walks = readWalks(markdown)
  if (walks.length === 0) problems.push(`${document} holds no walk`)
  for (const { title, steps } of walks) {
    const where = `${document}, "${title}"`
    if (steps.length > MOST_STEPS)
      problems.push(`${where}: ${String(steps.length)} files, more than ${String(MOST_STEPS)}`)
    const paths = new Map<number, string>()
    for (const [index, step] of steps.entries()) {
      if (step.number !== index + 1) problems.push(`${where}: step ${String(step.number)} is out of order`)
      if ([...paths.values()].includes(step.path))
        problems.push(`${where}: step ${String(step.number)} repeats ${step.path}`)
      paths.set(step.number, step.path)
      if (!isFile(join(root, step.path))) {
        problems.push(`${where}: step ${String(step.number)}, ${step.path}, does not exist`)
        continue
      }
      if (step.after === null) continue
      const before = step.after < step.number ? paths.get(step.after) : undefined
      if (before === undefined) {
        problems.push(`${where}: step ${String(step.number)} follows no earlier step`)
        continue
      }
      if (isFile(join(root, before)) && linkBetween(root, before, step.path) === null)
        problems.push(`${where}: step ${String(step.number)}, ${step.path}, is not linked to ${before}`)
    }
  }
  return problems
}
