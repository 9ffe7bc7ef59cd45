import { randomBytes } from 'node:crypto'

import * as z from 'zod'

import { fileMetadataSchema } from '../../../src/contract/record'
import { uploadMetadataSchema } from '../../../src/contract/uploads'
import { CorruptDocumentError } from '../storage/document-store'

/**
 * Documents of the built-in media host. An upload in progress is `uploads/{id}`; once its last byte is
 * in, it becomes the file manifest `files/{id}` and the upload document goes. The bytes stay where they
 * were written, as chunk blobs in the byte store, listed in order by the manifest.
 */

const chunkSchema = z.object({ key: z.string(), start: z.int().min(0), size: z.int().min(1) })
export type StoredChunk = z.infer<typeof chunkSchema>

export const uploadStateSchema = z.object({
  id: z.string(),
  length: z.int().min(0),
  offset: z.int().min(0),
  chunks: z.array(chunkSchema),
  /**
   * Hex SHA-256 of each complete 4 MiB block received so far, for the file's fingerprint
   * (`src/contract/fingerprint.ts`). Absent in uploads begun before it was kept: their blocks are hashed
   * from the stored chunks instead.
   */
  blocks: z.array(z.string().regex(/^[a-f0-9]{64}$/)).default([]),
  metadata: uploadMetadataSchema,
  /** The first bytes of the file (base64), kept from the first chunk to decide how to serve it. */
  head: z.string(),
  /**
   * The width and height read from the first chunk's image header (`image-dimensions.ts`); null when it
   * has none the server can read, absent before the first chunk (and in uploads begun before it was kept).
   */
  measured: z.object({ width: z.number(), height: z.number() }).nullable().optional(),
  /**
   * The metadata embedded in the file, read from the first chunk (`file-metadata.ts`, decision 0044);
   * null when it has none the server can read, absent before the first chunk.
   */
  file_metadata: fileMetadataSchema.nullable().optional(),
  created_at: z.string(),
  expires_at: z.string(),
})
export type UploadState = z.infer<typeof uploadStateSchema>

export const fileManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.int().min(0),
  chunks: z.array(chunkSchema),
  content_type: z.string(),
  disposition: z.enum(['inline', 'attachment']),
  sandbox: z.boolean(),
  resource_type: z.enum(['image', 'video', 'raw']),
  /**
   * The file's fingerprint (`src/contract/fingerprint.ts`), computed by the server from the bytes it
   * received. Files finished before that hold the plain SHA-256 their uploader claimed, or null.
   */
  sha256: z.string().nullable(),
  /**
   * An image's width and height as read from its header by the server; when it could not read them,
   * what the uploader measured (`Upload-Metadata`), or null. Decision 0040.
   */
  width: z.number().nullable(),
  height: z.number().nullable(),
  duration: z.number().nullable(),
  /** What the file's embedded metadata says, for an image; absent when none was read. Decision 0044. */
  metadata: fileMetadataSchema.optional(),
  created_at: z.string(),
})
export type FileManifest = z.infer<typeof fileManifestSchema>

export const uploadKey = (id: string) => `uploads/${id}`
export const manifestKey = (id: string) => `files/${id}`
export const chunkPrefix = (id: string) => `chunks/${id}/`

/** A fresh chunk key: unique per write, so a losing concurrent PATCH can never overwrite a winner's bytes. */
export function chunkKey(id: string, start: number): string {
  return `${chunkPrefix(id)}${String(start).padStart(13, '0')}-${randomBytes(6).toString('base64url')}`
}

const ID_PATTERN = /^[0-9a-z]{9}[A-Za-z0-9_-]{16}$/

/** Upload ids start with their creation time, so expired uploads are found from their keys alone. */
export function newUploadId(now: Date): string {
  return now.getTime().toString(36).padStart(9, '0') + randomBytes(12).toString('base64url')
}

export function isUploadId(value: string): boolean {
  return ID_PATTERN.test(value)
}

export function createdAtOfId(id: string): number {
  return parseInt(id.slice(0, 9), 36)
}

export function parseWith<S extends z.ZodType>(schema: S, key: string, value: unknown): z.infer<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw new CorruptDocumentError(`${key} is not valid`)
  return result.data
}
