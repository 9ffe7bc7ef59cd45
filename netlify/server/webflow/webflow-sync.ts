import {
  deliversWithSettings,
  imageUrl,
  imageVersion,
  type ImageSettings,
} from '../../../src/contract/image-settings'
import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import { readManifest } from '../uploads/upload-service'
import type { MediaHostStores } from '../uploads/upload-service'
import { operateOnRecords } from '../records/record-shards'
import { fileIdsInUrl } from '../files/file-references'
import { cloudinaryAssetOf } from '../cloudinary/cloudinary-url'
import { currentAccessGate } from '../http/access-gate'
import { configuredCloudName } from '../store'
import type { AdjustedPicture } from '../images/adjusted-picture'
import { cloudinaryImageUrl } from '../images/cloudinary-image'
import type { WebflowPublishMode } from '../../../src/contract/webflow'
import { SchemaSession } from './collection-schema'
import { mapFieldData, resolveTargets, takesAsset, type ItemSource } from './field-mapping'
import { WebflowBudgetSpentError, type RequestBudget } from './request-budget'
import { WebflowApi, WebflowError, type WebflowApiOptions } from './webflow-api'
import { assetLimit, fitsAssetLimits, hostedAsset, keepAssetAltText, uploadAsset } from './webflow-assets'
import { NO_FIELD_MAP, type FieldMap, type WebflowSetup } from './webflow-config'
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
  /** The Cloudinary cloud whose delivery URLs may be fetched; unset: the configured one. */
  cloudName?: string | null
  /** The site's Webflow request budget, which every call takes from first; unset: none. */
  budget?: RequestBudget
  /**
   * Applies a record's crop and rotation to its image (`adjustedPicture`, which needs sharp: the
   * background function, whose bundle carries it, passes it). Unset: every asset is the file as stored.
   */
  adjustImage?: (bytes: Uint8Array, settings: ImageSettings) => Promise<AdjustedPicture>
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
  const api = new WebflowApi(setup.config, {
    fetch: context.fetch,
    budget: context.budget,
    ...context.apiOptions,
  })
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
  const target: Target = {
    collectionId: setup.config.collectionId,
    publish: setup.config.publish ?? 'live',
    fieldMap: setup.config.fieldMap ?? NO_FIELD_MAP,
    schema: new SchemaSession(api, setup.config.collectionId),
  }
  for (const [index, id] of job.ids.entries()) {
    try {
      await syncRecord(context, api, target, id)
    } catch (error) {
      if (!(error instanceof WebflowBudgetSpentError)) throw error
      // The budget is spent: the rest of the job waits too, pending with the reason and no job queued,
      // so the next sync request or Sync all takes them up.
      await deferSyncs(context, job.ids.slice(index + 1), error.message)
      return
    }
  }
}

/**
 * Where a run writes: the collection, its schema as this run knows it, the publish mode, and the
 * collection fields `WEBFLOW_FIELD_MAP` names.
 */
interface Target {
  collectionId: string
  publish: WebflowPublishMode
  fieldMap: FieldMap
  schema: SchemaSession
}

/** The synced state's message: where the item is, then what it lacks. */
export const PUBLISHED_LIVE = 'Published live'
export const STAGED = 'Staged: publish the site to show it'

/** Webflow refused a value (a field's type or options changed since the schema was read). */
function isRefusedValue(error: unknown): boolean {
  return error instanceof WebflowError && error.code === 'validation_error' && !error.isDuplicateSlug
}

/** How many times one job re-mirrors a record that was edited while it was being mirrored. */
const MAX_ROUNDS = 4

/**
 * Mirrors one record. Several jobs may work on one record at once (an upload, then a quick edit), so
 * nothing is taken for granted between Webflow calls:
 * - a new item or asset id is claimed on the record only if it has none yet; a job that loses the claim
 *   deletes what it created and works on the winner's;
 * - the result is committed only if the record's `revision` is still the one that was mirrored; an edit
 *   in between makes the job mirror the record again, so the item ends with the latest data;
 * - a record deleted meanwhile takes its new item and asset with it.
 */
