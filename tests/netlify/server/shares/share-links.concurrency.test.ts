/**
 * Share links made and revoked at once, at the service, on the atomic in-memory store made to
 * interleave like a network store (`RaceProbe`) and on a real local Blobs server (its writers serialised
 * by the file lock, as under netlify dev: decision 0009). The per-file limit is one compare-and-swap of
 * the file's document (decision 0063), so it holds however the calls interleave.
 */
import { describe, expect, it } from 'vitest'

import { ConflictError } from '../../../../netlify/server/errors'
import { createRecord } from '../../../../netlify/server/records/media-service'
import { createShare, listShares, revokeShare } from '../../../../netlify/server/shares/share-links'
import type { DocumentStore } from '../../../../netlify/server/storage/document-store'
import { LIMITS } from '../../../../src/contract/limits'
import { recordCreateSchema } from '../../../../src/contract/record'
import { RaceProbe } from '../../../support/race-probe'
import { InterceptedDocumentStore } from '../../../support/store-interceptor'
import { freshStoreForEachTest, STORE_KINDS, type StoreKind } from '../../../support/stores'

const SETTINGS = { origin: 'https://media.example.com', cloudName: 'demo' }
const ASSET = 'https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/cat.jpg'

describe.each(STORE_KINDS)('share links made at once (%s)', (kind: StoreKind) => {
  const store = freshStoreForEachTest(kind)

  it('20 made at once beside 40 give 50 in all, each listed and revocable, and 10 refusals', async () => {
    const probe = kind === 'memory' ? new RaceProbe(store()) : null
    const documents: DocumentStore = probe ? new InterceptedDocumentStore(store(), probe.intercept) : store()
    const { id } = await createRecord(documents, recordCreateSchema.parse({ title: 'Cat', media_url: ASSET }))
    const fileId = id as number
    const made = new Set<string>()
    for (let i = 0; i < 40; i++) made.add((await createShare(documents, fileId, 24, SETTINGS)).id)
    const racesBefore = probe?.lostRaces ?? 0

    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () => createShare(documents, fileId, 24, SETTINGS)),
    )
    const refused: unknown[] = []
    for (const answer of answers) {
      if (answer.status === 'fulfilled') made.add(answer.value.id)
      else refused.push(answer.reason)
    }
    expect(refused).toHaveLength(10)
    expect(refused.every((reason) => reason instanceof ConflictError)).toBe(true)
    expect(made.size).toBe(LIMITS.sharesPerFile)
    const listed = await listShares(documents, fileId, () => SETTINGS.origin)
    expect(new Set(listed.map((share) => share.id))).toEqual(made)

    // Revoked at once, half of them: each goes, and only it.
    const revoked = [...made].slice(0, 25)
    await Promise.all(revoked.map((shareId) => revokeShare(documents, shareId)))
    const left = await listShares(documents, fileId, () => SETTINGS.origin)
    expect(left.map((share) => share.id).sort()).toEqual([...made].slice(25).sort())
    if (probe) {
      const races = probe.lostRaces - racesBefore
      console.log(
        `share links made and revoked at once: ${String(races)} lost compare-and-swap races retried`,
      )
      expect(races).toBeGreaterThan(0)
    }
  })
})
