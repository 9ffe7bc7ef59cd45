import { readFile } from 'node:fs/promises'

import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'

import { createRecord } from '../../netlify/server/records/media-service'
import { readAllRecords } from '../../netlify/server/records/record-pages'
import {
  appendChunk,
  createUpload,
  fileUrl,
  readManifest,
  type MediaHostStores,
} from '../../netlify/server/uploads/upload-service'
import { MIN_CHUNK_BYTES } from '../../src/contract/uploads'
import { collectionSchemaFor, forgetCollectionSchemas } from '../../netlify/server/webflow/collection-schema'
import { WebflowApi } from '../../netlify/server/webflow/webflow-api'
import { fieldMapSetting, type WebflowSetup } from '../../netlify/server/webflow/webflow-config'
import { runSyncJob, type SyncContext } from '../../netlify/server/webflow/webflow-sync'
import type { MediaRecord, RecordCreate } from '../../src/contract/record'
import type { WebflowPublishMode } from '../../src/contract/webflow'
import { webflowHandlers } from './webflow-handlers'
import { WebflowFake } from './webflow-fake'
import { startMemoryMediaStores } from './media-stores'

/** Shared pieces of the Webflow mirror tests: one fake behind msw, settings that point at it, records. */

export const SITE_URL = 'https://media.example.test'
/** The Cloudinary cloud the tests' site is configured with: the one cloud the mirror fetches from. */
export const CLOUD_NAME = 'media-cloud'
export const COLLECTION_ID = '6258f5b4fc2e1c4e5d3a1c3d'

/**
 * A fake Webflow behind msw for the enclosing file: unhandled requests are errors, and every test starts
 * with an empty fake and no failure modes. Extra handlers (`server.use`) are dropped after each test.
 * Unless `warmSchema` is false, each test starts with the collection's schema already read (and
 * cached, as an instance that synced a minute ago has it), so its calls are the item calls alone.
 */
export function webflowFakeForFile({ warmSchema = true }: { warmSchema?: boolean } = {}) {
  const fake = new WebflowFake({ collectionIds: [COLLECTION_ID] })
  const server = setupServer(...webflowHandlers(fake))
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' })
  })
  beforeEach(async () => {
    if (!warmSchema) return
    const setup = readySetup(fake)
    if (setup.kind === 'ready') await collectionSchemaFor(new WebflowApi(setup.config), COLLECTION_ID)
    fake.received.length = 0
  })
  afterEach(() => {
    server.resetHandlers()
    fake.reset()
    forgetCollectionSchemas()
  })
  afterAll(() => {
    server.close()
  })
  return { fake, server }
}

export function readySetup(
  fake: WebflowFake,
  overrides: { token?: string; publish?: WebflowPublishMode; fieldMap?: string } = {},
): WebflowSetup {
  return {
    kind: 'ready',
    config: {
      token: overrides.token ?? fake.token,
      siteId: fake.siteId,
      collectionId: COLLECTION_ID,
      apiUrl: fake.apiBase,
      ...(overrides.publish ? { publish: overrides.publish } : {}),
      ...(overrides.fieldMap === undefined
        ? {}
        : { fieldMap: fieldMapSetting({ WEBFLOW_FIELD_MAP: overrides.fieldMap }) }),
    },
  }
}

/** A sync context on `stores`; `sleeps` collects every wait a 429 asked for, and none is slept. */
export function syncContext(
  stores: MediaHostStores,
  setup: WebflowSetup,
  sleeps: number[] = [],
): SyncContext & { sleeps: number[] } {
  return {
    stores,
    setup,
    siteUrl: SITE_URL,
    cloudName: CLOUD_NAME,
    sleeps,
    apiOptions: {
      sleep: (ms) => {
        sleeps.push(ms)
        return Promise.resolve()
      },
    },
  }
}

export const T0 = new Date('2025-01-31T12:00:00.000Z')

/** A stored record whose mirror is pending, as `POST /api/upload` leaves it. */
export function pendingRecord(stores: MediaHostStores, input: RecordCreate): Promise<MediaRecord> {
  return createRecord(stores.documents, input, T0, { state: 'pending', updated_at: T0.toISOString() })
}

export function fixture(name: string): Promise<Buffer> {
  return readFile(new URL(`../fixtures/media/${name}`, import.meta.url))
}

/**
 * A file held by the built-in media host, uploaded through the tus service in two chunks; returns its
 * `/api/files/{id}/{name}` URL.
 */
export async function storeBuiltInFile(
  stores: MediaHostStores,
  name: string,
  bytes: Uint8Array,
): Promise<string> {
  const settings = { maxUploadBytes: 50 * 1024 * 1024, expiryMs: 3_600_000 }
  const { id } = await createUpload(stores, settings, { length: bytes.length, metadata: { filename: name } })
  // Two chunks when the file is larger than the smallest chunk the server takes but the last.
  const first = Math.min(MIN_CHUNK_BYTES, bytes.length)
  await appendChunk(stores, id, { offset: 0, bytes: bytes.subarray(0, first), checksum: null })
  if (first < bytes.length) {
    await appendChunk(stores, id, { offset: first, bytes: bytes.subarray(first), checksum: null })
  }
  const manifest = await readManifest(stores.documents, id)
  if (!manifest) throw new Error(`upload ${id} did not finish`)
  return fileUrl(manifest)
}

/** Fresh in-memory media stores for one test. */
export function stores(): MediaHostStores {
  return startMemoryMediaStores().stores
}

/** The record as stored now, trashed or not; throws when it is gone. */
export async function stored(context: Pick<SyncContext, 'stores'>, id: number): Promise<MediaRecord> {
  const record = (await readAllRecords(context.stores.documents)).find((candidate) => candidate.id === id)
  if (!record) throw new Error(`record ${String(id)} is gone`)
  return record
}

/** Runs an upsert job for `records`, as the background function would. */
export async function upsert(context: SyncContext, ...records: MediaRecord[]) {
  await runSyncJob(context, { action: 'upsert', ids: records.map((record) => record.id as number) })
}
