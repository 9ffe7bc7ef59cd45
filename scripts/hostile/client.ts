/**
 * What every check of the hostile client shares: the base URL, the token, a JSON call, a tus upload and
 * the record of each outcome. It imports nothing of the app, so the checks see only the deployed behaviour.
 */

export const base = (process.argv[2] ?? 'http://localhost:8888').replace(/\/$/, '')
export const token = process.env.APP_ACCESS_TOKEN?.trim() || null
export const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {}

export interface Outcome {
  check: string
  expected: string
  observed: string
  harm: number
}
/** Ids in one record shard (500 consecutive ids), as the server stores them (decision 0005). */
export const SHARD_IDS = 500
/** The most record shards one batch call may touch (decision 0058); any this many ids fall in no more. */
export const MOST_BATCH_SHARDS = 25

/** Shards a page of the screen's listing holds, after its first two (decision 0061). */
const PAGE_SHARDS = 50

/** The shards of page `page`, as the screen asks for them: shard 0, then 1-49, then 50 at a time. */
export function pageShards(page: number): string {
  if (page === 0) return '0-0'
  if (page === 1) return `1-${String(PAGE_SHARDS - 1)}`
  const from = (page - 1) * PAGE_SHARDS
  return `${String(from)}-${String(from + PAGE_SHARDS - 1)}`
}

/** How many pages the screen asks for when the store holds `shardCount` shards. */
export function pageCountOf(shardCount: number): number {
  return shardCount <= PAGE_SHARDS ? 2 : Math.ceil(shardCount / PAGE_SHARDS) + 1
}

/** The page the screen looks for `id` in. */
export function pageOfId(id: number): number {
  const shard = Math.floor(id / SHARD_IDS)
  if (shard < 1) return 0
  if (shard < PAGE_SHARDS) return 1
  return Math.floor(shard / PAGE_SHARDS) + 1
}

export const outcomes: Outcome[] = []
export const createdIds: number[] = []

export function record(check: string, expected: string, observed: string, harm: boolean | number): void {
  outcomes.push({ check, expected, observed, harm: typeof harm === 'number' ? harm : harm ? 1 : 0 })
}

export async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
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

export function b64(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64')
}

/** A tiny valid PNG: one transparent pixel. */
export const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)

/** Uploads bytes through tus; returns the upload id and the file's URL and server fingerprint. */
export async function tusUpload(bytes: Uint8Array<ArrayBuffer>, name: string) {
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

export async function createRecord(fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  const answer = await call('POST', '/api/upload', { title: 'hostile-client', ...fields }, headers)
  const data = answer.json?.record as {
    id?: number
    sha256?: string | null
    tags?: string[]
  } | null
  if (data?.id !== undefined) createdIds.push(data.id)
  return { status: answer.status, data, error: answer.json?.error }
}

export async function findRecord(id: number) {
  let cursor: string | null = null
  for (;;) {
    const page = await call('GET', `/api/media?limit=5000${cursor ? `&cursor=${cursor}` : ''}`)
    const json = page.json as { records: { id: number; tags: string[] }[]; next: string | null }
    const found = json.records.find((candidate) => candidate.id === id)
    if (found || json.next === null) return found ?? null
    cursor = json.next
  }
}

export const hundredTags = (round: number) =>
  Array.from({ length: 100 }, (_, i) => `t${String(round)}-${String(i)}`)