async function syncRecord(context: SyncContext, api: WebflowApi, target: Target, id: number) {
  const { collectionId, publish, fieldMap } = target
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const record = await readRecord(context, id)
    if (!record) return
    const revision = record.webflow?.revision ?? 0
    let itemId = record.webflow?.item_id
    // An image with a crop or rotation is mirrored as it is delivered: its asset is made at the
    // record's `imageVersion`, and one made at another (or as the file is stored) is replaced.
    const adjust = isAdjusted(record) ? context.adjustImage : undefined
    const version = adjust ? imageVersion(record) : undefined
    const kept = keptAsset(record, version)
    let assetId = kept.id
    try {
      const gated = isGatedFile(record)
      let schema = await target.schema.get()
      // An Image or File field takes the asset by its public URL, as the gated `media-url` does.
      const needsHostedUrl = gated || takesAsset(resolveTargets(schema, fieldMap))
      const asset = await mirrorAsset(context, api, record, kept, { adjust, version, needsHostedUrl })
      assetId = asset.id
      const made = itemSource(record, context.siteUrl, gated, asset)
      let mapped = mapFieldData(schema, made.source, fieldMap)
      const write = async <T>(call: () => Promise<T>): Promise<T> => {
        try {
          return await call()
        } catch (error) {
          // The collection changed since its schema was read: read it again (once a run) and retry.
          if (!isRefusedValue(error) || !(await target.schema.refresh())) throw error
          schema = await target.schema.get()
          mapped = mapFieldData(schema, made.source, fieldMap)
          return call()
        }
      }
      const options = () => ({ fieldData: mapped.fieldData, publish })
      // An item Webflow no longer has is replaced by a new one.
      let staleItem: string | undefined
      if (itemId && !(await write(() => updateItem(api, collectionId, itemId ?? '', options())))) {
        staleItem = itemId
        itemId = undefined
      }
      if (!itemId) {
        const created = await write(() => createItem(api, collectionId, record, options()))
        const discard = () => deleteItem(api, collectionId, created)
        itemId = (
          await claim(context, id, 'item_id', created, discard, { keepState: true, replaces: staleItem })
        ).id
        // Another job's item won: it may hold older data, so bring it up to this record.
        if (itemId !== created) {
          const winner = itemId
          await write(() => updateItem(api, collectionId, winner, options()))
        }
      }
      // The item no longer shows it: the asset of an earlier crop or rotation goes.
      if (kept.outdated && kept.outdated !== assetId) {
        await api.request('DELETE', `assets/${kept.outdated}`).catch(logRemovalFailure)
      }
      const first = publish === 'live' ? PUBLISHED_LIVE : STAGED
      const message = [first, ...mapped.notes, asset.note, made.note].filter(Boolean).join('; ')
      const state = {
        state: 'synced' as const,
        item_id: itemId,
        asset_id: assetId,
        image_version: assetId ? asset.version : undefined,
        message,
      }
      if (await commitIfUnchanged(context, id, revision, state)) return
    } catch (error) {
      if (error instanceof RecordGoneError) {
        if (itemId) await deleteItem(api, collectionId, itemId, assetId).catch(logRemovalFailure)
        else if (assetId) await api.request('DELETE', `assets/${assetId}`).catch(logRemovalFailure)
        return
      }
      const deferred = error instanceof WebflowBudgetSpentError
      await setSyncState(context, id, {
        state: deferred ? 'pending' : 'failed',
        message: messageOf(error),
        item_id: itemId,
        asset_id: assetId,
      })
      if (deferred) throw error
      return
    }
  }
}

/** The record's asset as the mirror left it: kept, or `outdated` when made at another image version. */
interface KeptAsset {
  id: string | undefined
  /** The `imageVersion` it was made at, if it is an adjusted picture. */
  version: string | undefined
  /** An asset of an earlier crop or rotation, replaced by a new one. */
  outdated: string | undefined
}

