import * as z from 'zod'

import { createBuiltinHost } from './builtin-host'
import { createCloudinaryHost } from './cloudinary-host'
import type { MediaHost } from './media-host'

const blankAsAbsent = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
)

const hostEnvSchema = z.object({
  VITE_CLOUDINARY_CLOUD_NAME: blankAsAbsent,
  VITE_CLOUDINARY_UPLOAD_PRESET: blankAsAbsent,
  VITE_CLOUDINARY_API_BASE: blankAsAbsent.pipe(z.url({ protocol: /^https?$/ }).optional()),
})

/**
 * Cloudinary when both its cloud name and unsigned preset are configured, otherwise the built-in host.
 * `VITE_CLOUDINARY_API_BASE` points the client at a stand-in (tests, a local emulator).
 */
export function mediaHostFromEnv(env: Record<string, unknown>): MediaHost {
  const config = hostEnvSchema.parse(env)
  const cloudName = config.VITE_CLOUDINARY_CLOUD_NAME
  const uploadPreset = config.VITE_CLOUDINARY_UPLOAD_PRESET
  if (cloudName && uploadPreset) {
    return createCloudinaryHost({ cloudName, uploadPreset, apiBase: config.VITE_CLOUDINARY_API_BASE })
  }
  return createBuiltinHost()
}
