import type { Plugin } from 'vite'

/** exifr's full build, which the Upload dialog loads to read an image's embedded metadata. */
const EXIFR_FULL = /[\\/]exifr[\\/]dist[\\/]full\.esm\.mjs$/

/** Where exifr loads an optional Node module: through `require` when there is one, else `import()`. */
const NODE_REQUIRE = '"function"==typeof require?Promise.resolve(t(require(e))):'

/**
 * exifr's browser build names `require` to load Node modules (only ever under Node). The bundler answers
 * that name with a stand-in, and the stand-in moves its runtime helpers out of the first route's script
 * into a file of their own, one more on the first route. On a page the loader takes `import()`.
 */
export function withoutNodeRequire(code: string): string {
  return code.replace(NODE_REQUIRE, '')
}

export function exifrBrowserPlugin(): Plugin {
  return {
    name: 'exifr-browser',
    apply: 'build',
    transform(code, id) {
      return EXIFR_FULL.test(id) ? { code: withoutNodeRequire(code), map: null } : null
    },
  }
}
