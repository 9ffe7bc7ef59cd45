/**
 * The access gate in front of netlify dev's Image CDN: a netlify dev of its own, started with
 * `APP_ACCESS_TOKEN`. The CDN fetches its source without the visitor's cookie, as the real one does, so
 * only a signed link can give it a gated file. The gate's other behaviour is tested in process
 * (tests/api/access-gate.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { BEARER, gateClient, GATE_TOKEN } from '../support/gate-client'
import { createProjectDir, removeProjectDir, startNetlifyDev, type NetlifyDev } from '../support/netlify-dev'

let dir: string | undefined
let dev: NetlifyDev | undefined

function baseUrl(): string {
  if (!dev) throw new Error('netlify dev did not start')
  return dev.baseUrl
}

const { call, hostFixture } = gateClient(baseUrl)

beforeAll(async () => {
  dir = await createProjectDir()
  dev = await startNetlifyDev(dir, { env: { APP_ACCESS_TOKEN: GATE_TOKEN } })
}, 180_000)

afterAll(async () => {
  await dev?.stop()
  if (dir) await removeProjectDir(dir)
})

describe('with APP_ACCESS_TOKEN set', () => {
  let seeded: { file: string }
  beforeAll(async () => {
    seeded = { file: await hostFixture('landscape.jpg', BEARER) }
  })

  it('gives the Image CDN a signed link it can fetch without the cookie, so thumbnails show', async () => {
    const linked = await call(seeded.file.replace('/api/files/', '/api/file-link/thumbnail/'), {
      headers: BEARER,
    })
    expect(linked.status).toBe(302)
    const location = linked.headers.get('location') ?? ''
    expect(location).toMatch(/^\/\.netlify\/images\?url=%2Fapi%2Fsigned-files%2F\d+%2F[\w-]{43}%2F/)
    // netlify dev's Image CDN fetches its source without the visitor's cookie, as the real one does.
    const unsigned = `/.netlify/images?url=${encodeURIComponent(seeded.file)}&w=150&h=150&fit=cover`
    expect((await call(unsigned, { headers: BEARER })).status).not.toBe(200)
    const thumbnail = await call(location)
    expect(thumbnail.status).toBe(200)
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg')
    const original = Buffer.from(await (await call(seeded.file, { headers: BEARER })).arrayBuffer())
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(original)).toBe(false)
  })
})
