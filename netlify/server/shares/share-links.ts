import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import * as z from 'zod'

import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import { routePath } from '../../../src/contract/routes'
import {
  SHARE_ID_PATTERN,
  SHARE_SIGNATURE_PATTERN,
  type CreatedShare,
  type Share,
} from '../../../src/contract/shares'
import { cloudinaryAssetOf } from '../cloudinary/cloudinary-url'
import { ConflictError, fileNotFound, GoneError, InvalidInputError, NotFoundError } from '../errors'
import { fileIdsInUrl } from '../files/file-references'
import { readLiveRecord } from '../records/record-shards'
import { CorruptDocumentError, type DocumentStore } from '../storage/document-store'
import { existingSecret, storedSecret } from '../storage/stored-secret'
import { sharesPrefixOf } from './share-keys'

/**
 * Share links (decision 0041). A share is a document `shares/{file id}/{random}`; its id is
 * `{file id}-{random}`, so a revoke finds it from the id alone, and a file's links are one listing. The
 * link is `/api/shared/{share id}/{signature}` on the public origin, the signature an HMAC of the id
 * under a secret of the app's own (`secrets/share-links`). Opening a link checks the signature in
 * memory, then the share (gone: revoked; past `expires_at`: expired), then the file, on every request.
 */
export const SHARE_SECRET_KEY = 'secrets/share-links'

const HOUR_MS = 60 * 60 * 1000

const storedShareSchema = z.object({
  id: z.string().regex(SHARE_ID_PATTERN),
  file_id: z.int().min(1),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
})
type StoredShare = z.infer<typeof storedShareSchema>

export const SHARE_MESSAGES = {
  invalid: 'This share link is not valid: check that it was copied whole, or ask for a new one',
  gone: 'This share link has expired or was revoked: ask whoever shared it for a new one',
  fileGone: 'The shared file is no longer in the library',
} as const

/** The share's id split into its file and its key; null for anything not shaped like a share id. */
function parseShareId(id: string): { fileId: number; key: string } | null {
  const match = SHARE_ID_PATTERN.exec(id)
  if (!match) return null
  const fileId = Number(match[1])
  if (!Number.isSafeInteger(fileId)) return null
  return { fileId, key: `${sharesPrefixOf(fileId)}${match[2] ?? ''}` }
}

const sign = (secret: Buffer, shareId: string) =>
  createHmac('sha256', secret).update(`share-link:${shareId}`, 'utf8').digest('base64url')

function shareUrl(origin: string, secret: Buffer, shareId: string): string {
  return new URL(routePath('sharedFile', { share: shareId, signature: sign(secret, shareId) }), origin).href
}

function parseStored(key: string, value: unknown): StoredShare {
  const parsed = storedShareSchema.safeParse(value)
  if (!parsed.success) throw new CorruptDocumentError(`${key} is not a share`)
  return parsed.data
}

/**
 * How a share link opens the record's file: bytes of the built-in host, or a redirect to Cloudinary.
 * Null for any other address, which this site neither serves nor vouches for.
 */
export type SharedSource = { kind: 'built-in'; uploadId: string } | { kind: 'cloudinary'; url: string }

export function sharedSource(record: Pick<MediaRecord, 'media_url'>): SharedSource | null {
  const [uploadId] = fileIdsInUrl(record.media_url)
  if (uploadId !== undefined) return { kind: 'built-in', uploadId }
  return cloudinaryAssetOf(record.media_url) ? { kind: 'cloudinary', url: record.media_url } : null
}

async function liveRecord(documents: DocumentStore, fileId: number): Promise<MediaRecord> {
  const record = await readLiveRecord(documents, fileId)
  if (!record) throw fileNotFound(fileId)
  return record
}

/** The file's stored shares, expired ones included (at most a few over `sharesPerFile`). */
async function storedShares(documents: DocumentStore, fileId: number): Promise<StoredShare[]> {
  const listed = await documents.list(sharesPrefixOf(fileId))
  const read = await Promise.all(listed.map(({ key, etag }) => documents.read(key, etag)))
  return read.flatMap((stored, i) => (stored ? [parseStored(listed[i]?.key ?? '', stored.value)] : []))
}

const isActive = (share: StoredShare, now: Date) => Date.parse(share.expires_at) > now.getTime()

/**
 * Makes a link to live file `fileId` that lives `hours` hours. The file's expired shares are removed on
 * the way; a file holding `LIMITS.sharesPerFile` active links refuses another (409).
 */
