import { resolve } from 'node:path'

import { loadEnv, type Plugin } from 'vite'

export const PRESET_SETTING = 'VITE_CLOUDINARY_UPLOAD_PRESET'

export const PRESET_DROPPED_WARNING =
  `${PRESET_SETTING} is left out of this build because APP_ACCESS_TOKEN is set: an unsigned preset in ` +
  'the page would let anyone upload to the Cloudinary account past the access gate. The screen asks ' +
  '/api/cloudinary-signature to sign each upload instead (set CLOUDINARY_API_KEY and ' +
  'CLOUDINARY_API_SECRET for the functions).'

/**
 * Whether this build must leave the unsigned preset out: the access gate is on (APP_ACCESS_TOKEN set,
 * even blank, which refuses every call) and a preset is configured.
 */
export function dropsPreset(env: Record<string, string | undefined>): boolean {
  return env.APP_ACCESS_TOKEN !== undefined && (env[PRESET_SETTING]?.trim() ?? '') !== ''
}

/**
 * Keeps the unsigned Cloudinary preset out of a build for a site behind the access gate: the gate
 * covers the functions, not the static files, so a preset in the bundle would be open to the world.
 * The build warns and the screen uploads signed (src/features/upload/hosts/media-host-from-env.ts).
 */
export function unsignedPresetPlugin(): Plugin {
  let dropped = false
  return {
    name: 'media-file-manager:unsigned-preset',
    config(config, { mode }) {
      const root = resolve(config.root ?? process.cwd())
      const envDir = config.envDir === false ? false : resolve(root, config.envDir ?? '')
      // Every setting, not only VITE_ ones: the token comes from the build's environment or a .env file.
      const env = loadEnv(mode, envDir, '')
      dropped = dropsPreset(env)
      if (!dropped) return undefined
      // Replaces the value both where it is read alone and inside `import.meta.env` as a whole.
      return { define: { [`import.meta.env.${PRESET_SETTING}`]: JSON.stringify('') } }
    },
    configResolved(config) {
      if (dropped) config.logger.warn(PRESET_DROPPED_WARNING)
    },
  }
}
