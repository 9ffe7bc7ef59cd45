import * as z from 'zod'

import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import { itemSlug } from './slug'
import { WebflowError, type WebflowApi } from './webflow-api'

const MAX_SLUG_ATTEMPTS = 10

const itemResponseSchema = z.object({ id: z.string().max(LIMITS.webflowIdChars) })

/** The item's fields, named by the spec's CMS field slugs (section 3). */
export function itemFieldData(record: MediaRecord, mediaUrl: string): Record<string, string | number> {
  return {
    name: record.title,
    'media-url': mediaUrl,
    description: record.description,
    category: record.category,
    'file-type': record.file_type,
    'file-size': record.file_size,
    tags: record.tags.join(', '),
    author: record.author,
    'upload-date': record.created_at,
  }
}

/**
 * Creates the record's collection item (answered 202). A duplicate slug is a 400 `validation_error`,
 * so the slug is retried with `-2`, `-3`, ... Returns the item id.
 */
export async function createItem(
  api: WebflowApi,
  collectionId: string,
  record: MediaRecord,
  mediaUrl: string,
) {
  const fieldData = itemFieldData(record, mediaUrl)
  for (let attempt = 1; ; attempt++) {
    try {
      const item = await api.request('POST', `collections/${encodeURIComponent(collectionId)}/items`, {
        isArchived: false,
        isDraft: false,
        fieldData: { ...fieldData, slug: itemSlug(record.title, record.id, attempt) },
      })
      return itemResponseSchema.parse(item).id
    } catch (error) {
      if (!(error instanceof WebflowError) || !error.isDuplicateSlug || attempt >= MAX_SLUG_ATTEMPTS)
        throw error
    }
  }
}

/** Updates an item's fields, keeping its slug. False when Webflow no longer has the item. */
export async function updateItem(
  api: WebflowApi,
  collectionId: string,
  itemId: string,
  record: MediaRecord,
  mediaUrl: string,
): Promise<boolean> {
  try {
    await api.request(
      'PATCH',
      `collections/${encodeURIComponent(collectionId)}/items/${encodeURIComponent(itemId)}`,
      {
        isArchived: false,
        isDraft: false,
        fieldData: itemFieldData(record, mediaUrl),
      },
    )
    return true
  } catch (error) {
    if (error instanceof WebflowError && error.status === 404) return false
    throw error
  }
}

/** Removes an item, and its asset when there is one; what is already gone counts as removed. */
export async function deleteItem(api: WebflowApi, collectionId: string, itemId: string, assetId?: string) {
  await ignoreNotFound(() =>
    api.request(
      'DELETE',
      `collections/${encodeURIComponent(collectionId)}/items/${encodeURIComponent(itemId)}`,
    ),
  )
  if (assetId) await ignoreNotFound(() => api.request('DELETE', `assets/${encodeURIComponent(assetId)}`))
}

async function ignoreNotFound(call: () => Promise<unknown>): Promise<void> {
  try {
    await call()
  } catch (error) {
    if (!(error instanceof WebflowError && error.status === 404)) throw error
  }
}
