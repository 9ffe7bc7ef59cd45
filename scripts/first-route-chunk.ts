/**
 * Which modules go into the first route's chunk (`vite.config.ts`, `codeSplitting`): every module the
 * page's entry imports statically, as the bundler's own `$initial` tag would say, with the bundler's
 * runtime, and the modules the entry imports dynamically for its first render (`FIRST_RENDER_MODULES`)
 * with what they import. Left alone, the bundler splits off the parts lazy chunks share with the entry
 * (three files compress 4 KB worse than one) and gives a dynamic import a chunk of its own.
 *
 * In the entry's chunk a dynamic import costs no request: the module runs when the entry asks for it,
 * in a task of the entry's choosing, rather than with the script's modules (decision 0062).
 */
import type { Plugin, Rolldown } from 'vite'

type CodeSplittingGroup = Rolldown.CodeSplittingGroup
type ChunkingContext = Rolldown.ChunkingContext

/** React DOM's client: its module makes Error objects as it runs (decision 0062). */
const FIRST_RENDER_MODULES = [/[\\/]node_modules[\\/]react-dom[\\/]client\.js$/]

/** The bundler's runtime (`RUNTIME_MODULE_ID`), which no module imports: the chunks import it. */
const BUNDLER_RUNTIME = '\0rolldown/runtime.js'

/** Whether `id` belongs in the first route's chunk: a module that leads there imports it statically. */
export function inFirstRoute(id: string, context: ChunkingContext): boolean {
  return leadsToFirstRoute(id, context, new Set())
}

function leadsToFirstRoute(id: string, context: ChunkingContext, visiting: Set<string>): boolean {
  const info = context.getModuleInfo(id)
  if (info === null || visiting.has(id)) return false
  if (info.isEntry || id === BUNDLER_RUNTIME || FIRST_RENDER_MODULES.some((module) => module.test(id)))
    return true
  visiting.add(id)
  return info.importers.some((importer) => leadsToFirstRoute(importer, context, visiting))
}

/** The first route's group: its chunk is named `initial` (the name the build has always given it). */
export const FIRST_ROUTE_GROUP: CodeSplittingGroup = {
  name: (id, context) => (inFirstRoute(id, context) ? 'initial' : null),
}

/** Where zod's modules are: none may be in the first route (decision 0042). */
const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]/

/**
 * The first route's modules that are zod's, each with the chain of static imports that brought it from
 * the entry: empty when the first route is free of zod. zod's compiled checks probe `eval` as they load,
 * which the Content-Security-Policy reports as a violation on every page (decision 0042).
 */
export function zodOnFirstRoute(
  moduleIds: readonly string[],
  importersOf: (id: string) => readonly string[],
): string[] {
  const onRoute = new Set(moduleIds)
  const first = moduleIds.find((id) => ZOD_MODULE.test(id))
  if (first === undefined) return []
  // Up from one of zod's modules through whatever imports it (zod's own entry, a re-export only, may
  // have left no module in the chunk) to the entry, keeping the app's modules that led there.
  const cameFrom = new Map<string, string | null>([[first, null]])
  const queue = [first]
  let top = first
  while (queue.length > 0) {
    const at = queue.shift() as string
    const next = importersOf(at).filter(
      (importer) => !cameFrom.has(importer) && (ZOD_MODULE.test(importer) || onRoute.has(importer)),
    )
    if (next.length === 0 && !ZOD_MODULE.test(at)) {
      top = at
      break
    }
    for (const importer of next) {
      cameFrom.set(importer, at)
      queue.push(importer)
    }
  }
  const chain: string[] = []
  for (let at: string | null = top; at !== null; at = cameFrom.get(at) ?? null) {
    // The app's modules, then only the first of zod's.
    if (!ZOD_MODULE.test(at) || !ZOD_MODULE.test(chain.at(-1) ?? '')) chain.push(at)
  }
  return [chain.join('\n  -> ')]
}

/** Fails the build when zod reaches the first route's chunk, naming the imports that brought it. */
export function firstRouteWithoutZodPlugin(): Plugin {
  return {
    name: 'first-route-without-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue
        const found = zodOnFirstRoute(chunk.moduleIds, (id) => this.getModuleInfo(id)?.importers ?? [])
        if (found.length > 0) {
          this.error(`zod is on the first route (decision 0042), imported by:\n${found.join('\n')}`)
        }
      }
    },
  }
}
