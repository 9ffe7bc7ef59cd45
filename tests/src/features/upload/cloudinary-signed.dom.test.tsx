import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { CLOUDINARY_SIGNING_OFF } from '../../../../src/contract/cloudinary-signature'
import { createCloudinaryHost } from '../../../../src/features/upload/hosts/cloudinary-host'
import { requestUploadSignature } from '../../../../src/features/upload/hosts/cloudinary-signature'
import { mediaHostFromEnv } from '../../../../src/features/upload/hosts/media-host-from-env'
import {
  cloudinaryHandlers,
  STAND_IN_API_KEY,
  STAND_IN_API_SECRET,
} from '../../../support/cloudinary-handlers'
import { createApiServer } from '../../../support/upload-api-server'
import {
  addFiles,
  findNotice,
  openDialog,
  renderUploadDialog,
  startButton,
} from '../../../support/upload-dialog'
import { makeFile, testServices } from '../../../support/upload-services'

/**
 * The screen's signed Cloudinary path: no preset in the build, each upload signed by the site's real
 * `/api/cloudinary-signature` function (running in process with the account's key and secret), and the
 * Cloudinary stand-in checking every signature the way Cloudinary does.
 */
vi.hoisted(() => {
  // Read once by the functions' settings, before any of them runs.
  process.env.CLOUDINARY_CLOUD_NAME = 'demo'
  process.env.CLOUDINARY_API_KEY = '614335564976464'
  process.env.CLOUDINARY_API_SECRET = 'stand-in-api-secret-0123456789'
})

const API_BASE = 'https://cloudinary.test'
// The account the functions sign for is the one the stand-in checks signatures against.
if (
  process.env.CLOUDINARY_API_KEY !== STAND_IN_API_KEY ||
  process.env.CLOUDINARY_API_SECRET !== STAND_IN_API_SECRET
) {
  throw new Error('The stand-in account and the functions settings differ')
}
const SIGNED_FIELDS = ['api_key', 'folder', 'signature', 'timestamp']
const api = createApiServer()
const cloudinary = cloudinaryHandlers({ cloudName: 'demo', apiBase: API_BASE })
const server = setupServer(api.handler, ...cloudinary.handlers)

const signedHost = () =>
  mediaHostFromEnv({ VITE_CLOUDINARY_CLOUD_NAME: 'demo', VITE_CLOUDINARY_API_BASE: API_BASE })

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  api.install()
})
afterEach(() => {
  server.resetHandlers()
  api.uninstall()
  cloudinary.received.length = 0
  api.log.length = 0
})
afterAll(() => {
  server.close()
})

const signatureCalls = () => api.log.filter((request) => request.path === '/api/cloudinary-signature')

