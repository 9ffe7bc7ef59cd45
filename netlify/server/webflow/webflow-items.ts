import * as z from 'zod'

import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import type { WebflowPublishMode } from '../../../src/contract/webflow'
import { itemSlug } from './slug'
import { WebflowError, type WebflowApi } from './webflow-api'

const MAX_SLUG_ATTEMPTS = 10

const itemResponseSchema = z.object({ id: z.string().max(LIMITS.webflowIdChars) })

/** How an item is written: its `fieldData` as the collection takes it (without `slug`) and the publish mode. */
export interface ItemWrite {
  fieldData: Record<string, unknown>
  publish: WebflowPublishMode
}

/**
 * Creates the record's collection item (answered 202), through the live endpoint when publishing live.
 * A duplicate slug is a 400 `validation_error`, so the slug is retried with `-2`, `-3`, ... Returns the
 * item id.
 */
export async function createItem(
  api: WebflowApi,
  collectionId: string,
  record: Pick<MediaRecord, 'id' | 'title'>,
  { fieldData, publish }: ItemWrite,
) {
  const path = `collections/${encodeURIComponent(collectionId)}/items${publish === 'live' ? '/live' : ''}`
  for (let attempt = 1; ; attempt++) {
    try {
      const item = await api.request('POST', path, {
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

/**
 * Updates an item's fields, keeping its slug; when publishing live, through the live endpoint, and an
 * item never published (409 there) is updated staged and then published. False when Webflow no longer
 * has the item.
 */
export async function updateItem(
  api: WebflowApi,
  collectionId: string,
  itemId: string,
  { fieldData, publish }: ItemWrite,
): Promise<boolean> {
  const collection = `collections/${encodeURIComponent(collectionId)}`
  const itemPath = `${collection}/items/${encodeURIComponent(itemId)}`
  const body = { isArchived: false, isDraft: false, fieldData }
  try {
    if (publish === 'live') {
      try {
        await api.request('PATCH', `${itemPath}/live`, body)
        return true
      } catch (error) {
        if (!(error instanceof WebflowError && error.status === 409)) throw error
      }
      await api.request('PATCH', itemPath, body)
      await api.request('POST', `${collection}/items/publish`, { itemIds: [itemId] })
      return true
    }
    await api.request('PATCH', itemPath, body)
    return true
  } catch (error) {
    if (error instanceof WebflowError && error.status === 404) return false
    throw error
  }
}

/**
 * Takes an item down from the live site (`DELETE .../live`; an item never published answers 404 or
 * 409 there), then removes it; what is already gone counts as removed.
 */
export async function deleteItem(api: WebflowApi, collectionId: string, itemId: string) {
  const itemPath = `collections/${encodeURIComponent(collectionId)}/items/${encodeURIComponent(itemId)}`
  await ignoreNotFound(() => api.request('DELETE', `${itemPath}/live`), 409)
  await ignoreNotFound(() => api.request('DELETE', itemPath))
}

/** Removes an asset; one Webflow no longer has counts as removed. */
export async function deleteAsset(api: WebflowApi, assetId: string) {
  await ignoreNotFound(() => api.request('DELETE', `assets/${encodeURIComponent(assetId)}`))
}

/**
 * Removes what a record holds on Webflow: its item first, so the site no longer shows any of its
 * assets, then every asset it names, the outdated ones too. Each is tried even when one before it
 * failed, so no failure leaves the rest public; the first failure is thrown once all were tried.
 */
export async function removeHeld(
  api: WebflowApi,
  collectionId: string,
  { itemId, assetIds }: { itemId: string | undefined; assetIds: readonly string[] },
) {
  const removals = [
    ...(itemId ? [() => deleteItem(api, collectionId, itemId)] : []),
    ...assetIds.map((assetId) => () => deleteAsset(api, assetId)),
  ]
  const failures: unknown[] = []
  for (const remove of removals) await remove().catch((error: unknown) => failures.push(error))
  if (failures.length > 0) throw failures[0]
}

async function ignoreNotFound(call: () => Promise<unknown>, alsoIgnored?: number): Promise<void> {
  try {
    await call()
  } catch (error) {
    if (!(error instanceof WebflowError && (error.status === 404 || error.status === alsoIgnored)))
      throw error
  }
}
