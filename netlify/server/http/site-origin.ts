import { publicOriginSetting } from '../env'

/**
 * The site's own origins, from configuration and never from a request's `Host` (decision 0033):
 * - `jobs`: where background jobs are sent, the deploy that is running, so a preview's jobs run on the
 *   preview's code: `DEPLOY_URL` (which `netlify dev` sets to its own `http://localhost:<port>`), or on
 *   Netlify, whose functions see no `DEPLOY_URL`, the deploy's permalink built from the request context;
 * - `public`: the origin of every absolute URL written to Webflow or given to a client: `PUBLIC_ORIGIN`
 *   when set, else the site's main `URL` in production and the deploy's own URL elsewhere.
 * A missing one falls back to the other. Only under `netlify dev` with neither known, a request to a
 * loopback host gives its own origin: a request from elsewhere cannot reach that server by that name.
 */
export interface SiteOrigins {
  jobs: string
  public: string
}

/** What a Netlify function sees of its deploy at run time (`Netlify.context`); null elsewhere. */
export interface PlatformContext {
  deploy?: { context?: string; id?: string }
  site?: { name?: string; url?: string }
}

/** The origins could not be worked out: a deployment off Netlify without `PUBLIC_ORIGIN`. */
export class SiteOriginUnknownError extends Error {
  override name = 'SiteOriginUnknownError'
  constructor() {
    super("The site's address is not known: set PUBLIC_ORIGIN to its origin, e.g. https://media.example.com")
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export function siteOrigins(
  request?: Request,
  env: NodeJS.ProcessEnv = process.env,
  platform: PlatformContext | null = platformContext(),
): SiteOrigins {
  const configured = publicOriginSetting(env)
  const siteUrl = originOf(env.URL) ?? originOf(platform?.site?.url)
  const deployUrl = originOf(env.DEPLOY_URL) ?? permalinkOf(platform)
  const production = (platform?.deploy?.context ?? env.CONTEXT) === 'production'
  const fallback = localOrigin(request, env)
  const publicOrigin =
    configured ?? (production ? (siteUrl ?? deployUrl) : (deployUrl ?? siteUrl)) ?? fallback
  const jobs = deployUrl ?? siteUrl ?? configured ?? fallback
  if (!publicOrigin || !jobs) throw new SiteOriginUnknownError()
  return { jobs, public: publicOrigin }
}

/** The request's own origin, only under `netlify dev` and only for a loopback host. */
function localOrigin(request: Request | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (!request || env.NETLIFY_DEV !== 'true') return undefined
  const url = new URL(request.url)
  return LOOPBACK_HOSTS.has(url.hostname) ? url.origin : undefined
}

/** `https://{deploy id}--{site name}.netlify.app`: the address of one deploy, as `DEPLOY_URL` gives it. */
function permalinkOf(platform: PlatformContext | null): string | undefined {
  const id = platform?.deploy?.id
  const name = platform?.site?.name
  if (!id || !name || !/^[0-9a-f]{24}$/.test(id) || !/^[a-z0-9-]{1,63}$/.test(name)) return undefined
  return `https://${id}--${name}.netlify.app`
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

function platformContext(): PlatformContext | null {
  const netlify = (globalThis as { Netlify?: { context?: PlatformContext | null } }).Netlify
  return netlify?.context ?? null
}