describe('signed Cloudinary uploads', () => {
  it('without a preset, asks the site to sign each upload and sends the signed fields only', async () => {
    const host = signedHost()
    expect(host.kind).toBe('cloudinary')
    const result = await host.upload(makeFile('sunset.jpg', 50_000, 'image/jpeg'))
    expect(signatureCalls()).toHaveLength(1)
    expect(cloudinary.received).toHaveLength(1)
    const [sent] = cloudinary.received
    expect(Object.keys(sent?.fields ?? {}).sort()).toEqual(SIGNED_FIELDS)
    expect(sent?.fields).toMatchObject({ api_key: STAND_IN_API_KEY, folder: 'HIBF_assets' })
    expect(Number(sent?.fields.timestamp)).toBeCloseTo(Date.now() / 1000, -2)
    expect(result.public_id).toMatch(/^HIBF_assets\/[a-z0-9]+$/)
  })

  it('sends the same signed fields with every chunk of a large file', async () => {
    const size = 25 * 1024 * 1024 + 17
    const result = await signedHost().upload(makeFile('keynote.mp4', size, 'video/mp4'))
    expect(signatureCalls()).toHaveLength(1)
    expect(cloudinary.received.map((request) => request.contentRange)).toEqual([
      `bytes 0-19999999/${String(size)}`,
      `bytes 20000000-${String(size - 1)}/${String(size)}`,
    ])
    const [first, second] = cloudinary.received
    expect(second?.fields).toEqual(first?.fields)
    expect(Object.keys(first?.fields ?? {}).sort()).toEqual(SIGNED_FIELDS)
    expect(result).toMatchObject({ resource_type: 'video', bytes: size })
  })

  it('signs every file of a batch on its own', async () => {
    const host = signedHost()
    await host.upload(makeFile('a.png', 100, 'image/png'))
    await host.upload(makeFile('b.png', 100, 'image/png'))
    expect(signatureCalls()).toHaveLength(2)
  })

  it('reports a signature Cloudinary refuses in its own words', async () => {
    const otherSecret = cloudinaryHandlers({
      cloudName: 'demo',
      apiBase: API_BASE,
      apiSecret: 'another-secret',
    })
    server.use(...otherSecret.handlers)
    const failure = signedHost().upload(makeFile('a.png', 100, 'image/png'))
    await expect(failure).rejects.toMatchObject({ message: 'Upload failed with status: 401' })
    await expect(failure).rejects.toHaveProperty(
      'detail',
      expect.stringMatching(
        /^Invalid Signature [0-9a-f]{40}\. String to sign - 'folder=HIBF_assets&timestamp=\d+'\.$/,
      ),
    )
  })

  it('refuses a signed field changed on the way (another folder)', async () => {
    const host = createCloudinaryHost({
      cloudName: 'demo',
      apiBase: API_BASE,
      retryDelays: [],
      sign: async () => {
        const valid = await requestUploadSignature()
        return { ...valid, fields: { ...valid.fields, folder: 'elsewhere' } }
      },
    })
    await expect(host.upload(makeFile('a.png', 100, 'image/png'))).rejects.toMatchObject({
      message: 'Upload failed with status: 401',
    })
  })

  it('says so when the site cannot sign, and sends nothing to Cloudinary', async () => {
    server.use(
      http.post('*/api/cloudinary-signature', () =>
        HttpResponse.json({ error: CLOUDINARY_SIGNING_OFF }, { status: 501 }),
      ),
    )
    await expect(signedHost().upload(makeFile('a.png', 100, 'image/png'))).rejects.toMatchObject({
      message: 'Upload failed with status: 501',
      detail: CLOUDINARY_SIGNING_OFF,
    })
    expect(cloudinary.received).toEqual([])
  })

  it('keeps the unsigned preset, and no signature, when the build has one', async () => {
    const open = mediaHostFromEnv({
      VITE_CLOUDINARY_CLOUD_NAME: 'demo',
      VITE_CLOUDINARY_UPLOAD_PRESET: 'unsigned_preset',
      VITE_CLOUDINARY_API_BASE: API_BASE,
    })
    await open.upload(makeFile('a.png', 100, 'image/png'))
    expect(signatureCalls()).toEqual([])
    expect(cloudinary.received[0]?.fields).toEqual({
      upload_preset: 'unsigned_preset',
      folder: 'HIBF_assets',
    })
  })
})

it('the Upload dialog saves records of files uploaded signed', async () => {
  const services = testServices({ host: signedHost() })
  const { user } = renderUploadDialog({ services })
  await openDialog(user)
  await addFiles(user, [
    makeFile('report.pdf', 3000, 'application/pdf'),
    makeFile('photo.png', 3000, 'image/png'),
  ])
  await user.click(startButton())
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(await findNotice('All 2 files uploaded successfully!')).toBeInTheDocument()
  const records = await api.records()
  expect(records.map((record) => record.title).sort()).toEqual(['photo', 'report'])
  for (const record of records) expect(record.public_id).toMatch(/^HIBF_assets\//)
  expect(signatureCalls()).toHaveLength(2)
})
