import type { Plugin } from 'vite'

/** The attribute that marks the app's script for `public/startup/start-app.js`, which runs it. */
export const APP_SCRIPT_ATTRIBUTE = 'data-app-script'

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/

/**
 * The built page with its module script turned into a modulepreload of the same file, marked for
 * start-app.js: the browser downloads the script from the start, after what the first paint needs (low
 * priority: the style sheet and theme-init.js go first), and start-app.js runs it once the page has
 * painted its HTML (decision 0038). A page without exactly one module script is an error.
 */
export function startAfterPaint(html: string): string {
  const scripts = html.match(new RegExp(MODULE_SCRIPT.source, 'g')) ?? []
  if (scripts.length !== 1) {
    throw new Error(
      `The built page has ${String(scripts.length)} module scripts, where start-app.js runs one`,
    )
  }
  return html.replace(
    MODULE_SCRIPT,
    (_, src: string) =>
      `<link rel="modulepreload" crossorigin href="${src}" fetchpriority="low" ${APP_SCRIPT_ATTRIBUTE}>`,
  )
}

/** Applies `startAfterPaint` to the built index.html (not in development, where the script runs as written). */
export function startAfterPaintPlugin(): Plugin {
  return {
    name: 'media-file-manager:start-after-paint',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: startAfterPaint },
  }
}
