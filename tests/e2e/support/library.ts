/**
 * The library's data, reached over HTTP from the test process: emptied before each test, and seeded
 * with real files sent to the built-in host (tus) and recorded through `POST /api/upload`, as the
 * screen itself does.
 */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'

import { REPO_ROOT } from '../../support/netlify-dev'
import { baseUrl } from './server'

export const MEDIA_FIXTURES = join(REPO_ROOT, 'tests', 'fixtures', 'media')

/** A file of tests/fixtures/media. */
export function fixturePath(name: string): string {
  return join(MEDIA_FIXTURES, name)
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export interface StoredRecord {
  id: number
  title: string
  description: string
  category: string
  file_type: string
  media_url: string
  thumbnail: string | null
  file_size: number
  created_at: string
  tags: string[]
  author: string
  station: string
  notes: string
  alt_text: string
  folder_path: string
  focal_point?: { x: number; y: number }
  crop?: { x: number; y: number; width: number; height: number }
  rotate?: number
}

export interface StoredFolder {
  id: number
  name: string
  path: string
  parent_path: string
}

export interface SeedFile {
  /** A file of tests/fixtures/media. */
  fixture: string
  title?: string
  description?: string
  author?: string
  tags?: string[]
  category?: string
  folder_path?: string
  /** `YYYY-MM-DD`, stored as the record's created_at. */
  date?: string
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${baseUrl()}${path}`, { ...init, signal: AbortSignal.timeout(30_000) })
  if (!response.ok) {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${String(response.status)} ${await response.text()}`)
  }
  return response
}

async function json<T>(path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') {
  const init: RequestInit = { method }
  if (body !== undefined) {
    init.body = JSON.stringify(body)
    init.headers = { 'Content-Type': 'application/json' }
  }
  return (await (await call(path, init)).json()) as T
}

const TUS = { 'Tus-Resumable': '1.0.0' }
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  txt: 'text/plain',
}

/** Sends bytes to the built-in host in one tus PATCH (fixtures are far below the 4 MiB chunk) and returns the file's URL. */
export async function hostFile(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const type = TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream'
  const created = await call('/api/uploads', {
    method: 'POST',
    headers: {
      ...TUS,
      'Upload-Length': String(bytes.byteLength),
      'Upload-Metadata': `filename ${b64(name)},filetype ${b64(type)}`,
    },
  })
  const location = created.headers.get('location')
  if (location === null) throw new Error('POST /api/uploads gave no Location')
  const path = new URL(location, baseUrl()).pathname
  await call(path, {
    method: 'PATCH',
    headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  })
  const status = await json<{ complete: boolean; result?: { secure_url: string } }>(path)
  if (!status.complete || !status.result) throw new Error(`upload ${path} is not complete`)
  return status.result.secure_url
}

async function seedOne(file: SeedFile): Promise<StoredRecord> {
  const bytes = new Uint8Array(await readFile(fixturePath(file.fixture)))
  const mediaUrl = await hostFile(basename(file.fixture), bytes)
  const answer = await json<{ success: boolean; record: StoredRecord }>('/api/upload', {
    title: file.title ?? basename(file.fixture).split('.')[0],
    description: file.description ?? '',
    author: file.author,
    tags: file.tags ?? [],
    category: file.category,
    folder_path: file.folder_path ?? '/',
    media_url: mediaUrl,
    file_size: bytes.byteLength,
    upload_date: file.date === undefined ? undefined : `${file.date}T12:00:00.000Z`,
  })
  return answer.record
}

/** Stores each file on the built-in host and records it, one after the other; resolves to the records. */
export async function seedFiles(files: readonly SeedFile[]): Promise<StoredRecord[]> {
  const records: StoredRecord[] = []
  for (const file of files) records.push(await seedOne(file))
  return records
}

export async function createFolder(name: string, parentPath = '/'): Promise<StoredFolder> {
  return json<StoredFolder>('/api/folder-create', { name, parent_path: parentPath })
}

export async function listFiles(): Promise<StoredRecord[]> {
  const records: StoredRecord[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`
    const page: { records: StoredRecord[]; next: string | null } = await json(`/api/media?limit=5000${query}`)
    records.push(...page.records)
    cursor = page.next
  } while (cursor !== null)
  return records
}

export async function listFolders(): Promise<StoredFolder[]> {
  return json<StoredFolder[]>('/api/folder-list')
}

/** Moves these files to the trash through the API, as another tab or a teammate would. */
export async function trashFiles(ids: readonly number[]): Promise<void> {
  await json('/api/batch-delete', { ids })
}

/** Every record in the trash, most recently deleted first. */
export async function listTrash(): Promise<StoredRecord[]> {
  const records: StoredRecord[] = []
  let cursor: string | null = null
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`
    const page: { records: StoredRecord[]; next: string | null } = await json(`/api/trash?limit=5000${query}`)
    records.push(...page.records)
    cursor = page.next
  } while (cursor !== null)
  return records
}

/** Deletes every record for good (a delete only moves it to the trash), and so its stored file, and every folder. */
export async function emptyLibrary(): Promise<void> {
  const ids = (await listFiles()).map((record) => record.id)
  for (let start = 0; start < ids.length; start += 500) {
    await json('/api/batch-delete', { ids: ids.slice(start, start + 500) })
  }
  const trashed = (await listTrash()).map((record) => record.id)
  for (let start = 0; start < trashed.length; start += 500) {
    await json('/api/trash/purge', { ids: trashed.slice(start, start + 500) })
  }
  for (const folder of await listFolders()) {
    if (folder.parent_path === '/' || folder.parent_path === '') {
      await call(`/api/folder-delete/${String(folder.id)}`, { method: 'DELETE' })
    }
  }
}

/** The bytes the server serves for a file of the built-in host, read in ranges as the screen does. */
export async function downloadStored(mediaUrl: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  for (let start = 0; ;) {
    const response = await call(mediaUrl, { headers: { Range: `bytes=${String(start)}-` } })
    const part = new Uint8Array(await response.arrayBuffer())
    parts.push(part)
    const total = Number(response.headers.get('content-range')?.split('/')[1] ?? part.byteLength)
    start += part.byteLength
    if (response.status === 200 || start >= total) break
  }
  return new Uint8Array(Buffer.concat(parts))
}
