/**
 * Hostile input (research V1/V2): every endpoint that takes input gets at least 1,000 malformed
 * requests through its real handler: broken JSON, wrong types, 1 MB strings, 10,000-deep nesting,
 * `__proto__`/`constructor` keys, lone surrogates, U+202E, NUL, path tricks in ids, 601-byte ids, bad
 * tus headers. Each must be refused with a 4xx: no 5xx, no store write, and `Object.prototype`
 * untouched. The counts are printed per endpoint.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { newUploadId, isUploadId } from '../../../netlify/server/uploads/upload-documents'
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../../src/contract/uploads'
import { isMutation, type Interceptor } from '../../support/store-interceptor'
import {
  badIdSegment,
  badIntegerHeader,
  badTusVersion,
  badUploadMetadata,
  bodyKeys,
  HEAVY_BODIES,
  HOSTILE_STRINGS,
  malformedJson,
  nearMissBatch,
  someDefects,
  validity,
} from '../../support/hostile-requests'
import {
  createTusUpload,
  freshStores,
  send,
  sendOk,
  uploadFile,
  type RequestSpec,
} from '../../support/in-process-api'

/** Random malformed requests per endpoint, on top of the hand-written edge cases. */
const RUNS = 1_000

let writes = 0
const countWrites: Interceptor = (call, proceed) => {
  if (isMutation(call)) writes++
  return proceed()
}

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort()
let uploadId = ''
const unknownUploadId = newUploadId(new Date(0))