export async function createShare(
  documents: DocumentStore,
  fileId: number,
  hours: number,
  origin: string,
  now = new Date(),
): Promise<CreatedShare> {
  const record = await liveRecord(documents, fileId)
  if (!sharedSource(record)) {
    throw new InvalidInputError(
      `File ${String(fileId)} is stored at an address this site does not serve, so it cannot be shared here; share that address instead`,
    )
  }
  const existing = await storedShares(documents, fileId)
  const expired = existing.filter((share) => !isActive(share, now))
  await Promise.all(expired.map((share) => documents.remove(parseShareId(share.id)?.key ?? '')))
  if (existing.length - expired.length >= LIMITS.sharesPerFile) {
    throw new ConflictError(
      `File ${String(fileId)} already has ${String(LIMITS.sharesPerFile)} active share links: revoke one before making another`,
    )
  }
  const secret = await storedSecret(documents, SHARE_SECRET_KEY)
  const id = `${String(fileId)}-${randomBytes(16).toString('base64url')}`
  const share: StoredShare = {
    id,
    file_id: fileId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + hours * HOUR_MS).toISOString(),
  }
  const key = parseShareId(id)?.key ?? ''
  const etag = await documents.exclusive(key, () => documents.write(key, share, { ifNew: true }))
  // 128 random bits never collide; an unconfirmed write is the store's failure.
  if (!etag) throw new ConflictError('The share link could not be saved; try again')
  return { id, url: shareUrl(origin, secret, id), expires_at: share.expires_at }
}

/** The live file's active links, newest first; `origin` is asked only when there is one. */
export async function listShares(
  documents: DocumentStore,
  fileId: number,
  origin: () => string,
  now = new Date(),
): Promise<Share[]> {
  await liveRecord(documents, fileId)
  const active = (await storedShares(documents, fileId)).filter((share) => isActive(share, now))
  if (active.length === 0) return []
  const [secret, publicOrigin] = [await storedSecret(documents, SHARE_SECRET_KEY), origin()]
  return active
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))
    .map(({ id, created_at, expires_at }) => ({
      id,
      url: shareUrl(publicOrigin, secret, id),
      expires_at,
      created_at,
    }))
}

/** Revokes a link: its share is removed, so the link answers 410 from then on. */
export async function revokeShare(documents: DocumentStore, shareId: string): Promise<void> {
  const parsed = parseShareId(shareId)
  const stored = parsed ? await documents.read(parsed.key) : null
  if (!parsed || !stored) throw new NotFoundError(`Share link ${shareId.slice(0, 60)} not found`)
  await documents.remove(parsed.key)
}

function signatureMatches(expected: string, given: string): boolean {
  const [a, b] = [Buffer.from(expected), Buffer.from(given)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The live record a link opens, or why not: a malformed link or a wrong signature is refused as not
 * found without reading storage (once this instance knows the secret); a share that is gone (revoked)
 * or expired is `GoneError` (410); a file trashed or purged since (its share removed with it) is not
 * found.
 */
export async function openShare(
  documents: DocumentStore,
  shareId: string,
  signature: string,
  now = new Date(),
): Promise<{ record: MediaRecord; source: SharedSource }> {
  const parsed = parseShareId(shareId)
  if (!parsed || !SHARE_SIGNATURE_PATTERN.test(signature)) throw new NotFoundError(SHARE_MESSAGES.invalid)
  const secret = await existingSecret(documents, SHARE_SECRET_KEY)
  if (!secret || !signatureMatches(sign(secret, shareId), signature))
    throw new NotFoundError(SHARE_MESSAGES.invalid)
  const stored = await documents.read(parsed.key)
  const share = stored ? parseStored(parsed.key, stored.value) : null
  if (!share || share.id !== shareId || !isActive(share, now)) {
    // Purging a file removes its links: one whose share went with its file says the file is gone.
    if (!share && !(await readLiveRecord(documents, parsed.fileId))) {
      throw new NotFoundError(SHARE_MESSAGES.fileGone)
    }
    throw new GoneError(SHARE_MESSAGES.gone)
  }
  const record = await readLiveRecord(documents, parsed.fileId)
  const source = record && sharedSource(record)
  if (!record || !source) throw new NotFoundError(SHARE_MESSAGES.fileGone)
  return { record, source }
}
