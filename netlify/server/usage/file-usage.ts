import { ROOT_PATH } from '../../../src/contract/folder-paths'
import type { MediaRecord } from '../../../src/contract/record'
import type { FileUsage, WebflowPlace } from '../../../src/contract/usage'
import { fileNotFound } from '../errors'
import { nearestLivePath, publicFolder, readFolders } from '../folders/folder-document'
import { readLiveRecord } from '../records/record-shards'
import { activeSharesOf } from '../shares/share-links'
import type { DocumentStore } from '../storage/document-store'
import { keptStatus } from '../webflow/connection-status'
import type { WebflowSetup } from '../webflow/webflow-config'
import { itemLinkOf, PUBLISHED_LIVE } from '../webflow/webflow-sync'

export interface UsageContext {
  /** The mirror's settings: which collection it writes to. */
  setup: WebflowSetup
  /**
   * The site's public origin, which the mirror's item links are made on; asked only for a file with an
   * item, and null when it is not known (an item's `url` is then null).
   */
  siteUrl: () => string | null
  now?: Date
}

/**
 * Where live file `id` is used (decision 0073), from what is stored: its Webflow item as the mirror
 * recorded it, its share links that still open, and its folder. Asks Webflow nothing; not found (404)
 * for a file that is not live.
 */
export async function fileUsage(
  documents: DocumentStore,
  id: number,
  { setup, siteUrl, now = new Date() }: UsageContext,
): Promise<FileUsage> {
  const record = await readLiveRecord(documents, id)
  if (!record) throw fileNotFound(id)
  const [webflow, shares, folders] = await Promise.all([
    webflowPlaces(documents, record, setup, siteUrl),
    activeSharesOf(documents, id, now),
    readFolders(documents),
  ])
  const path = nearestLivePath(folders, record.folder_path === '' ? ROOT_PATH : record.folder_path)
  const folder = folders.folders.find((candidate) => candidate.path === path)
  return {
    webflow,
    shares: shares.length,
    folders: path === ROOT_PATH || !folder ? [] : [publicFolder(folder)],
  }
}

/** The record's item, when the mirror made one: the mirror keeps one item per record. */
async function webflowPlaces(
  documents: DocumentStore,
  record: MediaRecord,
  setup: WebflowSetup,
  siteUrl: () => string | null,
): Promise<WebflowPlace[]> {
  const mirrored = record.webflow
  if (!mirrored?.item_id) return []
  const config = setup.kind === 'ready' ? setup.config : null
  return [
    {
      item_id: mirrored.item_id,
      collection_id: config?.collectionId ?? null,
      field: config ? await mediaField(documents, config) : null,
      url: linkOf(record, siteUrl()),
      live: mirrored.state === 'synced' && (mirrored.message ?? '').startsWith(PUBLISHED_LIVE),
    },
  ]
}

const linkOf = (record: MediaRecord, siteUrl: string | null) =>
  siteUrl === null ? null : itemLinkOf(record, siteUrl)

type ReadyConfig = Extract<WebflowSetup, { kind: 'ready' }>['config']

/**
 * The collection field the file goes to: as the last connection test of these settings found it,
 * else as `WEBFLOW_FIELD_MAP` names it; null when neither says (no test kept, and no setting).
 */
async function mediaField(documents: DocumentStore, config: ReadyConfig): Promise<string | null> {
  const status = await keptStatus(documents, config, config.publish ?? 'live', config.fieldMap)
  const tested = status?.mapping?.find((mapping) => mapping.field === 'media-url')?.collection_field
  return tested?.slug ?? config.fieldMap?.targets['media-url'] ?? null
}
