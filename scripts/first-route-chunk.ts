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
import type { Rolldown } from 'vite'

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