function keptAsset(record: MediaRecord, version: string | undefined): KeptAsset {
  const id = record.webflow?.asset_id
  const made = record.webflow?.image_version
  if (id && made !== version) return { id: undefined, version: undefined, outdated: id }
  return { id, version: made, outdated: undefined }
}

/** The record's asset after this round: its id, version, public URL, and why it is missing, if it is. */
interface MirroredAsset {
  id: string | undefined
  version: string | undefined
  /** Where Webflow serves it publicly, when the item needs it (or it was just made). */
  hostedUrl: string | null
  note?: string
}

const NO_ASSET: MirroredAsset = { id: undefined, version: undefined, hostedUrl: null }

/**
 * The record's asset on Webflow. One made earlier is read, for its public URL and its alt text: an edit
 * since may have changed the alt text it should carry (the record's alt text, description or title).
 * Otherwise (none, or one Webflow no longer has) a file within Webflow's limits is uploaded and claimed
 * on the record, replacing the gone or outdated one. A failed upload is a note, not a failure: the item
 * matters more than the asset.
 */
async function mirrorAsset(
  context: SyncContext,
  api: WebflowApi,
  record: MediaRecord,
  kept: KeptAsset,
  {
    adjust,
    version,
    needsHostedUrl,
  }: { adjust: SyncContext['adjustImage']; version: string | undefined; needsHostedUrl: boolean },
): Promise<MirroredAsset> {
  if (kept.id) {
    const asset = await hostedAsset(api, kept.id)
    if (asset) {
      await keepAssetAltText(api, asset, record)
      return { id: kept.id, version: kept.version, hostedUrl: needsHostedUrl ? asset.hostedUrl : null }
    }
  }
  if (!fitsAssetLimits(record)) return NO_ASSET
  let mirrored = NO_ASSET
  try {
    const file = await readFileBytes(context, record, assetLimit(record.file_type) ?? 0)
    if (file.kind === 'foreign') return { ...NO_ASSET, note: NOT_ON_A_READABLE_HOST }
    if (file.kind === 'too-large') return NO_ASSET
    const upload = adjust
      ? await adjustedAsset(adjust, record, file.bytes)
      : assetAsStored(record, file.bytes)
    const created = await uploadAsset(api, upload.record, upload.bytes, upload.fileName, context.fetch)
    const discard = () => api.request('DELETE', `assets/${created.id}`)
    const claimed = await claim(context, record.id, 'asset_id', created.id, discard, {
      replaces: kept.id ?? kept.outdated,
      imageVersion: version,
    })
    const won = claimed.id === created.id
    mirrored = { id: claimed.id, version: claimed.imageVersion, hostedUrl: won ? created.hostedUrl : null }
    // Another job's asset won: its URL is read when the item needs it.
    if (!won && needsHostedUrl) {
      mirrored = { ...mirrored, hostedUrl: (await hostedAsset(api, claimed.id))?.hostedUrl ?? null }
    }
    return mirrored
  } catch (error) {
    if (error instanceof RecordGoneError) throw error
    // What went wrong reading the file is not said: it would tell what lies behind an address.
    const note =
      error instanceof FileUnreadableError ? FILE_UNREADABLE : `Asset not mirrored: ${messageOf(error)}`
    return { ...mirrored, note }
  }
}

/** The record was deleted while it was being mirrored. */
class RecordGoneError extends Error {
  override name = 'RecordGoneError'
}

async function readRecord(context: SyncContext, id: number): Promise<MediaRecord | undefined> {
  const [record] = await operateOnRecords(context.stores.documents, [id], (current) => ({ result: current }))
  return record
}

interface Claimed {
  id: string
  /** For an asset: the `imageVersion` it was made at, if it is an adjusted picture. */
  imageVersion: string | undefined
}

/**
 * Stores a freshly created Webflow id on the record unless it already has another one (other than
 * `replaces`, an id Webflow no longer knows or an asset of an earlier picture), and returns the id that
 * stands. The loser's creation is undone with `discard`. `keepState` leaves the rest of the state as it
 * is; an asset is stored with the `imageVersion` it was made at.
 */
