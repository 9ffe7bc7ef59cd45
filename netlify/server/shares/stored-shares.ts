import * as z from 'zod'

import { SHARE_ID_PATTERN } from '../../../src/contract/shares'
import { CorruptDocumentError, type DocumentStore } from '../storage/document-store'
import { removeSpentDocuments, type SweepOptions } from '../storage/remove-spent'
import { LEGACY_SHARE_PREFIX, legacySharesPrefixOf, shareLinksKey } from './share-keys'

/**
 * Share links as stored (decision 0063): a file's links in one document, `share-links/{file id}`, and
 * the links made before it, one document each under `shares/{file id}/`, read until they expire.
 */
const storedShareSchema = z.object({
  id: z.string().regex(SHARE_ID_PATTERN),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
})
export type StoredShare = z.infer<typeof storedShareSchema>

const shareLinksSchema = z.object({ links: z.array(storedShareSchema) })
export type ShareLinks = z.infer<typeof shareLinksSchema>

export const isActive = (share: StoredShare, now: Date) => Date.parse(share.expires_at) > now.getTime()

function parseWith<T>(schema: z.ZodType<T>, key: string, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new CorruptDocumentError(`${key} is not what share links keep`)
  return parsed.data
}

/** Parses the document of a file's links; `mutateDocument` calls it on what it reads. */
export const parseShareLinks = (value: unknown) => parseWith(shareLinksSchema, 'share-links', value)

/** The links in the file's document, expired ones included. */
export async function linksOf(documents: DocumentStore, fileId: number): Promise<StoredShare[]> {
  const stored = await documents.read(shareLinksKey(fileId))
  return stored ? parseShareLinks(stored.value).links : []
}

/** A link made before 0063: its own document, named by the random part of its id. */
export const legacyShareKey = (fileId: number, random: string) => `${legacySharesPrefixOf(fileId)}${random}`

export async function readLegacyShare(
  documents: DocumentStore,
  fileId: number,
  random: string,
): Promise<StoredShare | null> {
  const key = legacyShareKey(fileId, random)
  const stored = await documents.read(key)
  return stored ? parseWith(storedShareSchema, key, stored.value) : null
}

/** The file's links made before 0063, expired ones included. */
export async function legacySharesOf(documents: DocumentStore, fileId: number): Promise<StoredShare[]> {
  const listed = await documents.list(legacySharesPrefixOf(fileId))
  const read = await Promise.all(listed.map(({ key, etag }) => documents.read(key, etag)))
  return read.flatMap((stored, i) =>
    stored ? [parseWith(storedShareSchema, listed[i]?.key ?? '', stored.value)] : [],
  )
}

/**
 * Removes the links made before 0063 that have expired (the hourly cleanup): an expired link is refused
 * whether or not its document is there, and none is ever written again, so no write can race the removal
 * and once the last has expired the folder is empty. One that is not a link as stored is kept, for its reader to report.
 */
export function removeExpiredLegacyShares(
  documents: DocumentStore,
  now: Date,
  options?: SweepOptions,
): Promise<number> {
  const expired = (_key: string, value: unknown) => {
    const share = storedShareSchema.safeParse(value).data
    return share !== undefined && !isActive(share, now)
  }
  return removeSpentDocuments(documents, LEGACY_SHARE_PREFIX, expired, options)
}
