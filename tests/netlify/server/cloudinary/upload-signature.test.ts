import { createHash } from 'node:crypto'

import { getResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { signUpload } from '../../../../netlify/server/cloudinary/upload-signature'
import {
  CLOUDINARY_SIGNING_OFF,
  cloudinarySignatureSchema,
} from '../../../../src/contract/cloudinary-signature'
import {
  cloudinaryHandlers,
  STAND_IN_API_KEY,
  STAND_IN_API_SECRET,
  stringToSign,
} from '../../../support/cloudinary-handlers'

const API_BASE = 'https://api.cloudinary.com'
const credentials = {
  cloudName: 'demo',
  apiKey: STAND_IN_API_KEY,
  apiSecret: STAND_IN_API_SECRET,
  apiBase: API_BASE,
}
const NOW = new Date('2026-03-01T12:00:00Z')

/** Posts a file with these fields to the Cloudinary stand-in, as the browser does. */
async function uploadWith(fields: Record<string, string>, now = NOW) {
  const { handlers } = cloudinaryHandlers({ cloudName: 'demo', apiBase: API_BASE, now: () => now })
  const form = new FormData()
  form.append(
    'file',
    new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'photo.jpg', { type: 'image/jpeg' }),
  )
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const response = await getResponse(
    handlers,
    new Request(`${API_BASE}/v1_1/demo/auto/upload`, { method: 'POST', body: form }),
  )
  if (!response) throw new Error('the stand-in did not answer')
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('signUpload', () => {
  it('signs the folder and the time with SHA-1 of the sorted parameters and the secret', () => {
    const signed = signUpload(credentials, NOW)
    expect(cloudinarySignatureSchema.parse(signed)).toEqual(signed)
    const timestamp = String(NOW.getTime() / 1000)
    expect(signed).toEqual({
      cloud_name: 'demo',
      fields: {
        api_key: STAND_IN_API_KEY,
        folder: 'HIBF_assets',
        timestamp,
        signature: createHash('sha1')
          .update(`folder=HIBF_assets&timestamp=${timestamp}${STAND_IN_API_SECRET}`)
          .digest('hex'),
      },
    })
  })

  it('gives fields Cloudinary takes, into HIBF_assets', async () => {
    const { status, body } = await uploadWith(signUpload(credentials, NOW).fields)
    expect(status).toBe(200)
    expect(body.public_id).toMatch(/^HIBF_assets\//)
  })
})

describe('the Cloudinary stand-in checks signatures as Cloudinary does', () => {
  it('signs every sent parameter but file, cloud_name, resource_type and api_key (research vector)', () => {
    const toSign = stringToSign({
      timestamp: '1315060510',
      public_id: 'sample_image',
      eager: 'w_400,h_300,c_pad|w_260,h_200,c_crop',
      api_key: 'x',
      cloud_name: 'demo',
      resource_type: 'image',
      file: 'bytes',
      empty: '',
    })
    expect(toSign).toBe(
      'eager=w_400,h_300,c_pad|w_260,h_200,c_crop&public_id=sample_image&timestamp=1315060510',
    )
    expect(createHash('sha1').update(`${toSign}abcd`).digest('hex')).toBe(
      'bfd09f95f331f558cbd1320e67aa8d488770583e',
    )
  })

  it('refuses a changed or added parameter with 401 Invalid Signature, naming the string it signed', async () => {
    const { fields } = signUpload(credentials, NOW)
    const moved = await uploadWith({ ...fields, folder: 'elsewhere' })
    expect(moved.status).toBe(401)
    expect(moved.body).toEqual({
      error: {
        message: `Invalid Signature ${fields.signature}. String to sign - 'folder=elsewhere&timestamp=${fields.timestamp}'.`,
      },
    })
    expect((await uploadWith({ ...fields, public_id: 'chosen' })).status).toBe(401)
    expect((await uploadWith({ ...fields, signature: 'f'.repeat(40) })).status).toBe(401)
  })

  it('refuses an unknown key, a missing signature and a signature over an hour old', async () => {
    const { fields } = signUpload(credentials, NOW)
    expect(await uploadWith({ ...fields, api_key: '1' })).toEqual({
      status: 401,
      body: { error: { message: 'Unknown API key 1' } },
    })
    const { signature: _, ...unsigned } = fields
    expect((await uploadWith(unsigned)).status).toBe(400)
    const stale = await uploadWith(fields, new Date(NOW.getTime() + 3601_000))
    expect(stale.status).toBe(400)
    expect(stale.body).toEqual({
      error: {
        message: 'Stale request - reported time is 2026-03-01 12:00:00 UTC which is more than 1 hour ago',
      },
    })
  })

  it('still takes unsigned uploads with the preset', async () => {
    expect((await uploadWith({ upload_preset: 'unsigned_preset', folder: 'HIBF_assets' })).status).toBe(200)
  })
})

describe('POST /api/cloudinary-signature', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  /** The routing table loaded afresh, so the functions read the environment set for this case. */
  async function callSignature(env: Record<string, string>) {
    vi.resetModules()
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
    const { routeToFunction } = await import('../../../support/function-router')
    const response = await routeToFunction(
      new Request('http://localhost/api/cloudinary-signature', { method: 'POST' }),
    )
    if (!response) throw new Error('no function serves /api/cloudinary-signature')
    return response
  }

  it('answers the signed fields, uncached, with the credentials set', async () => {
    const response = await callSignature({
      CLOUDINARY_CLOUD_NAME: 'demo',
      CLOUDINARY_API_KEY: STAND_IN_API_KEY,
      CLOUDINARY_API_SECRET: STAND_IN_API_SECRET,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const signed = cloudinarySignatureSchema.parse(await response.json())
    expect(signed.cloud_name).toBe('demo')
    expect(Number(signed.fields.timestamp)).toBeCloseTo(Date.now() / 1000, -2)
    const { status } = await uploadWith(signed.fields, new Date())
    expect(status).toBe(200)
  })

  it('answers 501 saying what to set without them, and 405 for GET', async () => {
    const response = await callSignature({ CLOUDINARY_API_KEY: '', CLOUDINARY_API_SECRET: '' })
    expect(response.status).toBe(501)
    expect(await response.json()).toEqual({ error: CLOUDINARY_SIGNING_OFF })
    const { routeToFunction } = await import('../../../support/function-router')
    const get = await routeToFunction(new Request('http://localhost/api/cloudinary-signature'))
    expect(get?.status).toBe(405)
  })
})