async function claim(
  context: SyncContext,
  id: number,
  field: 'item_id' | 'asset_id',
  created: string,
  discard: () => Promise<unknown>,
  {
    keepState = false,
    replaces,
    imageVersion: version,
  }: { keepState?: boolean; replaces?: string; imageVersion?: string } = {},
): Promise<Claimed> {
  const [winner] = await operateOnRecords<Claimed | null>(context.stores.documents, [id], (current) => {
    if (!current) return { result: null }
    const existing = current.webflow?.[field]
    if (existing && existing !== replaces) {
      return { result: { id: existing, imageVersion: current.webflow?.image_version } }
    }
    const { image_version: previousVersion, ...rest } = current.webflow ?? {
      state: 'pending',
      updated_at: new Date().toISOString(),
    }
    const webflow: SyncState = { ...rest, [field]: created }
    if (field === 'item_id' && previousVersion !== undefined) webflow.image_version = previousVersion
    if (field === 'asset_id' && version !== undefined) webflow.image_version = version
    if (!keepState) webflow.updated_at = new Date().toISOString()
    return { record: { ...current, webflow }, result: { id: created, imageVersion: version } }
  })
  if (!winner) {
    await discard().catch(logRemovalFailure)
    throw new RecordGoneError(`File ${String(id)} was deleted while it was being mirrored`)
  }
  if (winner.id !== created) await discard().catch(logRemovalFailure)
  return winner
}

/** Writes the synced state only if the record was not edited since `revision` was read. */
async function commitIfUnchanged(
  context: SyncContext,
  id: number,
  revision: number,
  state: Omit<SyncState, 'updated_at' | 'revision'>,
): Promise<boolean> {
  const [outcome] = await operateOnRecords(context.stores.documents, [id], (current) => {
    if (!current) return { result: 'gone' as const }
    if ((current.webflow?.revision ?? 0) !== revision) return { result: 'edited' as const }
    const webflow = withoutUndefined({
      ...state,
      revision: revision || undefined,
      updated_at: new Date().toISOString(),
    })
    return { record: { ...current, webflow }, result: 'committed' as const }
  })
  if (outcome === 'gone' || outcome === undefined) {
    throw new RecordGoneError(`File ${String(id)} was deleted while it was being mirrored`)
  }
  return outcome === 'committed'
}

function logRemovalFailure(error: unknown): void {
  console.error('Could not remove a Webflow item or asset of a deleted record', error)
}

/**
 * The state as stored: no undefined fields, and the message cut to `LIMITS.syncMessageChars`, since it
 * may carry Webflow's own error text, and a record must stay within `LIMITS.recordBytes`.
 */
function withoutUndefined(state: Record<string, unknown>): SyncState {
  const defined = Object.fromEntries(Object.entries(state).filter(([, value]) => value !== undefined))
  if (typeof defined.message === 'string' && defined.message.length > LIMITS.syncMessageChars) {
    defined.message = `${defined.message.slice(0, LIMITS.syncMessageChars - 1)}…`
  }
  return defined as SyncState
}

/** Records the mirror's state on the record, without counting it as an edit of the record. */
export async function setSyncState(
  context: Pick<SyncContext, 'stores'>,
  id: number,
  state: Omit<SyncState, 'updated_at'>,
  now = new Date(),
): Promise<MediaRecord | undefined> {
  const [updated] = await operateOnRecords(context.stores.documents, [id], (current) => {
    if (!current) return { result: undefined }
    const revision = current.webflow?.revision
    const webflow = withoutUndefined({ ...state, revision, updated_at: now.toISOString() })
    const record = { ...current, webflow }
    return { record, result: record }
  })
  return updated
}

/**
 * Marks records pending with `message` and no job queued (`queued_at` dropped), keeping their item and
 * asset ids: work the request budget had no room for.
 */
