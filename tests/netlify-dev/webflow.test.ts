/**
 * The Webflow mirror through netlify dev: a netlify dev of its own on a copy of the project with a `.env`
 * (netlify dev reads it into the functions' environment) pointing at the fake Webflow behind a local HTTP
 * stand-in. What only netlify dev shows: the upload is answered at once while the mirror runs in the
 * background function. The mirror's other behaviour is tested in process (tests/api/webflow.test.ts).
 *
 * Set API_TEST_DEV_LOG=<file> to keep what this netlify dev prints.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { uniqueName } from '../support/api-steps'
import { createProjectDir, removeProjectDir, startNetlifyDev, type NetlifyDev } from '../support/netlify-dev'
import { tusUpload, uploadResultOf } from '../support/tus-client'
import { COLLECTION, fixture, md5, mirrorClient, mirrorSettings } from '../support/webflow-mirror'
import { WebflowFake } from '../support/webflow-fake'
import { startWebflowStandIn, type WebflowStandIn } from '../support/webflow-stand-in'

const fake = new WebflowFake({ collectionIds: [COLLECTION] })
let standIn: WebflowStandIn | undefined
let dir: string | undefined
let dev: NetlifyDev | undefined

function baseUrl(): string {
  if (!dev) throw new Error('netlify dev did not start')
  return dev.baseUrl
}

const { answers, upload, syncState } = mirrorClient(fake, baseUrl)

beforeAll(async () => {
  standIn = await startWebflowStandIn(fake)
  dir = await createProjectDir()
  const lines = Object.entries(mirrorSettings(fake, standIn.apiUrl)).map(
    ([name, value]) => `${name}=${value}`,
  )
  await writeFile(join(dir, '.env'), `${lines.join('\n')}\n`)
  dev = await startNetlifyDev(dir, { logFile: process.env.API_TEST_DEV_LOG || undefined })
}, 180_000)

afterAll(async () => {
  await dev?.stop()
  if (dir) await removeProjectDir(dir)
  await standIn?.close()
  expect(answers.join('\n')).not.toContain(fake.token)
}, 60_000)

describe('Webflow mirror through netlify dev', () => {
  it('answers an upload at once with a pending record, then mirrors item and asset in the background', async () => {
    const bytes = await fixture('portrait.png')
    const uploadUrl = await tusUpload(baseUrl(), bytes, { filename: 'portrait.png', filetype: 'image/png' })
    const hosted = await uploadResultOf(uploadUrl)
    const title = uniqueName('Portrait')

    // Webflow answers nothing until the upload has been answered: an upload that waited for the mirror
    // would never be answered, and the test would time out here.
    const release = fake.holdAnswers()
    const record = await upload({
      title,
      description: 'A face at the window',
      media_url: hosted.secure_url,
      file_size: bytes.length,
      tags: ['people', 'window'],
      author: 'Ada',
    })
    expect(record.webflow).toEqual({ state: 'pending', updated_at: expect.any(String) as unknown })
    release()

    const synced = await syncState(record.id, 'synced')
    const [item, ...others] = fake.itemsOf(COLLECTION)
    const [asset] = [...fake.assets.values()]
    expect(others).toEqual([])
    expect(synced.webflow).toEqual({
      state: 'synced',
      item_id: item?.id,
      asset_id: asset?.id,
      message: 'Published live',
      updated_at: expect.any(String) as unknown,
    })
    // The collection's schema is read once per function instance (and cached for a few minutes).
    const received = fake.received.filter(
      (request) => !(request.method === 'GET' && request.path === `collections/${COLLECTION}`),
    )
    expect(received.map((request) => `${request.kind} ${request.method} ${String(request.status)}`)).toEqual([
      'api POST 200',
      's3 POST 201',
      'api PATCH 200',
      'api POST 202',
    ])

    const [createAsset, , patchAsset, createItem] = received
    expect(createAsset?.path).toBe(`sites/${fake.siteId}/assets`)
    expect(createAsset?.body).toEqual({ fileName: 'portrait.png', fileHash: md5(bytes) })
    expect(fake.s3Uploads[0]?.fieldNames.at(-1)).toBe('file')
    expect(fake.s3Uploads[0]?.file).toMatchObject({
      name: 'portrait.png',
      size: bytes.length,
      md5: md5(bytes),
    })
    expect(patchAsset?.body).toEqual({ displayName: 'portrait.png', altText: 'A face at the window' })

    expect(createItem?.path).toBe(`collections/${COLLECTION}/items/live`)
    const { fieldData } = createItem?.body as { fieldData: Record<string, unknown> }
    expect(createItem?.body).toMatchObject({ isArchived: false, isDraft: false })
    expect(fieldData).toEqual({
      name: title,
      slug: title.toLowerCase(),
      'media-url': expect.any(String) as unknown,
      description: 'A face at the window',
      category: record.category,
      'file-type': 'image/png',
      'file-size': String(bytes.length),
      tags: 'people, window',
      author: 'Ada',
      'upload-date': record.created_at,
    })
    // The mirrored URL is absolute and serves the file.
    const mediaUrl = new URL(String(fieldData['media-url']))
    expect(mediaUrl.pathname).toBe(hosted.secure_url)
    const served = await fetch(mediaUrl)
    expect(served.status).toBe(200)
    expect(md5(new Uint8Array(await served.arrayBuffer()))).toBe(md5(bytes))
  }, 90_000)
})
