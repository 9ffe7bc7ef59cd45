import { describe, expect, it } from 'vitest'

import { fileUsageSchema } from '../../src/contract/usage'
import { api } from '../support/api-client'
import { createFolder, expectClientError, findRecord, uniqueName, uploadRecord } from '../support/api-steps'
import { withServerEnv } from '../support/server-env'

/** `GET /api/media/{id}/usage` over HTTP: its shape and its refusals; what it says is in tests/netlify/server/usage/. */
withServerEnv(() => ({ PUBLIC_ORIGIN: 'https://media.example.com', CLOUDINARY_CLOUD_NAME: 'demo' }))

describe('GET /api/media/{id}/usage', () => {
  it('answers { webflow, shares, folders } for a file shared once, in a folder', async () => {
    const folder = await createFolder(uniqueName('Used'))
    const record = await uploadRecord({
      media_url: 'https://res.cloudinary.com/demo/image/upload/v1/harbour.jpg',
      folder_path: folder.path,
    })
    const shared = await api('POST', `/api/share/${String(record.id)}`, { expires_in_hours: 24 })
    expect(shared.status, shared.text).toBe(201)

    const response = await api('GET', `/api/media/${String(record.id)}/usage`)
    expect(response.status, response.text).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(fileUsageSchema.strict().parse(response.body)).toEqual({
      webflow: [],
      shares: 1,
      folders: [folder],
    })
  })

  it("marks the file used today when its share link opens, and keeps the link's expiry on the record", async () => {
    const record = await uploadRecord({
      media_url: 'https://res.cloudinary.com/demo/image/upload/v1/quay.jpg',
    })
    const shared = await api<{ url: string; expires_at: string }>('POST', `/api/share/${String(record.id)}`, {
      expires_in_hours: 1,
    })
    expect((await findRecord(record.id))?.used_on).toBeUndefined()

    const opened = await api('GET', new URL(shared.body.url).pathname)
    expect(opened.status).toBe(302)
    const marked = await findRecord(record.id)
    expect(marked?.used_on).toBe(new Date().toISOString().slice(0, 10))
    expect(marked?.shared_until).toBe(shared.body.expires_at)
  })

  it('answers 404 for a file not in the library and 400 for an id that is not one', async () => {
    expect(expectClientError(await api('GET', '/api/media/987654321/usage'), 404)).toMatch(/987654321/)
    expect(expectClientError(await api('GET', '/api/media/abc/usage'), 400)).toMatch(/Invalid file id/)
  })
})