async function deferSyncs(context: Pick<SyncContext, 'stores'>, ids: readonly number[], message: string) {
  if (ids.length === 0) return
  const now = new Date().toISOString()
  await operateOnRecords(context.stores.documents, ids, (current) => {
    if (!current?.webflow) return { result: undefined }
    const { queued_at: _queued, ...rest } = current.webflow
    const webflow = withoutUndefined({ ...rest, state: 'pending', message, updated_at: now })
    return { record: { ...current, webflow }, result: undefined }
  })
}

const NOT_ON_A_READABLE_HOST = 'Asset not mirrored: the file is not on a host the mirror reads from'
const FILE_UNREADABLE = 'Asset not mirrored: the file could not be read'

/** Reading a file for its asset failed; the cause is logged, never written on the record. */
class FileUnreadableError extends Error {
  override name = 'FileUnreadableError'
}

/**
 * What an item is made of: the record, the URL it links to (behind the access gate, the asset's public
 * one, since the public site cannot open the file's own), and the asset when its public URL is known;
 * with the reason the gated item has no URL, if it has none.
 */
function itemSource(
  record: MediaRecord,
  siteUrl: string,
  gated: boolean,
  asset: { id: string | undefined; hostedUrl: string | null },
): { source: ItemSource; note?: string } {
  const { id, hostedUrl } = asset
  const source: ItemSource = {
    record,
    mediaUrl: gated ? (hostedUrl ?? '') : itemMediaUrl(record, siteUrl),
    asset: id && hostedUrl ? { fileId: id, url: hostedUrl } : null,
  }
  return gated && !hostedUrl ? { source, note: noPublicUrlReason(record, id) } : { source }
}

/** Why an item behind the access gate has no `media-url`: Webflow has no public copy of the file. */
function noPublicUrlReason(record: MediaRecord, assetId: string | undefined): string {
  const why = assetId
    ? 'Webflow gave no public URL for its asset'
    : fitsAssetLimits(record)
      ? 'it could not be copied to Webflow as an asset'
      : 'Webflow takes as assets only images up to 4 MB and documents up to 10 MB'
  return `No public URL: the access gate keeps the file private, and ${why}`
}

type FileBytes =
  | { kind: 'bytes'; bytes: Uint8Array }
  /** Larger than the asset limit: no asset, as for a file the record says is too large. */
  | { kind: 'too-large' }
  /** On a host the mirror does not fetch from: never requested. */
  | { kind: 'foreign' }

/** How long fetching one file from Cloudinary may take. */
const FETCH_TIMEOUT_MS = 60_000

/**
 * A file's bytes for the asset upload. The server never fetches an address a record names unless it is
 * this site's Cloudinary cloud: a built-in file (`/api/files/{id}`, on any host) is read from storage,
 * never over HTTP; a delivery URL of the configured cloud is fetched without following redirects and
 * read up to `limit` bytes; any other URL is not requested at all. The size on the record is only what
 * the client said, so the real size is checked here.
 */
async function readFileBytes(context: SyncContext, record: MediaRecord, limit: number): Promise<FileBytes> {
  const [fileId] = fileIdsInUrl(record.media_url)
  try {
    if (fileId) {
      const manifest = await readManifest(context.stores.documents, fileId)
      if (!manifest) throw new FileUnreadableError(`built-in file ${fileId} is gone`)
      if (manifest.size > limit) return { kind: 'too-large' }
      const parts = await Promise.all(manifest.chunks.map((chunk) => context.stores.bytes.get(chunk.key)))
      if (parts.some((part) => part === null)) throw new FileUnreadableError(`a chunk of ${fileId} is gone`)
      return { kind: 'bytes', bytes: Buffer.concat(parts as Uint8Array[]) }
    }
    const cloudName = context.cloudName === undefined ? configuredCloudName() : context.cloudName
    const asset = cloudinaryAssetOf(record.media_url)
    if (!asset || !cloudName || asset.cloudName !== cloudName) return { kind: 'foreign' }
    return await fetchCapped(context.fetch ?? fetch, record.media_url, limit)
  } catch (error) {
    console.error(`Could not read the file of record ${String(record.id)} for its Webflow asset`, error)
    if (error instanceof FileUnreadableError) throw error
    throw new FileUnreadableError('the file could not be read', { cause: error })
  }
}

