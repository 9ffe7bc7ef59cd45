import type { Plugin } from 'vite'

/**
 * The Content-Security-Policy of the page and its assets, written at build time into `dist/_headers`
 * (Netlify applies a `_headers` file of the publish directory, in a deploy and under netlify dev), so it
 * names exactly the origins this build talks to. netlify.toml keeps the other security headers.
 *
 * Inline styles are allowed because sonner (toasts) and Radix dialogs (react-remove-scroll) add <style>
 * elements at run time; no script is inline. blob: serves the upload dialog's previews and the thumbnails
 * drawn at upload; the workers (SHA-256, pdf.js) are files of this site. Cloudinary appears only when the
 * build uploads to it: its API (or `VITE_CLOUDINARY_API_BASE`) in connect-src, its delivery host (and
 * `VITE_CLOUDINARY_DELIVERY_BASE`, a custom delivery domain) in img-src, media-src and connect-src.
 */
export const CLOUDINARY_API_ORIGIN = 'https://api.cloudinary.com'
export const CLOUDINARY_DELIVERY_ORIGIN = 'https://res.cloudinary.com'
export const OFFICE_VIEWER_ORIGIN = 'https://view.officeapps.live.com'

type Env = Record<string, string | undefined>

const setting = (env: Env, name: string) => env[name]?.trim() ?? ''

/** The origin of an http(s) URL setting; a build with anything else fails, naming the setting. */
function originOf(env: Env, name: string): string | null {
  const value = setting(env, name)
  if (value === '') return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an http(s) URL, not ${JSON.stringify(value)}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an http(s) URL, not ${JSON.stringify(value)}`)
  }
  return url.origin
}

const unique = (sources: (string | null)[]) => [...new Set(sources.filter((source) => source !== null))]

/** The policy for a build's `VITE_` settings. */
export function contentSecurityPolicy(env: Env): string {
  const cloudinary = setting(env, 'VITE_CLOUDINARY_CLOUD_NAME') !== ''
  const api = cloudinary ? [originOf(env, 'VITE_CLOUDINARY_API_BASE') ?? CLOUDINARY_API_ORIGIN] : []
  const delivery = cloudinary
    ? unique([CLOUDINARY_DELIVERY_ORIGIN, originOf(env, 'VITE_CLOUDINARY_DELIVERY_BASE')])
    : []
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...delivery],
    ['media-src', "'self'", 'blob:', ...delivery],
    // Delivery too: the text and PDF previews read a file's bytes with fetch.
    ['connect-src', "'self'", ...unique([...api, ...delivery])],
    ['worker-src', "'self'", 'blob:'],
    ['frame-src', "'self'", OFFICE_VIEWER_ORIGIN],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ]
  return directives.map((directive) => directive.join(' ')).join('; ')
}

/** The `_headers` file: the policy for every path. */
export function headersFile(policy: string): string {
  return [
    '# Written by the build (scripts/csp.ts) from the Cloudinary settings; other headers: netlify.toml.',
    '/*',
    `  Content-Security-Policy: ${policy}`,
    '',
  ].join('\n')
}

/** Emits `_headers` into the build's output directory. */
export function contentSecurityPolicyPlugin(): Plugin {
  let env: Env = {}
  return {
    name: 'media-file-manager:content-security-policy',
    apply: 'build',
    configResolved(config) {
      env = config.env as Env
      // Checked before anything is built: a malformed origin fails the build at once.
      contentSecurityPolicy(env)
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(contentSecurityPolicy(env)) })
    },
  }
}
