import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import { routePath } from '../../../src/contract/routes'
import {
  SHARE_ID_PATTERN,
  SHARE_SIGNATURE_PATTERN,
  type CreatedShare,
  type Share,
} from '../../../src/contract/shares'
import { ownCloudinaryAsset } from '../cloudinary/cloudinary-url'
import { ConflictError, fileNotFound, GoneError, InvalidInputError, NotFoundError } from '../errors'
import { fileIdsInUrl } from '../files/file-references'
import { operateOnRecords, readLiveRecord } from '../records/record-shards'
import type { DocumentStore } from '../storage/document-store'
import { mutateDocument } from '../storage/mutate'
import { existingSecret, storedSecret } from '../storage/stored-secret'
import { shareLinksKey } from './share-keys'
import {
  isActive,
  legacyShareKey,
  legacySharesOf,
  linksOf,
  parseShareLinks,
  readLegacyShare,
  type StoredShare,
} from './stored-shares'

/**
 * Share links (decisions 0041, 0063). A file's links are one document, `share-links/{file id}`, changed
 * by compare-and-swap; a share's id is `{file id}-{random}`, so a revoke or a link finds the document
 * from the id alone. The link is `/api/shared/{share id}/{signature}` on the public origin, the signature
 * an HMAC of the id under a secret of the app's own (`secrets/share-links`). Opening a link checks the
 * signature in memory, then the share (gone: revoked; past `expires_at`: expired), then the file, on
 * every request.
 */
export const SHARE_SECRET_KEY = 'secrets/share-links'

const HOUR_MS = 60 * 60 * 1000

export const SHARE_MESSAGES = {
  invalid: 'This share link is not valid: check that it was copied whole, or ask for a new one',
  gone: 'This share link has expired or was revoked: ask whoever shared it for a new one',
  fileGone: 'The shared file is no longer in the library',
  notServed: 'The shared file is stored at an address this site does not serve or vouch for',
} as const

/** The share's id split into its file and its random part; null for anything not shaped like one. */
export function parseShareId(id: string): { fileId: number; random: string } | null {
  const match = SHARE_ID_PATTERN.exec(id)
  if (!match) return null
  const fileId = Number(match[1])
  if (!Number.isSafeInteger(fileId)) return null
  return { fileId, random: match[2] ?? '' }
}

const sign = (secret: Buffer, shareId: string) =>
  createHmac('sha256', secret).update(`share-link:${shareId}`, 'utf8').digest('base64url')

function shareUrl(origin: string, secret: Buffer, shareId: string): string {
  return new URL(routePath('sharedFile', { share: shareId, signature: sign(secret, shareId) }), origin).href
}

/**
 * How a share link opens the record's file: bytes of the built-in host, or a redirect to the asset on
 * this site's own Cloudinary account (`cloudName`, the configured one), at its address as a browser
 * would read it. Null for any other address, another Cloudinary account's included: this site neither
 * serves it nor vouches for it.
 */
export type SharedSource = { kind: 'built-in'; uploadId: string } | { kind: 'cloudinary'; url: string }

export function sharedSource(
  record: Pick<MediaRecord, 'media_url'>,
  cloudName: string | null,
): SharedSource | null {
  const [uploadId] = fileIdsInUrl(record.media_url)
  if (uploadId !== undefined) return { kind: 'built-in', uploadId }
  if (!ownCloudinaryAsset(record.media_url, cloudName)) return null
  return { kind: 'cloudinary', url: new URL(record.media_url).href }
}

async function liveRecord(documents: DocumentStore, fileId: number): Promise<MediaRecord> {
  const record = await readLiveRecord(documents, fileId)
  if (!record) throw fileNotFound(fileId)
  return record
}

/** Where a link may lead, and the origin it is given on. */
export interface ShareSettings {
  origin: string
  /** The configured Cloudinary account, or null when there is none. */
  cloudName: string | null
}

/**
 * Makes a link to live file `fileId` that lives `hours` hours. A file holding `LIMITS.sharesPerFile`
 * active links refuses another (409), however many are made at once: the count and the new link are
 * one compare-and-swap of the file's document, which drops its expired links on the way.
 */
export async function createShare(
  documents: DocumentStore,
  fileId: number,
  hours: number,
  { origin, cloudName }: ShareSettings,
  now = new Date(),
): Promise<CreatedShare> {
  const record = await liveRecord(documents, fileId)
  if (!sharedSource(record, cloudName)) {
    throw new InvalidInputError(
      `File ${String(fileId)} is stored at an address this site does not serve (neither its own storage nor its Cloudinary account), so it cannot be shared here; share that address instead`,
    )
  }
  // Links made before 0063 count too. No more of them are ever made, so counting them before the
  // compare-and-swap can only count too many, never let one past the limit.
  const legacy = (await legacySharesOf(documents, fileId)).filter((share) => isActive(share, now)).length
  const secret = await storedSecret(documents, SHARE_SECRET_KEY)
  const share: StoredShare = {
    id: `${String(fileId)}-${randomBytes(16).toString('base64url')}`,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + hours * HOUR_MS).toISOString(),
  }
  const made = await mutateDocument(documents, shareLinksKey(fileId), parseShareLinks, (current) => {
    const active = (current?.links ?? []).filter((link) => isActive(link, now))
    return active.length + legacy >= LIMITS.sharesPerFile
      ? { next: undefined, result: false }
      : { next: { links: [...active, share] }, result: true }
  })
  if (!made) {
    throw new ConflictError(
      `File ${String(fileId)} already has ${String(LIMITS.sharesPerFile)} active share links: revoke one before making another`,
    )
  }
  await keepSharedUntil(documents, fileId, now)
  return { id: share.id, url: shareUrl(origin, secret, share.id), expires_at: share.expires_at }
}

