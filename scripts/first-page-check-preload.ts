import type { Plugin, Rolldown } from 'vite'

/** Marks the preloads of the first page's check, which the first route's size leaves out (bundle-sizes.ts). */
export const FIRST_PAGE_CHECK_ATTRIBUTE = 'data-first-page-check'

/** The module that checks the first page's answer with the contract's schema (zod, decision 0042). */
const CHECK_MODULE = /[\\/]src[\\/]features[\\/]library[\\/]listing[\\/]page-text\.ts$/

type Bundle = Rolldown.OutputBundle
type Chunk = Rolldown.OutputChunk

/**
 * The files of the first page's check: its chunk and the chunks it imports statically, other than the
 * entry's, which the page loads anyway. Every visit imports it as the app's script runs
 * (`startListingEarly`), and the first cards wait for it.
 */
export function firstPageCheckFiles(bundle: Bundle): string[] {
  const chunks = new Map<string, Chunk>()
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output)
  const check = [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => CHECK_MODULE.test(id)))
  if (check === undefined)
    throw new Error("The build has no chunk of its own for the first page's check (page-text.ts)")
  const files: string[] = []
  const queue = [check.fileName]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const chunk = chunks.get(next)
    if (chunk === undefined || chunk.isEntry || files.includes(next)) continue
    files.push(next)
    queue.push(...chunk.imports)
  }
  return files
}

/**
 * The built page with a low-priority modulepreload of each file of the first page's check before its
 * head ends: they download beside the app's script, after what the first paint needs, rather than once
 * that script has run, and the first cards no longer wait a round trip for them (decision 0086). The
 * browser compiles them as they come; they run when the app imports them, as before.
 */
export function preloadFirstPageCheck(html: string, files: readonly string[], base: string): string {
  const links = files.map(
    (file) =>
      `<link rel="modulepreload" crossorigin href="${base}${file}" fetchpriority="low" ${FIRST_PAGE_CHECK_ATTRIBUTE}>`,
  )
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
}

/** Applies `preloadFirstPageCheck` to the built index.html (not in development). */
export function firstPageCheckPreloadPlugin(): Plugin {
  let base = '/'
  return {
    name: 'media-file-manager:first-page-check-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.bundle === undefined) return html
        return preloadFirstPageCheck(html, firstPageCheckFiles(context.bundle), base)
      },
    },
  }
}
