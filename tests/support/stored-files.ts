import { expect } from 'vitest'

import {
  appendChunk,
  createUpload,
  fileUrl,
  readManifest,
  type MediaHostStores,
} from '../../netlify/server/uploads/upload-service'
import { MIN_CHUNK_BYTES } from '../../src/contract/uploads'

/** A file on the built-in media host, uploaded in two chunks; returns its id and URL. */
export async function storeFile(stores: MediaHostStores, name: string): Promise<{ id: string; url: string }> {
  // The first chunk as small as the server takes, then the rest.
  const text = new TextEncoder().encode(`the bytes of ${name}, long enough for two chunks`)
  const bytes = new Uint8Array(MIN_CHUNK_BYTES + text.length)
  bytes.set(text)
  bytes.set(text, MIN_CHUNK_BYTES)
  const settings = { maxUploadBytes: 4 * MIN_CHUNK_BYTES, expiryMs: 86_400_000 }
  const { id } = await createUpload(stores, settings, { length: bytes.length, metadata: { filename: name } })
  await appendChunk(stores, id, { offset: 0, bytes: bytes.subarray(0, MIN_CHUNK_BYTES), checksum: null })
  await appendChunk(stores, id, {
    offset: MIN_CHUNK_BYTES,
    bytes: bytes.subarray(MIN_CHUNK_BYTES),
    checksum: null,
  })
  const manifest = await readManifest(stores.documents, id)
  if (!manifest) throw new Error(`upload ${id} did not finish`)
  return { id, url: fileUrl(manifest) }
}

/** Whether the file is still stored: its manifest and its chunks, never one without the other. */
export async function fileIsStored(stores: MediaHostStores, id: string): Promise<boolean> {
  const manifest = await stores.documents.read(`files/${id}`)
  const chunks = await stores.bytes.list(`chunks/${id}/`)
  expect(manifest === null).toBe(chunks.length === 0)
  return manifest !== null
}
