/**
 * Batch calls whose ids are spread over the library: a call reads, checks and rewrites every record shard
 * (500 consecutive ids) its ids fall in, so 500 ids 500 apart would cost 500 shards. The server takes at
 * most 25 shards a call (`LIMITS.batchShards`, decision 0058) and refuses more with a 400 before touching
 * anything.
 */

import { call, createRecord, findRecord, MOST_BATCH_SHARDS, record, SHARD_IDS } from './client.ts'

/** A refusal reads nothing: well under a second even on a busy machine. */
const QUICK_MS = 1_500

/** Whether a trashed record `id` is still in the trash, from its pages. */
async function inTrash(id: number): Promise<boolean> {
  let cursor: string | null = null
  for (;;) {
    const page = await call('GET', `/api/trash?limit=5000${cursor ? `&cursor=${cursor}` : ''}`)
    const json = page.json as { records?: { id: number }[]; next?: string | null } | null
    if (json?.records?.some((candidate) => candidate.id === id)) return true
    if (!json?.next) return false
    cursor = json.next
  }
}

/**
 * A real file's id followed by 499 ids each in a shard of its own, sent to every endpoint taking a list
 * of ids: each must answer 400 quickly, saying to split the batch, and leave the file as it was.
 */
export async function checkSpreadBatches(): Promise<void> {
  const created = await createRecord({
    title: 'hostile spread batch',
    media_url: 'https://cdn.example.test/hostile-spread.png',
  })
  const id = created.data?.id
  if (id === undefined) {
    record('batch ids in 500 shards', 'a record to aim at', String(created.status), true)
    return
  }
  const ids = [id, ...Array.from({ length: 499 }, (_, i) => id + (i + 1) * SHARD_IDS)]
  const refused = async (path: string, body: unknown) => {
    const started = performance.now()
    const answer = await call('POST', path, body)
    const ms = Math.round(performance.now() - started)
    const error = typeof answer.json?.error === 'string' ? answer.json.error : ''
    return {
      observed: `${String(answer.status)} in ${String(ms)} ms: ${error.slice(0, 80)}`,
      harm: answer.status !== 400 || ms > QUICK_MS || !/split the batch/i.test(error),
    }
  }
  const expected = `400 within ${String(QUICK_MS)} ms saying to split the batch, the file unchanged`
  const live: [string, unknown][] = [
    [
      '/api/batch-update',
      { updates: ids.map((each) => ({ id: each, fields: { title: 'hostile spread' } })) },
    ],
    ['/api/batch-delete', { ids }],
    ['/api/batch-move-to-folder', { fileIds: ids, folderId: null }],
  ]
  for (const [path, body] of live) {
    const { observed, harm } = await refused(path, body)
    const after = (await findRecord(id)) as { title?: string } | null
    const unchanged = after?.title === 'hostile spread batch'
    record(
      `500 ids in 500 shards: ${path}`,
      expected,
      `${observed}${unchanged ? '' : `; the file is now ${after ? `titled ${String(after.title)}` : 'gone'}`}`,
      (harm ? 1 : 0) + (unchanged ? 0 : 1),
    )
  }
  // The trash's endpoints, on the file once it is in the trash.
  await call('DELETE', `/api/delete/${String(id)}`)
  for (const path of ['/api/trash/restore', '/api/trash/purge']) {
    const { observed, harm } = await refused(path, { ids })
    const stays = await inTrash(id)
    record(
      `500 ids in 500 shards: ${path}`,
      expected.replace('the file unchanged', 'the file still in the trash'),
      `${observed}${stays ? '' : '; the file left the trash'}`,
      (harm ? 1 : 0) + (stays ? 0 : 1),
    )
  }
  // Sorted and cut at 25 shards, as the screen sends them, the same ids are taken.
  const within = await call('POST', '/api/trash/purge', { ids: ids.slice(0, MOST_BATCH_SHARDS) })
  record(
    `${String(MOST_BATCH_SHARDS)} ids in ${String(MOST_BATCH_SHARDS)} shards: /api/trash/purge`,
    '200, the file purged',
    `${String(within.status)}, ${String((within.json as { succeeded?: number } | null)?.succeeded)} purged`,
    within.status !== 200 || (within.json as { succeeded?: number } | null)?.succeeded !== 1,
  )
}
