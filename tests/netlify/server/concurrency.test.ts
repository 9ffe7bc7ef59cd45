/**
 * Concurrent requests through the real function handlers, on an atomic in-memory store made to
 * interleave like a network store (`RaceProbe`): between each read and write other requests run, so
 * compare-and-swap races really happen, and the probe's count of lost races shows that they did.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { BatchResponse } from '../../../src/contract/api'
import type { MediaRecord } from '../../../src/contract/record'
import { RaceProbe, type RaceProbeOptions } from '../../support/race-probe'
import { freshStores, send, sendOk, type Answer } from '../../support/in-process-api'

// A 503 under contention is logged by the handler; the tests count the answers instead.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.restoreAllMocks()
})

function interleavedStores(options?: RaceProbeOptions): RaceProbe {
  let probe: RaceProbe | undefined
  freshStores((raw) => {
    probe = new RaceProbe(raw.documents, options)
    return probe.intercept
  })
  if (!probe) throw new Error('The probe was not installed')
  return probe
}

async function createRecords(count: number): Promise<MediaRecord[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      sendOk({
        method: 'POST',
        path: '/api/upload',
        json: { title: `seed ${String(i)}`, media_url: `https://cdn.example.test/seed-${String(i)}.png` },
      }),
    ),
  )
  return answers.map((answer) => (answer.body as { record: MediaRecord }).record)
}

async function listedRecords(): Promise<Map<number, MediaRecord>> {
  const { body } = await sendOk({ method: 'GET', path: '/api/media?limit=5000' })
  const { records } = body as { records: MediaRecord[] }
  return new Map(records.map((record) => [record.id as number, record]))
}

const count = (answers: readonly Answer[], test: (status: number) => boolean) =>
  answers.filter((answer) => test(answer.status)).length

describe('concurrent batch updates (C2)', () => {
  it('10 batch updates of the same 100 records: a tag is present iff its item says updated', async () => {
    const probe = interleavedStores()
    const records = await createRecords(100)
    const racesBefore = probe.lostRaces

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, batch) =>
        send({
          method: 'POST',
          path: '/api/batch-update',
          json: {
            updates: records.map((record) => ({
              id: record.id,
              fields: { add_tags: [`batch-${String(batch)}`] },
            })),
          },
        }),
      ),
    )
    expect(count(answers, (status) => status >= 500)).toBe(0)

    const listed = await listedRecords()
    let updated = 0
    let conflicts = 0
    let lost = 0
    let phantom = 0
    let missing = 0
    answers.forEach((answer, batch) => {
      expect(answer.status).toBe(200)
      const { results } = answer.body as BatchResponse
      const tag = `batch-${String(batch)}`
      for (const record of records) {
        const item = results.find((result) => result.id === record.id)
        const hasTag = listed.get(record.id)?.tags.includes(tag) ?? false
        if (!item) missing++
        else if (item.success) {
          updated++
          if (!hasTag) lost++
        } else {
          conflicts++
          if (hasTag) phantom++
        }
      }
    })
    const races = probe.lostRaces - racesBefore
    console.log(
      `C2: ${String(updated + conflicts + missing)} (record, batch) pairs: ${String(updated)} updated, ` +
        `${String(conflicts)} conflict, ${String(missing)} missing, ${String(lost)} lost updates, ` +
        `${String(phantom)} phantom tags; ${String(races)} compare-and-swap races lost and retried`,
    )
    expect({ updated: updated + conflicts, missing, lost, phantom }).toEqual({
      updated: 1_000,
      missing: 0,
      lost: 0,
      phantom: 0,
    })
    expect(races).toBeGreaterThan(0)
  }, 60_000)
})

describe('concurrent updates of one record (C1, the Jepsen set test)', () => {
  // 20 x 5 tags fill a record to its limit of 100 tags exactly.
  it('20 clients x 5 PATCHes each adding a unique tag: every acknowledged tag is kept, none invented', async () => {
    const probe = interleavedStores()
    const [record] = await createRecords(1)
    if (!record) throw new Error('No record')
    const racesBefore = probe.lostRaces

    const acknowledged = new Set<string>()
    const statuses: number[] = []
    await Promise.all(
      Array.from({ length: 20 }, async (_, client) => {
        for (let update = 0; update < 5; update++) {
          const tag = `c${String(client)}-u${String(update)}`
          const answer = await send({
            method: 'PATCH',
            path: `/api/update/${String(record.id)}`,
            json: { add_tags: [tag] },
          })
          statuses.push(answer.status)
          if (answer.status === 200) acknowledged.add(tag)
        }
      }),
    )

    const final = new Set((await listedRecords()).get(record.id)?.tags ?? [])
    const lost = [...acknowledged].filter((tag) => !final.has(tag))
    const phantom = [...final].filter((tag) => !acknowledged.has(tag))
    const serverErrors = statuses.filter((status) => status >= 500).length
    const races = probe.lostRaces - racesBefore
    console.log(
      `C1: ${String(statuses.length)} PATCHes, ${String(acknowledged.size)} acknowledged, ` +
        `${String(final.size)} tags stored, ${String(lost.length)} lost, ${String(phantom.length)} phantom, ` +
        `${String(serverErrors)} 5xx; ${String(races)} compare-and-swap races lost and retried`,
    )
    expect({ acknowledged: acknowledged.size, lost, phantom, serverErrors }).toEqual({
      acknowledged: 100,
      lost: [],
      phantom: [],
      serverErrors: 0,
    })
    expect(races).toBeGreaterThan(0)
  }, 60_000)
})

describe('concurrent creates (C5)', () => {
  /**
   * Sends a create as a client following the API's contract would: a 503 says the store was too
   * contended to finish in time (nothing was written) and `Retry-After` says when to try again.
   */
  async function createAsClient(i: number, tally: { first503: number; retries: number }): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await send({
        method: 'POST',
        path: '/api/upload',
        json: { title: `create ${String(i)}`, media_url: `https://cdn.example.test/create-${String(i)}.png` },
      })
      if (answer.status !== 503 || attempt === 20) return answer
      if (attempt === 0) tally.first503++
      tally.retries++
      await sleep(Number(answer.headers.get('retry-after') ?? '1') * 1_000 * (0.5 + Math.random()))
    }
  }

  async function createConcurrently(total: number) {
    const tally = { first503: 0, retries: 0 }
    const answers = await Promise.all(Array.from({ length: total }, (_, i) => createAsClient(i, tally)))
    const created = answers.map((answer) => (answer.body as { record?: MediaRecord }).record)
    const listed = await listedRecords()
    const ids = created.flatMap((record) => (record ? [record.id as number] : []))
    // An overwrite would show as a listed record other than the one its create was answered with.
    const overwritten = created.filter((record) => record && listed.get(record.id)?.title !== record.title)
    const summary =
      `${String(count(answers, (status) => status === 201))} answered 201 ` +
      `(${String(tally.first503)} got a 503 first, ${String(tally.retries)} retries), ` +
      `${String(new Set(ids).size)} distinct ids, ${String(listed.size)} listed, ${String(overwritten.length)} overwritten`
    return { answers, ids, listed, overwritten: overwritten.length, summary }
  }

  function expectAllCreated({
    answers,
    ids,
    listed,
    overwritten,
  }: Awaited<ReturnType<typeof createConcurrently>>) {
    expect(count(answers, (status) => status === 201)).toBe(1_000)
    expect(new Set(ids).size).toBe(1_000)
    // Exactly the answered records are listed: a create that got a 503 left nothing behind.
    expect([...listed.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b))
    expect(overwritten).toBe(0)
  }

  it('1,000 concurrent creates get 1,000 distinct ids, all listed', async () => {
    const probe = interleavedStores({ maxYields: 1 })
    const outcome = await createConcurrently(1_000)
    console.log(
      `C5: 1,000 creates: ${outcome.summary}; ${String(probe.lostRaces)} compare-and-swap races lost and retried`,
    )
    expectAllCreated(outcome)
    expect(probe.lostRaces).toBeGreaterThan(0)
  }, 180_000)

  it('1,000 concurrent creates while another allocator takes 5% of the ids and shard writes collide', async () => {
    const probe = interleavedStores({
      maxYields: 1,
      collide: {
        probability: 0.05,
        keys: /^(counters\/records|records\/\d+)$/,
        // Another writer gets in first: on the counter it takes the next id for itself; on a shard it
        // rewrites the same content, which still changes the etag.
        interfere: (value) => {
          const counter = value as { next?: number }
          return typeof counter.next === 'number' ? { next: counter.next + 1 } : value
        },
      },
    })
    const outcome = await createConcurrently(1_000)
    const stolen = probe.collisions.filter((key) => key === 'counters/records').length
    console.log(
      `C5 with collisions: 1,000 creates: ${outcome.summary}; ${String(probe.collisions.length)} forced collisions ` +
        `(${String(stolen)} ids taken by the other allocator), ${String(probe.lostRaces)} races lost and retried; ` +
        `highest id ${String(Math.max(...outcome.ids))}`,
    )
    expectAllCreated(outcome)
    expect(stolen).toBeGreaterThan(0)
    expect(probe.collisions.length - stolen).toBeGreaterThan(0)
    // The ids the other allocator took are gaps, never given to a record.
    expect(Math.max(...outcome.ids)).toBeGreaterThanOrEqual(1_000 + stolen)
  }, 180_000)
})

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
