/** The checks of the first pass: the gate, tus termination, merged limits, retried creates, crafted records. */

import {
  auth,
  base,
  call,
  createRecord,
  findRecord,
  hundredTags,
  PNG,
  record,
  token,
  tusUpload,
} from './client.ts'

/** A token too short to resist guessing must keep the gate from starting; false when that ends the run. */
export async function checkShortToken(): Promise<boolean> {
  if (!token || token.length >= 24) return true
  const answer = await call('GET', '/api/media')
  const message = typeof answer.json?.error === 'string' ? answer.json.error : ''
  record(
    `gate: a ${String(token.length)}-character token`,
    '503 naming APP_ACCESS_TOKEN on every call',
    `${String(answer.status)} ${message}`,
    answer.status !== 503 || !message.includes('APP_ACCESS_TOKEN'),
  )
  return false
}

export async function checkGate(): Promise<void> {
  if (!token) return
  const routes: [string, string][] = [
    ['GET', '/api/media'],
    ['POST', '/api/upload'],
    ['PATCH', '/api/update/1'],
    ['DELETE', '/api/delete/1'],
    ['POST', '/api/batch-update'],
    ['POST', '/api/batch-delete'],
    ['POST', '/api/batch-move-to-folder'],
    ['GET', '/api/folder-list'],
    ['POST', '/api/folder-create'],
    ['GET', '/api/trash'],
    ['POST', '/api/trash/purge'],
    ['POST', '/api/uploads'],
    ['GET', '/api/files/0000000000000000000000000/x.png'],
    ['GET', '/api/webflow-status'],
    ['POST', '/api/webflow-sync'],
    ['GET', '/api/no-such-route'],
  ]
  let open = 0
  for (const [method, path] of routes) {
    const response = await fetch(`${base}${path}`, { method, headers: { 'Tus-Resumable': '1.0.0' } })
    if (response.status !== 401) open++
  }
  record('gate: routes without the token', '401 on every route', `${String(open)} answered otherwise`, open)
  const guessed = await fetch(`${base}/api/media`, { headers: { Authorization: 'Bearer guess' } })
  record('gate: a guessed token', '401', String(guessed.status), guessed.status !== 401)
}

export async function checkTermination(): Promise<void> {
  const upload = await tusUpload(PNG, 'hostile-shared.png')
  const created = await createRecord({ media_url: upload.url })
  const terminated = await fetch(`${base}/api/uploads/${upload.id}`, {
    method: 'DELETE',
    headers: { ...auth, 'Tus-Resumable': '1.0.0' },
  })
  const file = await fetch(`${base}${upload.url}`, { headers: auth })
  record(
    'tus termination of a finished upload a record uses',
    'refused (409/403), file still served',
    `termination ${String(terminated.status)}, file ${String(file.status)}`,
    created.status !== 201 || file.status !== 200,
  )
  const claimed = await createRecord({ media_url: upload.url, sha256: 'a'.repeat(64) })
  record(
    'a claimed sha256 on a built-in file',
    "the server's fingerprint is stored",
    `stored ${String(claimed.data?.sha256).slice(0, 12)}…, server ${String(upload.sha256).slice(0, 12)}…`,
    claimed.data?.sha256 === 'a'.repeat(64),
  )
}

export async function checkMergedLimits(): Promise<void> {
  const created = await createRecord({ media_url: 'https://cdn.example.com/hostile/tags.png' })
  const id = created.data?.id
  if (id === undefined) throw new Error(`could not create a record: ${String(created.error)}`)
  const statuses: number[] = []
  for (const round of [1, 2, 3]) {
    statuses.push((await call('PATCH', `/api/update/${String(id)}`, { add_tags: hundredTags(round) })).status)
  }
  const updates = [4, 5, 6].map((round) => ({ id, fields: { add_tags: hundredTags(round) } }))
  const batch = await call('POST', '/api/batch-update', { updates })
  const stored = await findRecord(id)
  const tags = stored?.tags.length ?? 0
  record(
    'add_tags 3 x 100, then a batch repeating the id 3 x 100',
    'at most 100 tags, the rest refused with 400',
    `updates ${statuses.join('/')}, batch ${String(batch.status)}, ${String(tags)} tags stored`,
    tags > 100,
  )
}

export async function checkIdempotency(): Promise<void> {
  const key = `hostile-${String(Date.now())}`
  const fields = { media_url: 'https://cdn.example.com/hostile/retry.png' }
  const first = await createRecord(fields, { 'Idempotency-Key': key })
  const second = await createRecord(fields, { 'Idempotency-Key': key })
  const duplicates = first.data?.id !== undefined && second.data?.id !== first.data.id ? 1 : 0
  record(
    'a create retried with the same Idempotency-Key',
    'the first record again',
    `ids ${String(first.data?.id)} and ${String(second.data?.id)}`,
    duplicates,
  )
}

export async function checkCraftedRecords(): Promise<void> {
  const crafted = await createRecord({
    media_url: 'https://res.cloudinary.com/demo/image/upload/v1/HIBF_assets/hostile.jpg',
    public_id: 'other-folder/precious',
    resource_type: 'image',
  })
  record(
    'a Cloudinary record whose public_id is not its media_url',
    '400',
    String(crafted.status),
    crafted.status === 201,
  )
  const missing = await createRecord({ media_url: '/api/files/0000000000000000000000000/ghost.png' })
  record(
    'a record pointing at a built-in file that does not exist',
    '400',
    String(missing.status),
    missing.status === 201,
  )
  const claimed = await createRecord({
    media_url: 'https://cdn.example.com/hostile/claimed.png',
    sha256: 'b'.repeat(64),
  })
  record(
    'a claimed sha256 on a file the server cannot read',
    'not stored',
    `stored ${String(claimed.data?.sha256)}`,
    claimed.data?.sha256 === 'b'.repeat(64),
  )
}

export async function checkTusEdges(): Promise<void> {
  const tus = (headers: Record<string, string>) =>
    fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { ...auth, 'Tus-Resumable': '1.0.0', ...headers },
    })
  const bare = await tus({ 'Upload-Length': '10' })
  record('tus creation without Upload-Metadata', '201', String(bare.status), bare.status !== 201)
  const id = (bare.headers.get('location') ?? '').split('/').pop()
  if (bare.status === 201 && id) {
    await fetch(`${base}/api/uploads/${id}`, {
      method: 'DELETE',
      headers: { ...auth, 'Tus-Resumable': '1.0.0' },
    })
  }
  const huge = await tus({ 'Upload-Length': '999999999999999', 'Upload-Metadata': 'broken' })
  record(
    'tus creation of an oversize file with bad metadata',
    '413',
    String(huge.status),
    huge.status !== 413,
  )
}