/** Fetches `url` without following redirects, and stops reading (aborting the request) past `limit`. */
async function fetchCapped(fetchImpl: typeof fetch, url: string, limit: number): Promise<FileBytes> {
  const controller = new AbortController()
  const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)])
  const response = await fetchImpl(url, { redirect: 'error', signal })
  if (!response.ok || !response.body) {
    controller.abort()
    throw new FileUnreadableError(`fetching the file answered ${String(response.status)}`)
  }
  if (Number(response.headers.get('content-length') ?? '0') > limit) {
    controller.abort()
    return { kind: 'too-large' }
  }
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      controller.abort()
      await reader.cancel().catch(() => undefined)
      return { kind: 'too-large' }
    }
    parts.push(value)
  }
  return { kind: 'bytes', bytes: Buffer.concat(parts) }
}

/** Whether the record's image is mirrored as delivered: cropped or turned, and deliverable. */
function isAdjusted(record: MediaRecord): boolean {
  return Boolean(record.crop ?? record.rotate) && deliversWithSettings(record)
}

function settingsOf(record: MediaRecord): ImageSettings {
  return { focal_point: record.focal_point, crop: record.crop, rotate: record.rotate }
}

/**
 * The URL an item links to: the file's, or for a cropped or turned image, the image as delivered
 * (Cloudinary's own URL for its transformations, else `GET /api/image/{id}` at the current version).
 */
function itemMediaUrl(record: MediaRecord, siteUrl: string): string {
  if (!isAdjusted(record)) return absoluteUrl(record.media_url, siteUrl)
  const asset = cloudinaryAssetOf(record.media_url)
  if (asset?.resourceType === 'image') {
    const size = record.width && record.height ? { width: record.width, height: record.height } : null
    const query = { w: null, h: null, fit: 'contain', fm: 'auto', v: null } as const
    return cloudinaryImageUrl(asset, settingsOf(record), query, size)
  }
  return absoluteUrl(imageUrl(record), siteUrl)
}

/** Behind the access gate the public site cannot open a built-in file's URL: its item needs the asset's. */
function isGatedFile(record: MediaRecord): boolean {
  return fileIdsInUrl(record.media_url).length > 0 && currentAccessGate().kind !== 'open'
}

/**
 * The address the record's item links to, as a sync writes it now; null for a built-in file behind the
 * access gate, whose item links to its asset on Webflow (an address the record does not keep).
 */
export function itemLinkOf(record: MediaRecord, siteUrl: string): string | null {
  return isGatedFile(record) ? null : itemMediaUrl(record, siteUrl)
}

/** What an asset is uploaded as: the record's bytes, type and file name. */
interface AssetUpload {
  record: MediaRecord
  bytes: Uint8Array
  fileName: string
}

function assetAsStored(record: MediaRecord, bytes: Uint8Array): AssetUpload {
  return { record, bytes, fileName: fileNameOf(record) }
}

/** The picture with the record's crop and rotation applied, named and typed as what it now is. */
async function adjustedAsset(
  adjust: NonNullable<SyncContext['adjustImage']>,
  record: MediaRecord,
  bytes: Uint8Array,
): Promise<AssetUpload> {
  let picture: AdjustedPicture
  try {
    picture = await adjust(bytes, settingsOf(record))
  } catch (error) {
    console.error(
      `Could not crop or turn the image of record ${String(record.id)} for its Webflow asset`,
      error,
    )
    throw new FileUnreadableError('the image could not be cropped or turned', { cause: error })
  }
  if (picture.bytes.length > (assetLimit(picture.contentType) ?? 0)) {
    throw new Error('the cropped and turned picture is larger than the 4 MB Webflow takes for an image')
  }
  const base = fileNameOf(record).replace(/\.[A-Za-z0-9]{1,8}$/, '')
  return {
    record: { ...record, file_type: picture.contentType },
    bytes: picture.bytes,
    fileName: `${base}.${picture.extension}`,
  }
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
