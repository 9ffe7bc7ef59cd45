import { http, HttpResponse, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import type { z } from 'zod'

import { replaceDocumentStore } from '../../netlify/server/store'
import { MemoryByteStore } from '../../netlify/server/storage/byte-store'
import { MemoryDocumentStore } from '../../netlify/server/storage/memory-store'
import type { errorBodySchema } from '../../src/contract/api'
import type { Folder } from '../../src/contract/folder'
import type { MediaRecord } from '../../src/contract/record'
import { routeToFunction } from './function-router'

/**
 * The API for screen tests: every request goes to the real function handler, running on an in-memory
 * store, so the screen meets the real answers. Tests add failures with `server.use(...)`.
 */
export const server = setupServer(
  http.all('*', async ({ request }) => {
    const answer = await routeToFunction(request)
    return answer ?? undefined
  }),
)

export function startScreenServer(): void {
  server.listen({ onUnhandledFrame: 'error' })
}

export function freshStore(): void {
  replaceDocumentStore(new MemoryDocumentStore(), new MemoryByteStore())
}

type ErrorBody = z.infer<typeof errorBodySchema>

/** An error answer of the contract's shape (`{ error }`) with a status. */
export function errorAnswer(error: string, status: number) {
  return HttpResponse.json<ErrorBody>({ error }, { status })
}

/** An answer with no JSON error body, as a proxy or a crashed function sends. */
export function bareStatus(status: number) {
  return new HttpResponse('upstream failure', { status, headers: { 'Content-Type': 'text/plain' } })
}

async function call<T>(path: string, method: string, body?: JsonBodyType): Promise<T> {
  const response = await routeToFunction(
    new Request(`http://localhost${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    }),
  )
  if (!response) throw new Error(`No function serves ${path}`)
  const payload = (await response.json()) as T
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}: ${JSON.stringify(payload)}`)
  return payload
}

export interface SeedFile {
  title: string
  media_url?: string
  description?: string
  category?: string
  file_type?: string
  file_size?: number
  created_at?: string
  tags?: string[]
  alt_text?: string
  author?: string
  folder_path?: string
  thumbnail?: string | null
  width?: number
  height?: number
  crop?: { x: number; y: number; width: number; height: number }
}

/** Stores files through the real upload handler, in order (ids 1, 2, ...). */
export async function seedFiles(files: readonly SeedFile[]): Promise<MediaRecord[]> {
  const records: MediaRecord[] = []
  for (const file of files) {
    const answer = await call<{ record: MediaRecord }>('/api/upload', 'POST', {
      media_url: `https://cdn.example.test/${encodeURIComponent(file.title)}.jpg`,
      ...file,
    } as JsonBodyType)
    records.push(answer.record)
  }
  return records
}

export function seedFolder(name: string, parentPath = '/'): Promise<Folder> {
  return call<Folder>('/api/folder-create', 'POST', { name, parent_path: parentPath })
}

/** Moves files to the trash through the real batch delete. */
export function trashFiles(ids: readonly number[]): Promise<unknown> {
  return call('/api/batch-delete', 'POST', { ids: [...ids] })
}

/** Changes a file through the real update handler, as a teammate's save elsewhere would. */
export function updateStored(id: number, fields: JsonBodyType): Promise<unknown> {
  return call(`/api/update/${String(id)}`, 'PATCH', fields)
}

export function listFiles(): Promise<{ records: MediaRecord[] }> {
  return call('/api/media', 'GET')
}

/** The hooks every screen test file needs: the API up, a fresh store per test, handlers reset after. */
export function setupScreenServer(install: () => void): void {
  beforeAll(() => {
    install()
    startScreenServer()
  })
  beforeEach(freshStore)
  afterEach(() => {
    server.resetHandlers()
  })
  afterAll(() => {
    server.close()
  })
}
