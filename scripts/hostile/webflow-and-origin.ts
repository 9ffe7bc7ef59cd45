/**
 * Checks of the site's own address and of the Webflow mirror's costs: a forged Host changes no URL the
 * app gives out, repeated sync requests queue at most one job, and repeated connection tests are answered
 * from the kept result instead of asking Webflow each time.
 */

import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'

import { auth, base, call, createdIds, createRecord, PNG, record, tusUpload } from './client.ts'

const FORGED_HOST = 'forged-origin.example.test'

/** A call with its Host (and X-Forwarded-Host) forged, which fetch will not send: through node:http(s). */
function forgedCall(method: string, path: string, body?: unknown) {
  const url = new URL(path, base)
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<{ status: number; text: string; location: string }>((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method,
        // The TLS name stays the site's own, so the request reaches it; only the Host header lies.
        servername: url.hostname,
        headers: {
          ...auth,
          Host: FORGED_HOST,
          'X-Forwarded-Host': FORGED_HOST,
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
      },
      (incoming) => {
        const parts: Buffer[] = []
        incoming.on('data', (part: Buffer) => parts.push(part))
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            text: Buffer.concat(parts).toString(),
            location: incoming.headers.location ?? '',
          })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(payload)
  })
}

/** A create and an Office link sent with a forged Host: nothing returned names the forged host. */
export async function checkForgedHost(): Promise<void> {
  const file = await tusUpload(new Uint8Array(PNG), 'forged-host.png')
  const created = await forgedCall('POST', '/api/upload', { title: 'hostile-client', media_url: file.url })
  const id = (JSON.parse(created.text || '{}') as { record?: { id?: number } }).record?.id
  if (id !== undefined) createdIds.push(id)
  record(
    'origin: a create with a forged Host',
    'no URL in the answer names the forged host (or the platform refuses the host)',
    `${String(created.status)}, forged host ${created.text.includes(FORGED_HOST) ? 'named' : 'not named'}`,
    created.text.includes(FORGED_HOST),
  )
  const link = await forgedCall('GET', `/api/file-link/office/${file.id}/forged-host.docx`)
  const source = link.location ? (new URL(link.location).searchParams.get('src') ?? '') : ''
  record(
    'origin: an Office link with a forged Host',
    "the viewer is given the site's own address",
    `${String(link.status)} ${source ? new URL(source).origin : 'no link'}`,
    source.includes(FORGED_HOST),
  )
}

/** Whether the Webflow mirror is set up on the site (`GET /api/webflow-sync-all` says, without Webflow). */
async function mirrorConfigured(): Promise<boolean> {
  const progress = await call('GET', '/api/webflow-sync-all')
  return progress.json?.configured === true
}

/** Ten sync requests on one record: at most one queues a job, the others answer with the state. */
export async function checkRepeatedSync(): Promise<void> {
  if (!(await mirrorConfigured())) {
    record('webflow: ten sync requests', 'skipped: the mirror is not configured', 'not configured', 0)
    return
  }
  const created = await createRecord({ media_url: 'https://media.example.test/hostile-sync.png' })
  if (created.data?.id === undefined) {
    record('webflow: ten sync requests', 'a record to sync', `create answered ${String(created.status)}`, 1)
    return
  }
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => call('POST', `/api/webflow-sync/${String(created.data?.id)}`)),
  )
  const queued = answers.filter((answer) => answer.status === 202 || answer.json?.queued === true).length
  const states = new Set(
    answers.map(
      (answer) => (answer.json?.record as { webflow?: { state?: string } } | undefined)?.webflow?.state,
    ),
  )
  record(
    'webflow: ten sync requests on one record at once',
    'at most one queues a job (202); the rest answer 200 with the state',
    `${String(queued)} queued, states ${[...states].join(', ')}`,
    // The create itself queued one: any further job is work Webflow did not need.
    Math.max(0, queued - 1),
  )
}

/** Ten connection tests in a row: answered from the kept result after the first. */
export async function checkRepeatedStatus(): Promise<void> {
  const timings: number[] = []
  // Each answer is a Webflow request made (a miss), the kept result (a hit), or a refusal while the site's
  // request budget is spent (503 with Retry-After): only misses cost Webflow anything.
  let misses = 0
  let hits = 0
  let waiting = 0
  let configured = true
  for (let check = 0; check < 10; check++) {
    const started = performance.now()
    const answer = await call('GET', '/api/webflow-status')
    timings.push(Math.round(performance.now() - started))
    if (answer.json?.configured === false) configured = false
    if (/\bhit\b/.test(answer.headers.get('cache-status') ?? '')) hits++
    else if (answer.status === 503 && answer.headers.has('retry-after')) waiting++
    else misses++
  }
  if (!configured) {
    record('webflow: ten connection tests', 'no Webflow request (mirror not configured)', '503', 0)
    return
  }
  record(
    'webflow: ten connection tests in a row',
    'at most the first asks Webflow; the rest come from the kept result, or wait for the budget',
    `${String(misses)} asked Webflow, ${String(hits)} kept, ${String(waiting)} waiting for the budget; ${timings.map(String).join(', ')} ms`,
    Math.max(0, misses - 1),
  )
}
