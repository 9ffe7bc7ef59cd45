import type { ImageSettings } from '../../../src/contract/image-settings'
import type { MediaRecord } from '../../../src/contract/record'
import type { WebflowPublishMode } from '../../../src/contract/webflow'
import type { AdjustedPicture } from '../images/adjusted-picture'
import type { MediaHostStores } from '../uploads/upload-service'
import type { SchemaSession } from './collection-schema'
import type { RequestBudget } from './request-budget'
import type { WebflowApiOptions } from './webflow-api'
import type { FieldMap, WebflowSetup } from './webflow-config'

/** A unit of mirror work, small enough for a background function's 256 KB payload. */
export type SyncJob = { action: 'upsert'; ids: number[] } | { action: 'delete'; items: HeldOnWebflow[] }

/** What a deleted record held on Webflow, as its state names it: removed by a delete job. */
export type HeldOnWebflow = Pick<
  NonNullable<MediaRecord['webflow']>,
  'item_id' | 'asset_id' | 'outdated_asset_ids'
>

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

/**
 * Where a run writes: the collection, its schema as this run knows it, the publish mode, and the
 * collection fields `WEBFLOW_FIELD_MAP` names.
 */
export interface SyncTarget {
  collectionId: string
  publish: WebflowPublishMode
  fieldMap: FieldMap
  schema: SchemaSession
}
