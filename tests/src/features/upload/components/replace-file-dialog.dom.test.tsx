import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

import { trashPageSchema, uploadResponseSchema } from '../../../../../src/contract/api'
import type { MediaRecord } from '../../../../../src/contract/record'
import { replaceFile } from '../../../../../src/features/upload/api/replace-file'
import { ReplaceFileDialog } from '../../../../../src/features/upload/components/replace-file-dialog'
import type { ReplaceServices } from '../../../../../src/features/upload/replace-one'
import { resetConnectivity } from '../../../../../src/lib/connectivity'
import { applyChange, type MediaCache, type RecordsChange } from '../../../../../src/lib/record-changes'
import { routeToFunction } from '../../../../support/function-router'
import { createApiServer } from '../../../../support/upload-api-server'
import { fakeInspect, makeFile, testBuiltinHost } from '../../../../support/upload-services'

vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'))

const api = createApiServer()
const server = setupServer(api.handler)
const WAIT = { timeout: 15_000 }

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
})
beforeEach(() => {
  api.install()
  localStorage.clear()
})
afterEach(() => {
  server.resetHandlers()
  api.uninstall()
  resetConnectivity()
})
afterAll(() => {
  server.close()
})

async function call(path: string, init: RequestInit = {}) {
  const response = await routeToFunction(new Request(`${window.location.origin}${path}`, init))
  if (!response) throw new Error(`no function serves ${path}`)
  return response
}

/** A record of a stored PNG, as an earlier upload made it. */
async function existingRecord(): Promise<MediaRecord> {
  const stored = await api.storeFile(makeFile('poster.png', 2_000, 'image/png', 3))
  const response = await call('/api/upload', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ media_url: stored.secure_url, title: 'Poster', tags: ['print'] }),
  })
  const answer = uploadResponseSchema.parse(await response.json())
  if (!answer.success) throw new Error(answer.error)
  return answer.record
}

/** The list's cache, holding `records`: each settled change is applied to them. */
function listCache(records: MediaRecord[]): MediaCache & { records: () => readonly MediaRecord[] } {
  let list: readonly MediaRecord[] = records
  return {
    records: () => list,
    async change<T>(
      request: () => Promise<T>,
      optimistic: RecordsChange,
      settle: (result: T) => RecordsChange,
    ) {
      const before = list
      list = applyChange(before, optimistic)
      const result = await request()
      list = applyChange(before, settle(result))
      return result
    },
    reload: () => Promise.resolve(),
  }
}

function renderDialog(record: MediaRecord, overrides: Partial<ReplaceServices> = {}) {
  const cache = listCache([record])
  const onClose = vi.fn()
  const services: ReplaceServices = {
    host: testBuiltinHost(),
    inspectFile: fakeInspect,
    replaceFile,
    ...overrides,
  }
  render(
    <ReplaceFileDialog
      record={record}
      cache={cache}
      loadServices={() => Promise.resolve(services)}
      onClose={onClose}
    />,
  )
  return { user: userEvent.setup(), cache, onClose }
}

const replaceButton = () => screen.getByRole('button', { name: 'Replace' })

describe('Replace file', () => {
  it('sends the chosen file, updates the record in the list, and leaves the old version in the Trash', async () => {
    const record = await existingRecord()
    const { user, cache, onClose } = renderDialog(record)
    expect(replaceButton()).toBeDisabled()
    await user.upload(screen.getByLabelText('New file'), makeFile('poster-v2.png', 3_000, 'image/png', 9))
    expect(await screen.findByText(/poster-v2\.png/)).toBeInTheDocument()
    await user.click(replaceButton())

    await waitFor(() => {
      expect(onClose).toHaveBeenCalled()
    }, WAIT)
    const [shown] = cache.records()
    expect(shown).toMatchObject({ id: record.id, title: 'Poster', tags: ['print'], width: 640, height: 480 })
    expect(shown?.media_url).toMatch(/\/poster-v2\.png$/)
    const trash = trashPageSchema.parse(await (await call('/api/trash')).json())
    expect(trash.records.map((old) => old.media_url)).toEqual([record.media_url])
  })

  it('warns when the new file is of another type, and still replaces it', async () => {
    const record = await existingRecord()
    const { user, cache, onClose } = renderDialog(record)
    await user.upload(screen.getByLabelText('New file'), makeFile('poster.pdf', 3_000, 'application/pdf'))
    expect(
      await screen.findByText("The file's type will change from PNG image to PDF document."),
    ).toBeInTheDocument()
    await user.click(replaceButton())
    await waitFor(() => {
      expect(onClose).toHaveBeenCalled()
    }, WAIT)
    expect(cache.records()[0]).toMatchObject({ id: record.id, file_type: 'application/pdf' })
    expect(cache.records()[0]?.thumbnail).toMatch(/poster-thumbnail\.jpg$/)
  })

  it('refuses a file over the largest size before sending a byte', async () => {
    const record = await existingRecord()
    const small = { ...testBuiltinHost(), maxFileBytes: 1_000 }
    const { user } = renderDialog(record, { host: small })
    await user.upload(screen.getByLabelText('New file'), makeFile('big.png', 2_048, 'image/png'))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^"big\.png" is 2 KB; the largest file allowed is .+\.$/,
    )
    expect(replaceButton()).toBeDisabled()
  })

  it('shows the server’s refusal and keeps the dialog open to retry', async () => {
    const record = await existingRecord()
    await call(`/api/delete/${String(record.id)}`, { method: 'DELETE' })
    const { user, cache, onClose } = renderDialog(record)
    await user.upload(screen.getByLabelText('New file'), makeFile('poster-v2.png', 3_000, 'image/png'))
    await user.click(replaceButton())
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      `Backend API error: 404 - File ${String(record.id)} not found`,
    )
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled()
    expect(onClose).not.toHaveBeenCalled()
    expect(cache.records()).toEqual([record])
  })
})