beforeAll(async () => {
  freshStores(() => countWrites)
  // Something for each kind of id to point at, so requests reach past the lookups.
  await sendOk({ method: 'POST', path: '/api/folder-create', json: { name: 'Existing' } })
  const file = await uploadFile('existing.txt', new TextEncoder().encode('existing'))
  await sendOk({ method: 'POST', path: '/api/upload', json: { title: 'Existing', media_url: file.url } })
  const trashed = await sendOk({ method: 'POST', path: '/api/upload', json: { media_url: '/x/trashed.png' } })
  const trashedId = (trashed.body as { record: { id: number } }).record.id
  await sendOk({ method: 'DELETE', path: `/api/delete/${String(trashedId)}` })
  uploadId = await createTusUpload('partial.txt', 20)
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterAll(() => {
  vi.restoreAllMocks()
})

interface Tally {
  requests: number
  statuses: Map<number, number>
  refusedWithoutError: number
  writes: number
  failures: string[]
}

async function check(spec: RequestSpec, tally: Tally): Promise<void> {
  const before = writes
  const answer = await send(spec)
  tally.requests++
  tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1)
  tally.writes += writes - before
  const refused = answer.status >= 400 && answer.status < 500
  const describe = () =>
    `${spec.method} ${spec.path.slice(0, 120)} ${JSON.stringify(spec.headers ?? {}).slice(0, 200)} ` +
    `${typeof spec.body === 'string' ? spec.body.slice(0, 120) : spec.body ? '(bytes)' : ''} -> ${String(answer.status)} ${JSON.stringify(answer.body).slice(0, 200)}`
  if (!refused || writes !== before) {
    if (tally.failures.length < 5) tally.failures.push(describe())
    return
  }
  const hasError =
    spec.method === 'HEAD' ||
    (typeof answer.body === 'object' && typeof (answer.body as { error?: unknown }).error === 'string')
  if (!hasError) tally.refusedWithoutError++
}

async function sweep(edges: readonly RequestSpec[], requests: fc.Arbitrary<RequestSpec>): Promise<Tally> {
  const tally: Tally = { requests: 0, statuses: new Map(), refusedWithoutError: 0, writes: 0, failures: [] }
  for (const edge of edges) await check(edge, tally)
  await fc.assert(
    fc.asyncProperty(requests, async (spec) => {
      await check(spec, tally)
    }),
    { numRuns: RUNS },
  )
  return tally
}

function report(name: string, tally: Tally): void {
  const statuses = [...tally.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${String(status)} x${String(count)}`)
    .join(', ')
  const fourxx = [...tally.statuses]
    .filter(([status]) => status >= 400 && status < 500)
    .reduce((n, [, c]) => n + c, 0)
  const fivexx = [...tally.statuses].filter(([status]) => status >= 500).reduce((n, [, c]) => n + c, 0)
  console.log(
    `${name}: ${String(tally.requests)} malformed requests, ${String(fourxx)} 4xx (${statuses}), ${String(fivexx)} 5xx, ` +
      `${String(tally.writes)} store writes, Object.prototype ${samePrototype() ? 'untouched' : 'CHANGED'}`,
  )
  expect(tally.failures).toEqual([])
  expect(fourxx).toBe(tally.requests)
  expect(tally.requests).toBeGreaterThanOrEqual(RUNS)
  expect(tally.writes).toBe(0)
  expect(tally.refusedWithoutError).toBe(0)
  expect(samePrototype()).toBe(true)
}

function samePrototype(): boolean {
  const probe: Record<string, unknown> = {}
  return (
    JSON.stringify(Object.getOwnPropertyNames(Object.prototype).sort()) === JSON.stringify(prototypeKeys) &&
    probe.polluted === undefined &&
    probe.prototype === undefined
  )
}

const json = (method: string, path: string) => ({ method, path })
const asJsonSpec =
  (method: string, path: string) =>
  (text: string): RequestSpec => ({
    method,
    path,
    body: text,
    headers: { 'Content-Type': 'application/json' },
  })

/** A body endpoint with an id in its path: a bad id with any body, or a good id with a bad body. */
function idOrBody(method: string, prefix: string, goodId: string, body: fc.Arbitrary<RequestSpec>) {
  return fc.oneof(
    badIdSegment().map((segment): RequestSpec => ({
      method,
      path: `${prefix}/${segment}`,
      json: { title: 'fine' },
    })),
    body.map((spec): RequestSpec => ({ ...spec, path: `${prefix}/${goodId}` })),
  )
}

const idOnly = (method: string, prefix: string) =>
  badIdSegment().map((segment): RequestSpec => ({ method, path: `${prefix}/${segment}` }))

const EDGE_BODY_SPECS = (method: string, path: string): RequestSpec[] =>
  [
    ...HEAVY_BODIES,
    '',
    'null',
    '[]',
    '"text"',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ].map(asJsonSpec(method, path))

const EDGE_ID_SPECS = (method: string, prefix: string): RequestSpec[] =>
  ['..%2F1', '%2F', '1%2F2', '1'.repeat(601), '0', '-1', '1.5', '%E2%80%AE1', '%00', '__proto__'].map(
    (segment) => ({
      method,
      path: `${prefix}/${segment}`,
    }),
  )

// A page query is malformed when a known parameter is; unknown parameters are ignored, so junk rides along.
const junkParameters = fc.array(
  fc.tuple(
    fc.constantFrom('__proto__', 'constructor[prototype][polluted]', 'q', 'x'.repeat(601), 'limit[]'),
    fc.string({ maxLength: 10 }),
  ),
  { maxLength: 3 },
)
/** A 1 MB query value, now and then: building such a URL is slow, and one in forty shows the point. */
const megabyteParameter = fc.constant('x'.repeat(1_048_576))
const withRareMegabyte = (usual: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 40, arbitrary: usual }, { weight: 1, arbitrary: megabyteParameter })
const badLimit = withRareMegabyte(
  fc.oneof(
    fc.constantFrom('0', '5001', '99999', '-1', '1.5', '1e3', ' 10', 'abc', '\uff11', '100000'),
    fc
      .string({ maxLength: 8 })
      .filter((raw) => raw !== '' && !(/^\d{1,5}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 5_000)),
  ),
)
function pageQuery(path: string, badCursor: fc.Arbitrary<string>) {
  return fc
    .tuple(fc.option(badLimit, { nil: undefined }), fc.option(badCursor, { nil: undefined }), junkParameters)
    .filter(([limit, cursor]) => limit !== undefined || cursor !== undefined)
    .map(([limit, cursor, junk]): RequestSpec => {
      const query = new URLSearchParams(junk)
      if (limit !== undefined) query.set('limit', limit)
      if (cursor !== undefined) query.set('cursor', cursor)
      return { method: 'GET', path: `${path}?${query.toString()}` }
    })
}
const badMediaCursor = withRareMegabyte(
  fc.oneof(
    fc.constantFrom('-1', '1.5', 'abc', '99999999999999999', '1e3', '\u0000'),
    fc
      .string({ maxLength: 20 })
      .filter((raw) => raw !== '' && !(/^\d{1,16}$/.test(raw) && Number.isSafeInteger(Number(raw)))),
  ),
)
const badTrashCursor = withRareMegabyte(
  fc.oneof(
    fc.constantFrom('1', '-1-1', '1-', '-1', '1-1-1', 'a-b', '99999999999999999-1'),
    fc.string({ maxLength: 20 }).filter((raw) => raw !== '' && !/^\d{1,16}-\d{1,16}$/.test(raw)),
  ),
)

const TUS = '1.0.0'
const filenameHeader = `filename ${Buffer.from('a.txt').toString('base64')}`

/** Tus creation with at least one defect on top of valid headers. */
const tusCreate = someDefects({
  version: badTusVersion,
  length: fc.oneof(badIntegerHeader, fc.constant<string | null>(String(DEFAULT_MAX_UPLOAD_BYTES + 1))),
  metadata: badUploadMetadata,
  override: fc.constantFrom('FOO', 'TRACE', 'PUT', 'PATCH', 'DELETE', 'GET', 'HEAD', ''),
}).map((defect): RequestSpec => {
  const headers: Record<string, string> = {}
  const set = (name: string, value: string | null | undefined, fallback: string) => {
    const chosen = value === undefined ? fallback : value
    if (chosen !== null) headers[name] = chosen
  }
  set('Tus-Resumable', defect.version, TUS)
  set('Upload-Length', defect.length, '20')
  set('Upload-Metadata', defect.metadata, filenameHeader)
  if (defect.override !== undefined) headers['X-HTTP-Method-Override'] = defect.override
  return { method: 'POST', path: '/api/uploads', headers }
})

/** An upload id that is malformed or names no upload. */
const badUploadSegment = fc.oneof(
  badIdSegment((raw) => isUploadId(raw)),
  fc.constant(unknownUploadId),
)

/** A tus PATCH of the seeded upload (at offset 0 of 20) with at least one defect. */
function tusPatch() {
  return someDefects({
    id: badUploadSegment,
    version: badTusVersion,
    offset: fc.oneof(badIntegerHeader, fc.integer({ min: 1, max: 1_000_000 }).map(String)),
    contentType: fc.constantFrom(
      'application/octet-stream',
      'text/plain',
      '',
      'application/offset+octet-streams',
    ),
    tooLong: fc.integer({ min: 21, max: 64 }),
    checksum: fc.constantFrom('sha1 AAAA', 'md4 abc', 'sha256', '', 'sha1', 'crc32 AAAAAA==', 'sha1 !!!!'),
    declaredLength: fc.constantFrom('4194305', '99999999999'),
  }).map((defect): RequestSpec => {
    const headers: Record<string, string> = {}
    const version = defect.version === undefined ? TUS : defect.version
    if (version !== null) headers['Tus-Resumable'] = version
    const offset = defect.offset === undefined ? '0' : defect.offset
    if (offset !== null) headers['Upload-Offset'] = offset
    const contentType = defect.contentType ?? 'application/offset+octet-stream'
    if (contentType) headers['Content-Type'] = contentType
    if (defect.checksum !== undefined) headers['Upload-Checksum'] = defect.checksum
    if (defect.declaredLength !== undefined) headers['Content-Length'] = defect.declaredLength
    return {
      method: 'PATCH',
      path: `/api/uploads/${defect.id ?? uploadId}`,
      headers,
      body: new Uint8Array(defect.tooLong ?? 5),
    }
  })
}

/** A tus HEAD or DELETE with a bad id or a bad Tus-Resumable. */
function tusById(method: 'HEAD' | 'DELETE') {
  return someDefects({ id: badUploadSegment, version: badTusVersion }).map((defect): RequestSpec => {
    const version = defect.version === undefined ? TUS : defect.version
    return {
      method,
      path: `/api/uploads/${defect.id ?? uploadId}`,
      headers: version === null ? {} : { 'Tus-Resumable': version },
    }
  })
}

const files = fc
  .tuple(
    badUploadSegment,
    fc.constantFrom(
      ...HOSTILE_STRINGS.filter(
        (name) => name.isWellFormed() && name !== '.' && name !== '..' && name !== '',
      ),
    ),
    fc.constantFrom('GET', 'HEAD'),
  )
  .map(([segment, name, method]): RequestSpec => ({
    method,
    path: `/api/files/${segment}/${encodeURIComponent(name)}`,
    headers: { Range: 'bytes=0-' },
  }))

const withBatchNearMiss = (
  path: string,
  keys: readonly string[],
  key: 'ids' | 'fileIds' | 'updates',
  isValid: (body: unknown) => boolean,
) =>
  fc.oneof(
    malformedJson(json('POST', path), keys, isValid),
    nearMissBatch(key)
      .filter((text) => !isValid(JSON.parse(text)))
      .map(asJsonSpec('POST', path)),
  )

const folderNames = fc
  .tuple(
    fc.constantFrom<unknown>(...HOSTILE_STRINGS, 1, null, ['a'], {}),
    fc.constantFrom<unknown>(undefined, '/', '/Missing', '../../', 5),
  )
  .map(([name, parent]) => ({ name, ...(parent === undefined ? {} : { parent_path: parent }) }))
  .filter((body) => !validity.folderCreate(body))
  .map((body): RequestSpec => ({ method: 'POST', path: '/api/folder-create', json: body }))

interface Endpoint {
  name: string
  edges: () => RequestSpec[]
  requests: () => fc.Arbitrary<RequestSpec>
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /api/upload',
    edges: () => EDGE_BODY_SPECS('POST', '/api/upload'),
    requests: () => malformedJson(json('POST', '/api/upload'), bodyKeys.record, validity.upload),
  },
  {
    name: 'PATCH /api/update/:id',
    edges: () => [...EDGE_BODY_SPECS('PATCH', '/api/update/1'), ...EDGE_ID_SPECS('PATCH', '/api/update')],
    requests: () =>
      idOrBody(
        'PATCH',
        '/api/update',
        '1',
        malformedJson(json('PATCH', ''), bodyKeys.record, validity.update),
      ),
  },
  {
    name: 'DELETE /api/delete/:id',
    edges: () => EDGE_ID_SPECS('DELETE', '/api/delete'),
    requests: () => idOnly('DELETE', '/api/delete'),
  },
  {
    name: 'POST /api/batch-update',
    edges: () => EDGE_BODY_SPECS('POST', '/api/batch-update'),
    requests: () =>
      withBatchNearMiss('/api/batch-update', bodyKeys.batchUpdate, 'updates', validity.batchUpdate),
  },
  {
    name: 'POST /api/batch-delete',
    edges: () => EDGE_BODY_SPECS('POST', '/api/batch-delete'),
    requests: () => withBatchNearMiss('/api/batch-delete', bodyKeys.ids, 'ids', validity.batchDelete),
  },
  {
    name: 'POST batch-move-to-folder',
    edges: () => EDGE_BODY_SPECS('POST', '/.netlify/functions/batch-move-to-folder'),
    requests: () =>
      withBatchNearMiss(
        '/.netlify/functions/batch-move-to-folder',
        bodyKeys.batchMove,
        'fileIds',
        validity.batchMove,
      ),
  },
  {
    name: 'POST /api/folder-create',
    edges: () => EDGE_BODY_SPECS('POST', '/api/folder-create'),
    requests: () =>
      fc.oneof(
        malformedJson(json('POST', '/api/folder-create'), bodyKeys.folderCreate, validity.folderCreate),
        folderNames,
      ),
  },
  {
    name: 'DELETE /api/folder-delete/:id',
    edges: () => EDGE_ID_SPECS('DELETE', '/api/folder-delete'),
    requests: () => idOnly('DELETE', '/api/folder-delete'),
  },
  {
    name: 'GET /api/media',
    edges: () =>
      ['limit=0', 'limit=5001', 'cursor=-1', 'cursor=1e3', 'limit=%00'].map((query) => ({
        method: 'GET',
        path: `/api/media?${query}`,
      })),
    requests: () => pageQuery('/api/media', badMediaCursor),
  },
  {
    name: 'POST /api/uploads (tus creation)',
    edges: () => [
      {
        method: 'POST',
        path: '/api/uploads',
        headers: { 'Upload-Length': '20', 'Upload-Metadata': filenameHeader },
      },
      {
        method: 'POST',
        path: '/api/uploads',
        headers: { 'Tus-Resumable': TUS, 'Upload-Metadata': filenameHeader },
      },
      // Upload-Metadata is optional (the file gets a default name), but what is sent must be valid.
      {
        method: 'POST',
        path: '/api/uploads',
        headers: {
          'Tus-Resumable': TUS,
          'Upload-Length': '20',
          'Upload-Metadata': `width ${Buffer.from('wide').toString('base64')}`,
        },
      },
    ],
    requests: () => tusCreate,
  },
  {
    name: 'PATCH /api/uploads/:id (tus)',
    edges: () => [
      {
        method: 'PATCH',
        path: `/api/uploads/${uploadId}`,
        headers: { 'Tus-Resumable': TUS, 'Upload-Offset': '0' },
        body: new Uint8Array(5),
      },
      {
        method: 'PATCH',
        path: `/api/uploads/${'a'.repeat(601)}`,
        headers: {
          'Tus-Resumable': TUS,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
      },
    ],
    requests: tusPatch,
  },
  {
    name: 'HEAD /api/uploads/:id (tus)',
    edges: () => [{ method: 'HEAD', path: `/api/uploads/${uploadId}` }],
    requests: () => tusById('HEAD'),
  },
  {
    name: 'DELETE /api/uploads/:id (tus)',
    edges: () => [{ method: 'DELETE', path: `/api/uploads/${uploadId}` }],
    requests: () => tusById('DELETE'),
  },
  {
    name: 'GET /api/files/:id',
    edges: () => EDGE_ID_SPECS('GET', '/api/files').map((spec) => ({ ...spec, path: `${spec.path}/x.txt` })),
    requests: () => files,
  },
  {
    name: 'POST /api/webflow-sync/:id',
    edges: () => EDGE_ID_SPECS('POST', '/api/webflow-sync'),
    requests: () => idOnly('POST', '/api/webflow-sync'),
  },
  {
    name: 'GET /api/trash',
    edges: () =>
      ['cursor=1', 'cursor=1-', 'limit=0', 'limit=abc'].map((query) => ({
        method: 'GET',
        path: `/api/trash?${query}`,
      })),
    requests: () => pageQuery('/api/trash', badTrashCursor),
  },
  {
    name: 'POST /api/trash/restore',
    edges: () => EDGE_BODY_SPECS('POST', '/api/trash/restore'),
    requests: () => withBatchNearMiss('/api/trash/restore', bodyKeys.ids, 'ids', validity.trashIds),
  },
  {
    name: 'POST /api/trash/purge',
    edges: () => EDGE_BODY_SPECS('POST', '/api/trash/purge'),
    requests: () => withBatchNearMiss('/api/trash/purge', bodyKeys.ids, 'ids', validity.trashIds),
  },
]

describe('hostile input to every endpoint that takes input', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: at least ${String(RUNS)} malformed requests, all refused with a 4xx and no write`, async () => {
      report(endpoint.name, await sweep(endpoint.edges(), endpoint.requests()))
    }, 60_000)
  }
})

