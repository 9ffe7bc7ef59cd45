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
 * Cloudinary when its cloud name is configured, otherwise the built-in host. With an unsigned preset the
 * uploads are unsigned (an open site); without one each upload is signed by the site's function (a site
 * behind the access gate, whose build leaves the preset out: vite.config.ts). `VITE_CLOUDINARY_API_BASE`
 * points the client at a stand-in (tests, a local emulator).
 */
export function mediaHostFromEnv(env: Record<string, unknown>): MediaHost {
  const config = hostEnvSchema.parse(env)
  const cloudName = config.VITE_CLOUDINARY_CLOUD_NAME
  if (cloudName) {
    const apiBase = config.VITE_CLOUDINARY_API_BASE
    const uploadPreset = config.VITE_CLOUDINARY_UPLOAD_PRESET
    return createCloudinaryHost(uploadPreset ? { cloudName, uploadPreset, apiBase } : { cloudName, apiBase })
  }
  return createBuiltinHost()
}