/**
 * Every active link of the live file, newest first, each with the address it opens at: whoever may see
 * Details may make a link, so may see those already made. `origin` is asked only when there is one.
 */
export async function listShares(
  documents: DocumentStore,
  fileId: number,
  origin: () => string,
  now = new Date(),
): Promise<Share[]> {
  await liveRecord(documents, fileId)
  const active = await activeSharesOf(documents, fileId, now)
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

/** Revokes a link: it leaves its file's document (or its own, made before 0063), so it answers 410. */
export async function revokeShare(
  documents: DocumentStore,
  shareId: string,
  now = new Date(),
): Promise<void> {
  const parsed = parseShareId(shareId)
  if (!parsed) throw new NotFoundError(`Share link ${shareId.slice(0, 60)} not found`)
  const removed = await mutateDocument(
    documents,
    shareLinksKey(parsed.fileId),
    parseShareLinks,
    (current) => {
      const links = current?.links ?? []
      return links.some((link) => link.id === shareId)
        ? { next: { links: links.filter((link) => link.id !== shareId) }, result: true }
        : { next: undefined, result: false }
    },
  )
  if (!removed) {
    if (!(await readLegacyShare(documents, parsed.fileId, parsed.random)))
      throw new NotFoundError(`Share link ${shareId.slice(0, 60)} not found`)
    await documents.remove(legacyShareKey(parsed.fileId, parsed.random))
  }
  await keepSharedUntil(documents, parsed.fileId, now)
}

/** The file's links that still open, from its document and the links made before 0063. */
export async function activeSharesOf(
  documents: DocumentStore,
  fileId: number,
  now = new Date(),
): Promise<StoredShare[]> {
  const [links, legacy] = await Promise.all([linksOf(documents, fileId), legacySharesOf(documents, fileId)])
  return [...links, ...legacy].filter((share) => isActive(share, now))
}

/**
 * Writes on the file's record when its last link expires (`shared_until`, decision 0073), read from
 * its links after a change to them, so the file list can tell a shared file without reading its links;
 * no link left, no field. A link made and another revoked at the same moment may leave it short until
 * the next change; `GET /api/media/{id}/usage` always counts the links themselves.
 */
async function keepSharedUntil(documents: DocumentStore, fileId: number, now = new Date()): Promise<void> {
  const active = await activeSharesOf(documents, fileId, now)
  const until = active.reduce<string | undefined>(
    (latest, share) => (latest === undefined || share.expires_at > latest ? share.expires_at : latest),
    undefined,
  )
  await operateOnRecords(documents, [fileId], (current) => {
    if (!current || current.shared_until === until) return { result: undefined }
    const { shared_until: _earlier, ...rest } = current
    return { record: until === undefined ? rest : { ...rest, shared_until: until }, result: undefined }
  })
}

function signatureMatches(expected: string, given: string): boolean {
  const [a, b] = [Buffer.from(expected), Buffer.from(given)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The live record a link opens, or why not: a malformed link or a wrong signature is refused as not
 * found without reading storage (once this instance knows the secret); a share that is gone (revoked)
 * or expired is `GoneError` (410); a file trashed or purged since (its share removed with it) is not
 * found, and so is one now stored where `sharedSource` will not lead.
 */
export async function openShare(
  documents: DocumentStore,
  shareId: string,
  signature: string,
  cloudName: string | null,
  now = new Date(),
): Promise<{ record: MediaRecord; source: SharedSource }> {
  const parsed = parseShareId(shareId)
  if (!parsed || !SHARE_SIGNATURE_PATTERN.test(signature)) throw new NotFoundError(SHARE_MESSAGES.invalid)
  const secret = await existingSecret(documents, SHARE_SECRET_KEY)
  if (!secret || !signatureMatches(sign(secret, shareId), signature))
    throw new NotFoundError(SHARE_MESSAGES.invalid)
  const share =
    (await linksOf(documents, parsed.fileId)).find((link) => link.id === shareId) ??
    (await readLegacyShare(documents, parsed.fileId, parsed.random))
  if (share?.id !== shareId || !isActive(share, now)) {
    // Purging a file removes its links: one whose share went with its file says the file is gone.
    if (!share && !(await readLiveRecord(documents, parsed.fileId))) {
      throw new NotFoundError(SHARE_MESSAGES.fileGone)
    }
    throw new GoneError(SHARE_MESSAGES.gone)
  }
  const record = await readLiveRecord(documents, parsed.fileId)
  if (!record) throw new NotFoundError(SHARE_MESSAGES.fileGone)
  const source = sharedSource(record, cloudName)
  if (!source) throw new NotFoundError(SHARE_MESSAGES.notServed)
  return { record, source }
}
