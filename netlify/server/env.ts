import * as z from 'zod'

import { DEFAULT_MAX_UPLOAD_BYTES } from '../../src/contract/uploads'

/**
 * An absolute http(s) origin, such as `https://media.example.com`: a scheme and a host (and a port),
 * with no path, query, fragment or credentials. A trailing slash is allowed and dropped.
 */
export const httpOrigin = (name: string) =>
  z
    .string()
    .refine((value) => {
      try {
        const url = new URL(value)
        // Credentials, a path, a query or a fragment all show in `href` past the origin.
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.href === `${url.origin}/`
      } catch {
        return false
      }
    }, `${name} must be an origin such as https://media.example.com: http(s), a host, no path`)
    .transform((value) => new URL(value).origin)

/** A store name setting; an empty value is unset (the deploy context's default then applies). */
const storeName = (name: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/i, `${name} must be 1-63 letters, digits, _ or -`)
      .optional(),
  )

/** The server's settings, validated once per instance; see the README's configuration table. */
const serverEnvSchema = z.object({
  /**
   * The Blobs store holding records, folders, upload state and sign-in sessions. Unset, it follows the
   * deploy context (`storeNames`): `media`, or `media-preview` for deploy previews and branch deploys.
   */
  MEDIA_STORE: storeName('MEDIA_STORE'),
  /** The Blobs store holding the bytes of files uploaded to the built-in host: `media-files`, or `media-files-preview`. */
  MEDIA_FILES_STORE: storeName('MEDIA_FILES_STORE'),
  /**
   * The deploy context where something sets it in the environment (Netlify's build, some runners).
   * Deployed functions learn it per request instead (`deployContext()` in store.ts).
   */
  CONTEXT: z.string().optional(),
  /** The largest file the built-in media host accepts, in bytes. */
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 3)
    .default(DEFAULT_MAX_UPLOAD_BYTES),
  /** Hours an unfinished upload may take before it expires and its chunks are removed. */
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  /**
   * Seconds an import from a URL (`POST /api/import`, decision 0048) may take, from resolving the name to
   * storing the last byte; past it the import is refused and nothing is kept. Below the 60 s a
   * synchronous function may run (30 s under netlify dev).
   */
  IMPORT_TIME_LIMIT_SECONDS: z.coerce.number().min(1).max(55).default(25),
  /** Days a deleted record stays in the trash before the daily sweep deletes it and its file for good. */
  TRASH_PURGE_DAYS: z.preprocess(
    // An empty value is unset, never 0 (which would purge the whole trash on the next sweep).
    (value) => (value === '' ? undefined : value),
    z.coerce.number().min(0).max(3_650).default(30),
  ),
  /** Days the activity log keeps an event (decision 0075); the hourly cleanup removes older days. */
  ACTIVITY_RETENTION_DAYS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(3_650).default(365),
  ),
  /** Server-side Cloudinary credentials: with all three set, deleting a record destroys its asset. */
  CLOUDINARY_CLOUD_NAME: z.string().optional(),
  CLOUDINARY_API_KEY: z.string().optional(),
  CLOUDINARY_API_SECRET: z.string().optional(),
  /** Cloudinary's API origin; a test or a local stand-in replaces it. */
  CLOUDINARY_API_BASE: z.url().default('https://api.cloudinary.com'),
  /**
   * The origin of every absolute URL the app writes to Webflow or gives to a client, when it is not the
   * one Netlify says (`http/site-origin.ts`, decision 0033). Never taken from a request.
   */
  PUBLIC_ORIGIN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    httpOrigin('PUBLIC_ORIGIN').optional(),
  ),
  /** Set by `netlify dev`: the local Blobs server needs writers serialised by a file lock. */
  NETLIFY_DEV: z.string().optional(),
  /**
   * When set, every /api call needs this token (or the sign-in cookie); set but blank or shorter than
   * 24 characters, every call is refused (`http/access-gate.ts`). Kept as given: the gate decides.
   */
  APP_ACCESS_TOKEN: z.string().optional(),
  /**
   * Whether a record keeps the GPS position embedded in an uploaded photo (`metadata.gps`, decision
   * 0044): kept unless `false` (or `0`, `no`, `off`). The position is never sent to Webflow.
   */
  KEEP_GPS_METADATA: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z
      .enum(['', 'true', '1', 'yes', 'on', 'false', '0', 'no', 'off'], {
        error: 'KEEP_GPS_METADATA must be true or false',
      })
      .optional()
      .transform((value) => !['false', '0', 'no', 'off'].includes(value ?? '')),
  ),
  /**
   * Receivers a webhook may reach though the public-address rules would refuse them (decision 0072),
   * for a receiver on this machine in development and tests: comma-separated `host:port` pairs such as
   * `127.0.0.1:8787,localhost:3000`. For these hosts http is allowed too. Unset in production.
   */
  WEBHOOK_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/, 'WEBHOOK_ALLOW_HOSTS entries must be host:port'),
      ),
    ),
})
export type ServerEnv = z.infer<typeof serverEnvSchema>

let cached: ServerEnv | undefined

/**
 * `PUBLIC_ORIGIN` as validated above, read afresh at each call (the origin is read per request, and
 * tests change it between calls); an invalid value throws, as it does at `serverEnv()`.
 */
export function publicOriginSetting(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return serverEnvSchema.shape.PUBLIC_ORIGIN.parse(env.PUBLIC_ORIGIN)
}

/** `KEEP_GPS_METADATA` as validated above, read afresh at each call (tests change it between uploads). */
export function keepGpsMetadata(env: NodeJS.ProcessEnv = process.env): boolean {
  return serverEnvSchema.shape.KEEP_GPS_METADATA.parse(env.KEEP_GPS_METADATA)
}

/** `WEBHOOK_ALLOW_HOSTS` as validated above, read afresh at each call (tests start receivers on any port). */
export function webhookAllowHosts(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  return serverEnvSchema.shape.WEBHOOK_ALLOW_HOSTS.parse(env.WEBHOOK_ALLOW_HOSTS)
}

/** `ACTIVITY_RETENTION_DAYS` as validated above, read afresh at each call (tests change it). */
export function activityRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  return serverEnvSchema.shape.ACTIVITY_RETENTION_DAYS.parse(env.ACTIVITY_RETENTION_DAYS)
}

export function serverEnv(): ServerEnv {
  cached ??= serverEnvSchema.parse(process.env)
  return cached
}

/**
 * Deploy contexts whose functions use the site's own stores by default: production, `netlify dev`
 * (local data stays where it was), and an unknown context (none given), so production never moves to
 * another store by accident. Deploy previews, branch deploys and any other context get stores of their
 * own, since Netlify's site stores are shared by every deploy of the site (decision 0036).
 */
const SITE_STORE_CONTEXTS: ReadonlySet<string> = new Set(['production', 'dev', ''])

/** What a preview's store names end with. */
export const PREVIEW_STORE_SUFFIX = '-preview'

export interface StoreNames {
  /** Records, folders, upload state, sessions. */
  documents: string
  /** File bytes of the built-in host. */
  files: string
}

/** The stores to use in this deploy context: an explicit setting always wins. */
export function storeNames(
  env: Pick<ServerEnv, 'MEDIA_STORE' | 'MEDIA_FILES_STORE'>,
  deployContext: string | undefined,
): StoreNames {
  const suffix = SITE_STORE_CONTEXTS.has(deployContext ?? '') ? '' : PREVIEW_STORE_SUFFIX
  return {
    documents: env.MEDIA_STORE ?? `media${suffix}`,
    files: env.MEDIA_FILES_STORE ?? `media-files${suffix}`,
  }
}
