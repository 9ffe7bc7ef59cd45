import { createHash } from 'node:crypto'

import { http, HttpResponse, type HttpHandler } from 'msw'

/**
 * An msw handler that answers like Cloudinary's signed `destroy` (research notes, cloudinary-webflow.md
 * section 3): `POST {base}/v1_1/{cloud}/{resource_type}/destroy`, form-encoded `public_id`, `timestamp`,
 * `invalidate`, `api_key` and `signature` (SHA-1 of the other non-empty parameters sorted as `k=v` joined
 * by `&`, plus the API secret). It answers 200 `{"result":"ok"}`, or `{"result":"not found"}` for an asset
 * it does not hold; errors are `{"error":{"message":"..."}}`.
 */
export interface CloudinaryDestroyOptions {
  cloudName?: string
  apiBase?: string
  apiKey?: string
  apiSecret?: string
  /** The `{resource_type}/{public_id}` the account holds; any other destroy answers "not found". */
  assets?: Iterable<string>
}

/** One destroy Cloudinary accepted. */
export interface ReceivedDestroy {
  resourceType: string
  publicId: string
  invalidate: boolean
  result: 'ok' | 'not found'
}

const error = (status: number, message: string) => HttpResponse.json({ error: { message } }, { status })

export function cloudinaryDestroyHandlers(options: CloudinaryDestroyOptions = {}) {
  const {
    cloudName = 'demo',
    apiBase = 'https://api.cloudinary.com',
    apiKey = 'key',
    apiSecret = 'secret',
  } = options
  const assets = new Set(options.assets)
  const destroyed: ReceivedDestroy[] = []
  /** Every request, accepted or not. */
  const requests: string[] = []

  const handlers: HttpHandler[] = [
    http.post(`${apiBase}/v1_1/:cloud/:resourceType/destroy`, async ({ request, params }) => {
      const resourceType = String(params.resourceType)
      const fields = Object.fromEntries(new URLSearchParams(await request.text()))
      requests.push(`${String(params.cloud)}/${resourceType}/${fields.public_id ?? ''}`)
      if (params.cloud !== cloudName) return error(401, `Invalid cloud_name ${String(params.cloud)}`)
      if (!['image', 'video', 'raw'].includes(resourceType)) return error(400, 'Invalid resource type')
      const { api_key: key, signature, ...signed } = fields
      if (key !== apiKey) return error(401, `Unknown API key ${key ?? ''}`)
      const toSign = Object.entries(signed)
        .filter(([, value]) => value !== '')
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, value]) => `${name}=${value}`)
        .join('&')
      const expected = createHash('sha1')
        .update(toSign + apiSecret)
        .digest('hex')
      if (signature !== expected)
        return error(401, `Invalid Signature ${signature ?? ''}. String to sign - '${toSign}'.`)
      const publicId = signed.public_id ?? ''
      if (!publicId) return error(400, 'Missing required parameter - public_id')
      const held = assets.delete(`${resourceType}/${publicId}`)
      const result = held ? 'ok' : 'not found'
      destroyed.push({ resourceType, publicId, invalidate: signed.invalidate === 'true', result })
      return HttpResponse.json({ result })
    }),
  ]
  return { handlers, destroyed, requests, assets }
}
