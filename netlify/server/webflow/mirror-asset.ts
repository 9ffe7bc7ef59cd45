import { imageVersion } from '../../../src/contract/image-settings'
import { LIMITS } from '../../../src/contract/limits'
import type { MediaRecord } from '../../../src/contract/record'
import type { AdjustedPicture } from '../images/adjusted-picture'
import { isAdjusted, settingsOf } from './adjusted-image'
import { FileUnreadableError, readFileBytes } from './asset-file-bytes'
import { WebflowBudgetSpentError } from './request-budget'
import type { SyncContext } from './sync-context'
import { claimWebflowId, OutdatedAssetsFullError } from './id-claim'
import { messageOf, RecordGoneError } from './sync-state'
import type { WebflowApi } from './webflow-api'
import { assetLimit, fitsAssetLimits, hostedAsset, keepAssetAltText, uploadAsset } from './webflow-assets'

type AssetContext = Pick<SyncContext, 'stores' | 'cloudName' | 'fetch'>

/**
 * How a round makes the record's asset. An image with a crop or rotation is mirrored as it is
 * delivered: its asset is made at the record's `imageVersion`, and one made at another (or as the file
 * is stored) is replaced.
 */
export interface AssetPlan {
  /** Applies the crop and rotation; unset: the asset is the file as stored. */
  adjust: SyncContext['adjustImage']
  /** The `imageVersion` a new asset is made at; unset when it is the file as stored. */
  version: string | undefined
}

export function assetPlanOf(record: MediaRecord, adjustImage: SyncContext['adjustImage']): AssetPlan {
  const adjust = isAdjusted(record) ? adjustImage : undefined
  return { adjust, version: adjust ? imageVersion(record) : undefined }
}

/**
 * The record's asset as the mirror left it: kept, or `outdated` when made at another image version or
 * from a file the record has since replaced.
 */
export interface KeptAsset {
  id: string | undefined
  /** The `imageVersion` it was made at, if it is an adjusted picture. */
  version: string | undefined
  /** An asset of an earlier crop, rotation or file, replaced by a new one. */
  outdated: string | undefined
}

export function keptAsset(record: MediaRecord, version: string | undefined): KeptAsset {
  const id = record.webflow?.asset_id
  const made = record.webflow?.image_version
  if (id && (made !== version || record.webflow?.asset_outdated)) {
    return { id: undefined, version: undefined, outdated: id }
  }
  return { id, version: made, outdated: undefined }
}

/** The record's asset after this round: its id, version, public URL, and why it is missing, if it is. */
export interface MirroredAsset {
  id: string | undefined
  version: string | undefined
  /** Where Webflow serves it publicly, when the item needs it (or it was just made). */
  hostedUrl: string | null
  note?: string
}

const NO_ASSET: MirroredAsset = { id: undefined, version: undefined, hostedUrl: null }

export const NOT_ON_A_READABLE_HOST = 'Asset not mirrored: the file is not on a host the mirror reads from'
export const FILE_UNREADABLE = 'Asset not mirrored: the file could not be read'

/**
 * The record's asset on Webflow. One made earlier is read, for its public URL and its alt text: an edit
 * since may have changed the alt text it should carry (the record's alt text, description or title).
 * Otherwise (none, or one Webflow no longer has) a file within Webflow's limits is uploaded and claimed
 * on the record, replacing the gone or outdated one. A failed upload is a note, not a failure: the item
 * matters more than the asset. A spent request budget is not: the round stops and waits.
 */
export async function mirrorAsset(
  context: AssetContext,
  api: WebflowApi,
  record: MediaRecord,
  kept: KeptAsset,
  plan: AssetPlan & { needsHostedUrl: boolean },
): Promise<MirroredAsset> {
  const reused = kept.id ? await reuseAsset(api, record, kept.id, kept.version, plan.needsHostedUrl) : null
  if (reused) return reused
  if (!fitsAssetLimits(record)) return NO_ASSET
  const { lostTo, ...uploaded } = await noteOnFailure({ ...NO_ASSET, lostTo: undefined }, () =>
    uploadAndClaim(context, api, record, kept, plan),
  )
  if (lostTo === undefined || !plan.needsHostedUrl) return uploaded
  // Another job's asset won: its URL is read when the item needs it.
  return noteOnFailure(uploaded, async () => ({
    ...uploaded,
    hostedUrl: (await hostedAsset(api, lostTo))?.hostedUrl ?? null,
  }))
}

