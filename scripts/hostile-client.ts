/**
 * A hostile client against a running app: it tries, over plain HTTP, the calls that could destroy a file
 * another record uses, grow a record past its limits, duplicate records on retry, or misuse the server,
 * and counts the harm done. It imports nothing of the app, so it checks the deployed behaviour only.
 *
 *   node_modules/.bin/node scripts/hostile-client.ts [base URL, default http://localhost:8888]
 *
 * With the access gate on, set APP_ACCESS_TOKEN to the site's token: the script first checks that every
 * route refuses a call without it, then runs the rest as a signed-in client. It leaves no records behind
 * (they are deleted and purged from the trash) and exits 1 if any harm was done.
 */

const base = (process.argv[2] ?? 'http://localhost:8888').replace(/\/$/, '')
const token = process.env.APP_ACCESS_TOKEN?.trim() || null
const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {}

interface Outcome {
  check: string
  expected: string
  observed: string
  harm: number
}
const outcomes: Outcome[] = []
const createdIds: number[] = []

function record(check: string, expected: string, observed: string, harm: boolean | number): void {
  outcomes.push({ check, expected, observed, harm: typeof harm === 'number' ? harm : harm ? 1 : 0 })
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...auth,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  })
  const text = await response.text()
  return { status: response.status, json: parseJson(text), headers: response.headers }
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function b64(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64')
}

/** A tiny valid PNG: one transparent pixel. */
const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)

/** Uploads bytes through tus; returns the upload id and the file's URL and server fingerprint. */
async function tusUpload(bytes: Uint8Array<ArrayBuffer>, name: string) {
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${b64(name)},filetype ${b64('image/png')}`,
    },
  })
  const location = created.headers.get('location') ?? ''
  const id = location.split('/').pop() ?? ''
  if (created.status !== 201 || !id) throw new Error(`tus creation answered ${String(created.status)}`)
  const patched = await fetch(`${base}/api/uploads/${id}`, {
    method: 'PATCH',
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
    body: bytes,
  })
  if (patched.status !== 204) throw new Error(`tus PATCH answered ${String(patched.status)}`)
  const result = await call('GET', `/api/uploads/${id}`)
  const finished = result.json as { result?: { secure_url: string }; sha256?: string | null } | null
  return { id, url: finished?.result?.secure_url ?? '', sha256: finished?.sha256 ?? null }
}

async function createRecord(fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  const answer = await call('POST', '/api/upload', { title: 'hostile-client', ...fields }, headers)
  const data = answer.json?.record as {
    id?: number
    sha256?: string | null
    tags?: string[]
  } | null
  if (data?.id !== undefined) createdIds.push(data.id)
  return { status: answer.status, data, error: answer.json?.error }
}

async function findRecord(id: number) {
  let cursor: string | null = null
  for (;;) {
    const page = await call('GET', `/api/media?limit=5000${cursor ? `&cursor=${cursor}` : ''}`)
    const json = page.json as { records: { id: number; tags: string[] }[]; next: string | null }
    const found = json.records.find((candidate) => candidate.id === id)
    if (found || json.next === null) return found ?? null
    cursor = json.next
  }
}

const hundredTags = (round: number) => Array.from({ length: 100 }, (_, i) => `t${String(round)}-${String(i)}`)

/** A token too short to resist guessing must keep the gate from starting; false when that ends the run. */
async function checkShortToken(): Promise<boolean> {
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

async function checkGate(): Promise<void> {
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

async function checkTermination(): Promise<void> {
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

async function checkMergedLimits(): Promise<void> {
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

async function checkIdempotency(): Promise<void> {
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

async function checkCraftedRecords(): Promise<void> {
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

async function checkTusEdges(): Promise<void> {
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

async function cleanUp(): Promise<void> {
  if (createdIds.length === 0) return
  await call('POST', '/api/batch-delete', { ids: createdIds })
  await call('POST', '/api/trash/purge', { ids: createdIds })
}

async function main(): Promise<void> {
  console.log(`hostile client against ${base} (${token ? 'gate on' : 'gate off'})`)
  try {
    if (!(await checkShortToken())) return
    await checkGate()
    await checkTermination()
    await checkMergedLimits()
    await checkIdempotency()
    await checkCraftedRecords()
    await checkTusEdges()
  } finally {
    await cleanUp()
    report()
  }
}

function report(): void {
  for (const outcome of outcomes) {
    const mark = outcome.harm === 0 ? 'ok  ' : 'HARM'
    console.log(`${mark} ${outcome.check}: expected ${outcome.expected}; observed ${outcome.observed}`)
  }
  const harm = outcomes.reduce((sum, outcome) => sum + outcome.harm, 0)
  console.log(`${String(outcomes.length)} checks, ${String(harm)} harmful outcomes`)
  process.exitCode = harm === 0 ? 0 : 1
}

await main()

export {}
