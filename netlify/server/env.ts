import { z } from 'zod'

/** The server's settings, validated once per instance; see the README's configuration table. */
const serverEnvSchema = z.object({
  /** The Blobs store holding records and folders; a separate name keeps test or preview data apart. */
  MEDIA_STORE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/i, 'MEDIA_STORE must be 1-63 letters, digits, _ or -')
    .default('media'),
  /** Set by `netlify dev`: the local Blobs server needs writers serialised by a file lock. */
  NETLIFY_DEV: z.string().optional(),
})
export type ServerEnv = z.infer<typeof serverEnvSchema>

let cached: ServerEnv | undefined

export function serverEnv(): ServerEnv {
  cached ??= serverEnvSchema.parse(process.env)
  return cached
}
