import type { MediaRecord } from '../../../src/contract/record'
import { readManifest } from '../uploads/upload-service'
import type { MediaHostStores } from '../uploads/upload-service'
import { operateOnRecords } from '../records/record-shards'
import { builtInFileIds } from '../files/release-files'
import { WebflowApi, type WebflowApiOptions } from './webflow-api'
import { fitsAssetLimits, uploadAsset } from './webflow-assets'
import type { WebflowSetup } from './webflow-config'
import { createItem, deleteItem, updateItem } from './webflow-items'

/** A unit of mirror work, small enough for a background function's 256 KB payload. */
export type SyncJob =
  { action: 'upsert'; ids: number[] } | { action: 'delete'; items: { item_id: string; asset_id?: string }[] }

export interface SyncContext {
  stores: MediaHostStores
  setup: WebflowSetup
  /** The site's origin, to turn the built-in host's paths into the public URLs Webflow needs. */
  siteUrl: string
  fetch?: typeof fetch
  apiOptions?: WebflowApiOptions
}

type SyncState = NonNullable<MediaRecord['webflow']>

/** The state a new or changed record starts in: pending, or skipped with the spec's non-critical message. */
export function initialSyncState(setup: WebflowSetup, now = new Date()): SyncState | undefined {
  if (setup.kind === 'off') return undefined
  const updated_at = now.toISOString()
  return setup.kind === 'incomplete'
    ? { state: 'skipped', message: setup.message, updated_at }
    : { state: 'pending', updated_at }
}

/**
 * Runs a job one record at a time (Webflow allows 60-120 requests a minute). Each record ends synced or
 * failed with Webflow's message; a failure never touches the record's own data.
 */
export async function runSyncJob(context: SyncContext, job: SyncJob): Promise<void> {
  const { setup } = context
  if (setup.kind !== 'ready') return
  const api = new WebflowApi(setup.config, { fetch: context.fetch, ...context.apiOptions })
  if (job.action === 'delete') {
    for (const item of job.items) {
      try {
        await deleteItem(api, setup.config.collectionId, item.item_id, item.asset_id)
      } catch (error) {
        console.error(`Could not remove Webflow item ${item.item_id}`, error)
      }
    }
    return
  }
  for (const id of job.ids) await syncRecord(context, api, setup.config.collectionId, id)
}

async function syncRecord(context: SyncContext, api: WebflowApi, collectionId: string, id: number) {
  const [record] = await operateOnRecords(context.stores.documents, [id], (current) => ({ result: current }))
  if (!record) return
  let itemId = record.webflow?.item_id
  let assetId = record.webflow?.asset_id
  let note: string | undefined
  try {
    const mediaUrl = absoluteUrl(record.media_url, context.siteUrl)
    if (!assetId && fitsAssetLimits(record)) {
      try {
        const bytes = await readFileBytes(context, record)
        if (bytes) assetId = await uploadAsset(api, record, bytes, fileNameOf(record), context.fetch)
      } catch (error) {
        // The item matters more than the asset: mirror the URL and say why the asset is missing.
        note = `Asset not mirrored: ${messageOf(error)}`
      }
    }
    if (itemId && !(await updateItem(api, collectionId, itemId, record, mediaUrl))) itemId = undefined
    itemId ??= await createItem(api, collectionId, record, mediaUrl)
    await setSyncState(context, id, { state: 'synced', item_id: itemId, asset_id: assetId, message: note })
  } catch (error) {
    await setSyncState(context, id, {
      state: 'failed',
      message: messageOf(error),
      item_id: itemId,
      asset_id: assetId,
    })
  }
}

/** Records the mirror's state on the record, without counting it as an edit of the record. */
export async function setSyncState(
  context: Pick<SyncContext, 'stores'>,
  id: number,
  state: Omit<SyncState, 'updated_at'>,
  now = new Date(),
): Promise<MediaRecord | undefined> {
  const webflow = Object.fromEntries(
    Object.entries({ ...state, updated_at: now.toISOString() }).filter(
      ([, value]: [string, unknown]) => value !== undefined,
    ),
  ) as SyncState
  const [updated] = await operateOnRecords(context.stores.documents, [id], (current) => {
    if (!current) return { result: undefined }
    const record = { ...current, webflow }
    return { record, result: record }
  })
  return updated
}

/** A file's bytes for the asset upload: read from the built-in host, or fetched from its public URL. */
async function readFileBytes(context: SyncContext, record: MediaRecord): Promise<Uint8Array | null> {
  const [fileId] = builtInFileIds({ media_url: record.media_url, thumbnail: null })
  if (fileId) {
    const manifest = await readManifest(context.stores.documents, fileId)
    if (!manifest) return null
    const parts = await Promise.all(manifest.chunks.map((chunk) => context.stores.bytes.get(chunk.key)))
    if (parts.some((part) => part === null)) return null
    return Buffer.concat(parts as Uint8Array[])
  }
  const response = await (context.fetch ?? fetch)(record.media_url)
  if (!response.ok) throw new Error(`fetching the file answered ${String(response.status)}`)
  return new Uint8Array(await response.arrayBuffer())
}

function fileNameOf(record: MediaRecord): string {
  const last = decodeURIComponent(record.media_url.split(/[?#]/, 1)[0]?.split('/').pop() ?? '')
  return last || record.title
}

export function absoluteUrl(url: string, siteUrl: string): string {
  return new URL(url, siteUrl).toString()
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
