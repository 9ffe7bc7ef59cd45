import { createHash } from 'node:crypto'

import * as z from 'zod'

import { isAppAsset } from './cloudinary-url'

export interface CloudinaryCredentials {
  cloudName: string
  apiKey: string
  apiSecret: string
  /** The API origin; a test or a local stand-in replaces the real one. */
  apiBase: string
}

const destroyResponseSchema = z.object({ result: z.string() })

/**
 * Cloudinary's signature: the sent parameters sorted by key as `k=v` joined with `&`, the API secret
 * appended, SHA-1 in hex (https://cloudinary.com/documentation/signatures).
 */
export function signParameters(parameters: Record<string, string>, apiSecret: string): string {
  const toSign = Object.entries(parameters)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  return createHash('sha1')
    .update(toSign + apiSecret)
    .digest('hex')
}

/**
 * Deletes an asset with a signed `destroy` call. 'ok' and 'not found' both count as done, so a retry
 * after a partial failure completes. Throws on any other answer, and before any call for a public id
 * outside the app's folder (`HIBF_assets/`): nothing else of the account is ever destroyed.
 */
export async function destroyAsset(
  credentials: CloudinaryCredentials,
  asset: { publicId: string; resourceType: string },
  now = new Date(),
): Promise<void> {
  if (!isAppAsset(asset.publicId))
    throw new Error(`Refusing to destroy ${asset.publicId}: it is outside the app's Cloudinary folder`)
  const resourceType = ['image', 'video', 'raw'].includes(asset.resourceType) ? asset.resourceType : 'image'
  const parameters = {
    invalidate: 'true',
    public_id: asset.publicId,
    timestamp: String(Math.floor(now.getTime() / 1000)),
  }
  const body = new URLSearchParams({
    ...parameters,
    api_key: credentials.apiKey,
    signature: signParameters(parameters, credentials.apiSecret),
  })
  const url = `${credentials.apiBase}/v1_1/${encodeURIComponent(credentials.cloudName)}/${resourceType}/destroy`
  const response = await fetch(url, { method: 'POST', body })
  const payload: unknown = await response.json().catch(() => null)
  const parsed = destroyResponseSchema.safeParse(payload)
  if (!response.ok || !parsed.success || !['ok', 'not found'].includes(parsed.data.result)) {
    throw new Error(`Cloudinary destroy of ${asset.publicId} failed with status ${String(response.status)}`)
  }
}
