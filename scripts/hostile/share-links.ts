/**
 * Share links: a link opens its file only with its own signature, only until it expires or is revoked,
 * and a share id cannot be moved to another file. Expiry itself is shown by tests/netlify/server/shares (it
 * takes an hour here); a link whose share is gone answers as an expired one does.
 */

import { base, call, createRecord, PNG, record, tusUpload } from './client.ts'

async function sharedFile(): Promise<{ fileId: number; shareId: string; path: string } | null> {
  const { url } = await tusUpload(PNG, 'shared.png')
  const created = await createRecord({ media_url: url })
  if (created.data?.id === undefined) return null
  const fileId = created.data.id
  const share = await call('POST', `/api/share/${String(fileId)}`, { expires_in_hours: 1 })
  const link = share.json as { id?: string; url?: string } | null
  if (share.status !== 201 || !link?.id || !link.url) return null
  return { fileId, shareId: link.id, path: new URL(link.url).pathname }
}

/** Opens a path with no credential at all, as whoever holds the link would. */
async function open(path: string): Promise<number> {
  return (await fetch(`${base}${path}`, { redirect: 'manual' })).status
}

/** Forged and swapped signatures, another file's share id, and out-of-range hours are refused. */
export async function checkShareLinkForgery(): Promise<void> {
  const first = await sharedFile()
  const second = await sharedFile()
  if (!first || !second) {
    record('share links: make two', '201 twice', 'could not make them', true)
    return
  }
  const signature = first.path.split('/').pop() ?? ''
  const otherSignature = second.path.split('/').pop() ?? ''
  const random = first.shareId.slice(first.shareId.indexOf('-') + 1)
  const attempts = {
    genuine: await open(first.path),
    forged: await open(`/api/shared/${first.shareId}/${'A'.repeat(43)}`),
    'no signature': await open(`/api/shared/${first.shareId}/x`),
    'other file’s signature': await open(`/api/shared/${first.shareId}/${otherSignature}`),
    'moved to another file': await open(`/api/shared/${String(second.fileId)}-${random}/${signature}`),
    'other share id': await open(`/api/shared/${second.shareId}/${signature}`),
  }
  const observed = Object.entries(attempts)
    .map(([name, status]) => `${name} ${String(status)}`)
    .join(', ')
  const refused = Object.entries(attempts).filter(([name]) => name !== 'genuine')
  record(
    'share links: forged, swapped and moved links',
    'genuine 200, every other 404',
    observed,
    (attempts.genuine !== 200 ? 1 : 0) + refused.filter(([, status]) => status !== 404).length,
  )

  const hours = await Promise.all(
    [0, -1, 721, 1.5, '24', null].map(async (value) => {
      const answer = await call('POST', `/api/share/${String(first.fileId)}`, { expires_in_hours: value })
      return `${JSON.stringify(value)} ${String(answer.status)}`
    }),
  )
  record(
    'share links: out-of-range hours',
    'each 400',
    hours.join(', '),
    hours.filter((line) => !line.endsWith(' 400')).length,
  )
}

/** A revoked link answers 410 at once, and revoking it again (or an unknown id) is 404. */
export async function checkShareLinkRevoked(): Promise<void> {
  const shared = await sharedFile()
  if (!shared) {
    record('share links: make one', '201', 'could not make it', true)
    return
  }
  const before = await open(shared.path)
  const revoked = await call('DELETE', `/api/share/${shared.shareId}`)
  const after = await open(shared.path)
  const again = await call('DELETE', `/api/share/${shared.shareId}`)
  record(
    'share links: revoked',
    'open 200, revoke 204, open 410, revoke again 404',
    `open ${String(before)}, revoke ${String(revoked.status)}, open ${String(after)}, revoke again ${String(again.status)}`,
    before !== 200 || revoked.status !== 204 || after !== 410 || again.status !== 404,
  )
}
