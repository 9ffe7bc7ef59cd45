import { resolve } from 'node:path'

import type { Plugin } from 'vite'

import { firstRouteOverBudget } from './bundle-sizes.ts'

/**
 * Fails the build when what index.html loads before its first paint passes its brotli budget
 * (`TARGETS.firstRouteBrotliBytes`) once the bundle is written, naming each file with its size: the first route is the script and
 * styles a phone downloads before the first screen can be drawn (decision 0086). A build left unminified
 * (the benchmarks' profiling builds, which keep the code's names) ships nowhere and is not held to it.
 */
export function firstRouteBudgetPlugin(): Plugin {
  let outDir = 'dist'
  let shipped = true
  return {
    name: 'first-route-budget',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
      shipped = config.build.minify !== false
    },
    async writeBundle() {
      if (!shipped) return
      const over = await firstRouteOverBudget(outDir)
      if (over !== null) this.error(over)
    },
  }
}
