import { resolve } from 'node:path'

import type { Plugin } from 'vite'

import { firstRouteOverBudget } from './bundle-sizes.ts'

/**
 * Fails the build when what index.html loads before its first paint passes its brotli budget
 * (`TARGETS.firstRouteBrotliBytes`) once the bundle is written, naming each file with its size: the first route is the script and
 * styles a phone downloads before the first screen can be drawn (decision 0086).
 */
export function firstRouteBudgetPlugin(): Plugin {
  let outDir = 'dist'
  return {
    name: 'first-route-budget',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async writeBundle() {
      const over = await firstRouteOverBudget(outDir)
      if (over !== null) this.error(over)
    },
  }
}
