import { screen, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'

import { createCloudinaryHost } from '../../../../src/features/upload/hosts/cloudinary-host'
import { cloudinaryHandlers } from '../../../support/cloudinary-handlers'
import { createApiServer } from '../../../support/upload-api-server'
import {
  addFiles,
  findNotice,
  openDialog,
  renderUploadDialog,
  startButton,
} from '../../../support/upload-dialog'
import { makeFile, testServices } from '../../../support/upload-services'

const API_BASE = 'https://cloudinary.test'
const api = createApiServer()
const cloudinary = cloudinaryHandlers({ cloudName: 'demo', apiBase: API_BASE })
const server = setupServer(api.handler, ...cloudinary.handlers)

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  api.install()
})
afterEach(() => {
  server.resetHandlers()
  api.uninstall()
})
afterAll(() => {
  server.close()
})

it('uploads to Cloudinary when configured and stores its URLs, with transformation thumbnails', async () => {
  const host = createCloudinaryHost({ cloudName: 'demo', uploadPreset: 'unsigned_preset', apiBase: API_BASE })
  const inspected: string[] = []
  const services = testServices({
    host,
    inspectFile: (file) => {
      inspected.push(file.name)
      return Promise.resolve({ measured: {}, thumbnail: null })
    },
  })
  const { user } = renderUploadDialog({ services })
  await openDialog(user)
  await addFiles(user, [
    makeFile('report.pdf', 3000, 'application/pdf'),
    makeFile('song.mp3', 3000, 'audio/mpeg'),
  ])
  await user.click(startButton())
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(await findNotice('All 2 files uploaded successfully!')).toBeInTheDocument()

  const records = new Map((await api.records()).map((record) => [record.title, record]))
  const report = records.get('report')
  expect(report).toMatchObject({ category: 'Documents', resource_type: 'image', format: 'pdf' })
  expect(report?.public_id).toMatch(/^HIBF_assets\//)
  expect(report?.media_url).toMatch(
    /^https:\/\/res\.cloudinary\.com\/demo\/image\/upload\/v\d+\/HIBF_assets\/\w+\.pdf$/,
  )
  expect(report?.thumbnail).toMatch(
    /^https:\/\/res\.cloudinary\.com\/demo\/image\/upload\/c_fill,h_150,pg_1,w_150\/v\d+\/HIBF_assets\/\w+\.jpg$/,
  )
  expect(records.get('song')).toMatchObject({
    category: 'Audio',
    resource_type: 'video',
    thumbnail: null,
    duration: 28.04,
  })
  // Cloudinary makes its own thumbnails, so the page renders none.
  expect(inspected).toEqual([])
  expect(cloudinary.received.map((request) => request.fields.folder)).toEqual(['HIBF_assets', 'HIBF_assets'])
})