describe('hostile file names in tus Upload-Metadata', () => {
  it('are cleaned, never refused: no control, line-break or bidi character reaches the stored name or a header', async () => {
    const names = [...HOSTILE_STRINGS, 'a\r\nContent-Type: text/html.txt', 'x\u0000.png', 'evil\u202Egnp.exe']
    let created = 0
    let refused = 0
    for (const name of names) {
      const answer = await send({
        method: 'POST',
        path: '/api/uploads',
        headers: {
          'Tus-Resumable': TUS,
          'Upload-Length': '4',
          'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}`,
        },
      })
      // A name must be 1 to 255 characters; within that, anything is cleaned rather than refused.
      if (name.length === 0 || name.length > 255) {
        expect(answer.status).toBe(400)
        refused++
        continue
      }
      expect(answer.status, JSON.stringify(name)).toBe(201)
      created++
      const id = answer.headers.get('location')?.split('/').pop() ?? ''
      await sendOk({
        method: 'PATCH',
        path: `/api/uploads/${id}`,
        headers: {
          'Tus-Resumable': TUS,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        body: new Uint8Array([1, 2, 3, 4]),
      })
      const { body } = await sendOk({ method: 'GET', path: `/api/uploads/${id}` })
      const url = (body as { result: { secure_url: string } }).result.secure_url
      const stored = decodeURIComponent(url.split('/').pop() ?? '')
      // eslint-disable-next-line no-control-regex -- the point is to find control characters
      expect(stored).not.toMatch(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069/\\]/)
      const served = await sendOk({ method: 'GET', path: url })
      const disposition = served.headers.get('content-disposition') ?? ''
      expect(disposition).not.toMatch(/[\r\n]/)
      expect(served.headers.get('content-type')).not.toMatch(/html/)
    }
    console.log(
      `tus file names: ${String(names.length)} hostile names, ${String(created)} cleaned and stored, ` +
        `${String(refused)} refused (empty or over 255 characters); ` +
        `0 control, line-break or bidi characters in stored names or headers`,
    )
  })
})
