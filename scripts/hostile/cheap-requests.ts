/**
 * Cheap requests must stay cheap: tiny tus chunks are refused, ids past the id counter cost no storage
 * reads, and a create replayed after its file was deleted for good makes nothing.
 */

import { auth, b64, base, call, createRecord, MOST_BATCH_SHARDS, record, SHARD_IDS } from './client.ts'

const TUS = { 'Tus-Resumable': '1.0.0' }

/** A 64-byte upload sent one byte at a time, and a creation carrying one byte of it: both refused. */
export async function checkTinyChunks(): Promise<void> {
  const metadata = `filename ${b64('hostile-tiny.bin')}`
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...auth, ...TUS, 'Upload-Length': '64', 'Upload-Metadata': metadata },
  })
  const id = (created.headers.get('location') ?? '').split('/').pop() ?? ''
  if (created.status !== 201 || !id) {
    record('tus: a one-byte chunk of a 64-byte file', '400', `creation ${String(created.status)}`, true)
    return
  }
  const patched = await fetch(`${base}/api/uploads/${id}`, {
    method: 'PATCH',
    headers: {
      ...auth,
      ...TUS,
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(1),
  })
  const head = await fetch(`${base}/api/uploads/${id}`, { method: 'HEAD', headers: { ...auth, ...TUS } })
  record(
    'tus: a one-byte chunk of a 64-byte file',
    '400 with Tus-Resumable, offset still 0',
    `${String(patched.status)}, Tus-Resumable ${String(patched.headers.get('tus-resumable'))}, ` +
      `offset ${String(head.headers.get('upload-offset'))}`,
    patched.status !== 400 || head.headers.get('upload-offset') !== '0',
  )
  await fetch(`${base}/api/uploads/${id}`, { method: 'DELETE', headers: { ...auth, ...TUS } })

  const withData = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...auth,
      ...TUS,
      'Upload-Length': '64',
      'Upload-Metadata': metadata,
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(1),
  })
  const stray = withData.headers.get('location')
  if (stray) {
    await fetch(`${base}${stray}`, { method: 'DELETE', headers: { ...auth, ...TUS } })
  }
  record(
    'tus: a creation carrying one byte of a 64-byte file',
    '400, nothing created',
    `${String(withData.status)}${stray ? `, created ${stray}` : ''}`,
    withData.status !== 400 || stray !== null,
  )
}

/** How far past the newest id the checks reach, so ids other clients create meanwhile stay clear. */
const MARGIN = 100_000
const QUICK_MS = 1_000

/**
 * 25 ids, each in a shard of its own (the most one call may touch), all past the id counter, sent to
 * every endpoint taking a list of ids: each must answer at once, and every id as not found.
 */
export async function checkIdsPastCounter(): Promise<void> {
  const marker = await createRecord({ media_url: 'https://cdn.example.test/hostile-marker.png' })
  const newest = marker.data?.id
  if (newest === undefined) {
    record('ids past the id counter', 'a record to learn the counter from', String(marker.status), true)
    return
  }
  const ids = Array.from({ length: MOST_BATCH_SHARDS }, (_, i) => newest + MARGIN + i * SHARD_IDS)
  const one = [newest + MARGIN]
  const requests: [string, unknown, unknown][] = [
    ['/api/trash/restore', { ids }, { ids: one }],
    ['/api/trash/purge', { ids }, { ids: one }],
    ['/api/batch-delete', { ids }, { ids: one }],
    [
      '/api/batch-update',
      { updates: ids.map((id) => ({ id, fields: { title: 'hostile' } })) },
      { updates: one.map((id) => ({ id, fields: { title: 'hostile' } })) },
    ],
    ['/api/batch-move-to-folder', { fileIds: ids, folderId: null }, { fileIds: one, folderId: null }],
  ]
  // Timed against the same call with one id, in the same run: a busy machine slows both alike, while a
  // read per shard makes 25 ids cost tens of times one.
  const timed = async (path: string, body: unknown) => {
    const started = performance.now()
    const answer = await call('POST', path, body)
    return { answer, ms: Math.round(performance.now() - started) }
  }
  for (const [path, body, single] of requests) {
    const baseline = await timed(path, single)
    const { answer, ms } = await timed(path, body)
    const json = answer.json as { succeeded?: number; failed?: number } | null
    const limit = Math.max(QUICK_MS, baseline.ms * 4)
    record(
      `${String(MOST_BATCH_SHARDS)} ids in ${String(MOST_BATCH_SHARDS)} shards past the counter: ${path}`,
      `200, ${String(MOST_BATCH_SHARDS)} failed, within ${String(QUICK_MS)} ms or 4 x one id's time`,
      `${String(answer.status)}, ${String(json?.failed)} failed, ${String(ms)} ms (one id: ${String(baseline.ms)} ms)`,
      answer.status !== 200 || json?.succeeded !== 0 || json.failed !== MOST_BATCH_SHARDS || ms > limit,
    )
  }
  const past = newest + MARGIN
  for (const [method, path, body] of [
    ['PATCH', `/api/update/${String(past)}`, { title: 'hostile' }],
    ['DELETE', `/api/delete/${String(past)}`, undefined],
  ] as const) {
    const answer = await call(method, path, body)
    record(`an id past the counter: ${method} ${path}`, '404', String(answer.status), answer.status !== 404)
  }
}

/** A create whose record was deleted, then purged, replayed with the same Idempotency-Key. */
export async function checkPurgedReplay(): Promise<void> {
  const key = `hostile-purged-${String(Date.now())}`
  const fields = { media_url: 'https://cdn.example.test/hostile-purged.png' }
  const first = await createRecord(fields, { 'Idempotency-Key': key })
  const id = first.data?.id
  if (id === undefined) {
    record('replay after purge', 'a record to purge', String(first.status), true)
    return
  }
  await call('DELETE', `/api/delete/${String(id)}`)
  await call('POST', '/api/trash/purge', { ids: [id] })
  const replay = await createRecord(fields, { 'Idempotency-Key': key })
  record(
    'an Idempotency-Key replayed after its file was deleted for good',
    '410 saying a new key is needed, nothing created',
    `${String(replay.status)} ${String(replay.error)}`,
    replay.status !== 410 || replay.data?.id !== undefined || !String(replay.error).includes('new key'),
  )
}
