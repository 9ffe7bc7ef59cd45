import { describe, expect, it } from 'vitest'

import { inFirstRoute, zodOnFirstRoute } from '../../scripts/first-route-chunk'

const REACT_DOM_CLIENT = '/app/node_modules/react-dom/client.js'

/**
 * A module graph as the bundler's chunking context shows it: each module with the modules that import
 * it statically (`importers`) and dynamically.
 */
function graph(
  modules: Record<string, { entry?: boolean; importers?: string[]; dynamicImporters?: string[] }>,
) {
  return {
    getModuleInfo: (id: string) => {
      const module = modules[id]
      if (module === undefined) return null
      return {
        id,
        isEntry: module.entry ?? false,
        importers: module.importers ?? [],
        dynamicImporters: module.dynamicImporters ?? [],
      } as unknown as ReturnType<Parameters<typeof inFirstRoute>[1]['getModuleInfo']>
    },
  }
}

describe('the first route’s chunk', () => {
  const context = graph({
    '/app/src/app/main.tsx': { entry: true },
    '/app/src/app/app.tsx': { importers: ['/app/src/app/main.tsx'] },
    '/app/src/lib/shared.ts': { importers: ['/app/src/app/app.tsx', '/app/src/dialog.tsx'] },
    '/app/src/dialog.tsx': { dynamicImporters: ['/app/src/app/app.tsx'] },
    '/app/src/dialog-only.ts': { importers: ['/app/src/dialog.tsx'] },
    [REACT_DOM_CLIENT]: { dynamicImporters: ['/app/src/app/main.tsx'] },
    '/app/node_modules/scheduler/index.js': { importers: [REACT_DOM_CLIENT] },
    '\0rolldown/runtime.js': {},
    // A cycle that nothing of the first route imports.
    '/app/src/a.ts': { importers: ['/app/src/b.ts'], dynamicImporters: ['/app/src/dialog.tsx'] },
    '/app/src/b.ts': { importers: ['/app/src/a.ts'] },
  })

  it('holds what the entry imports statically, and what its lazy parts share with it', () => {
    for (const id of ['/app/src/app/main.tsx', '/app/src/app/app.tsx', '/app/src/lib/shared.ts'])
      expect(inFirstRoute(id, context), id).toBe(true)
  })

  it('holds React DOM’s client, which the entry imports dynamically for its first render, with its imports, and the runtime', () => {
    for (const id of [REACT_DOM_CLIENT, '/app/node_modules/scheduler/index.js', '\0rolldown/runtime.js'])
      expect(inFirstRoute(id, context), id).toBe(true)
  })

  it('leaves out what only lazy parts import, cycles among them too', () => {
    for (const id of ['/app/src/dialog.tsx', '/app/src/dialog-only.ts', '/app/src/a.ts', '/app/src/b.ts'])
      expect(inFirstRoute(id, context), id).toBe(false)
    expect(inFirstRoute('/app/src/unknown.ts', context)).toBe(false)
  })
})

describe('zodOnFirstRoute', () => {
  const IMPORTERS: Record<string, string[]> = {
    '/p/node_modules/zod/v4/core/util.js': ['/p/node_modules/zod/v4/classic/schemas.js'],
    '/p/node_modules/zod/v4/classic/schemas.js': ['/p/node_modules/zod/index.js'],
    '/p/node_modules/zod/index.js': ['/p/src/contract/activity.ts'],
    '/p/src/contract/activity.ts': ['/p/src/features/activity/api/activity.ts', '/p/src/lazy.ts'],
    '/p/src/features/activity/api/activity.ts': ['/p/src/app/main.tsx'],
  }
  const importersOf = (id: string) => IMPORTERS[id] ?? []

  it('names the chain of imports that brought zod onto the first route, from the entry', () => {
    const route = [
      '/p/src/app/main.tsx',
      '/p/src/features/activity/api/activity.ts',
      '/p/src/contract/activity.ts',
      // zod's entry only re-exports: the bundle keeps its modules, not it.
      '/p/node_modules/zod/v4/core/util.js',
      '/p/node_modules/zod/v4/classic/schemas.js',
    ]
    expect(zodOnFirstRoute(route, importersOf)).toEqual([
      [
        '/p/src/app/main.tsx',
        '/p/src/features/activity/api/activity.ts',
        '/p/src/contract/activity.ts',
        '/p/node_modules/zod/index.js',
      ].join('\n  -> '),
    ])
  })

  it('finds nothing on a first route without zod', () => {
    expect(zodOnFirstRoute(['/p/src/app/main.tsx', '/p/src/lib/access.ts'], importersOf)).toEqual([])
  })
})