/** The asset made earlier, its alt text brought up to the record; null when Webflow no longer has it. */
async function reuseAsset(
  api: WebflowApi,
  record: MediaRecord,
  id: string,
  version: string | undefined,
  needsHostedUrl: boolean,
): Promise<MirroredAsset | null> {
  const asset = await hostedAsset(api, id)
  if (!asset) return null
  await keepAssetAltText(api, asset, record)
  return { id, version, hostedUrl: needsHostedUrl ? asset.hostedUrl : null }
}

/**
 * Uploads the file (or its adjusted picture) and claims it on the record; `lostTo` names another job's
 * asset that stood instead, whose public URL this upload does not know.
 */
async function uploadAndClaim(
  context: AssetContext,
  api: WebflowApi,
  record: MediaRecord,
  kept: KeptAsset,
  plan: AssetPlan,
): Promise<MirroredAsset & { lostTo?: string }> {
  // The item may still show the outdated asset, so it stays named beside the new one until the item is
  // written; past the most a record names, none is made until they are removed.
  const waiting = record.webflow?.outdated_asset_ids?.length ?? 0
  if (kept.outdated && waiting >= LIMITS.webflowOutdatedAssets) throw new OutdatedAssetsFullError()
  const file = await readFileBytes(context, record, assetLimit(record.file_type) ?? 0)
  if (file.kind === 'foreign') return { ...NO_ASSET, note: NOT_ON_A_READABLE_HOST }
  if (file.kind === 'too-large') return NO_ASSET
  const upload = plan.adjust
    ? await adjustedAsset(plan.adjust, record, file.bytes)
    : assetAsStored(record, file.bytes)
  const created = await uploadAsset(api, upload.record, upload.bytes, upload.fileName, context.fetch)
  const discard = () => api.request('DELETE', `assets/${created.id}`)
  const claimed = await claimWebflowId(context, record.id, 'asset_id', created.id, discard, {
    replaces: kept.id ?? kept.outdated,
    imageVersion: plan.version,
    keepReplaced: kept.outdated !== undefined,
  })
  const asset = { id: claimed.id, version: claimed.imageVersion }
  return claimed.id === created.id
    ? { ...asset, hostedUrl: created.hostedUrl }
    : { ...asset, hostedUrl: null, lostTo: claimed.id }
}

/**
 * `run`'s asset, or on a failure `fallback` with the failure as its note. What went wrong reading the
 * file is not said: it would tell what lies behind an address.
 */
async function noteOnFailure<T extends MirroredAsset>(fallback: T, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    // A spent budget stops the round, which waits as pending for Sync all, not synced without its asset.
    if (error instanceof RecordGoneError || error instanceof WebflowBudgetSpentError) throw error
    const note =
      error instanceof FileUnreadableError ? FILE_UNREADABLE : `Asset not mirrored: ${messageOf(error)}`
    return { ...fallback, note }
  }
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
  const picture = await adjustPicture(adjust, record, bytes)
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

async function adjustPicture(
  adjust: NonNullable<SyncContext['adjustImage']>,
  record: MediaRecord,
  bytes: Uint8Array,
): Promise<AdjustedPicture> {
  try {
    return await adjust(bytes, settingsOf(record))
  } catch (error) {
    console.error(
      `Could not crop or turn the image of record ${String(record.id)} for its Webflow asset`,
      error,
    )
    throw new FileUnreadableError('the image could not be cropped or turned', { cause: error })
  }
}

function fileNameOf(record: MediaRecord): string {
  const last = decodeURIComponent(record.media_url.split(/[?#]/, 1)[0]?.split('/').pop() ?? '')
  return last || record.title
}
