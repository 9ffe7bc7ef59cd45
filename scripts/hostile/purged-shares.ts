/**
 * Share links of purged files: purging a file from the Trash removes its links, and a link to it keeps
 * answering that the file is gone (404), never that it expired or was revoked (410).
 */

import { base, call, createRecord, PNG, record, tusUpload } from './client.ts'

/** A file trashed and purged while it had a share link: its link opens nothing, and its share is gone. */
export async function checkSharesOfPurgedFile(): Promise<void> {
  const { url } = await tusUpload(PNG, 'purged-share.png')
  const created = await createRecord({ media_url: url })
  const fileId = created.data?.id
  const share =
    fileId === undefined ? null : await call('POST', `/api/share/${String(fileId)}`, { expires_in_hours: 1 })
  const link = share?.json as { id?: string; url?: string } | null | undefined
  if (fileId === undefined || share?.status !== 201 || !link?.id || !link.url) {
    record('share links of purged files: make one', '201', 'could not make it', true)
    return
  }
  const path = new URL(link.url).pathname
  const open = async () => (await fetch(`${base}${path}`, { redirect: 'manual' })).status
  const trashed = await call('DELETE', `/api/delete/${String(fileId)}`)
  const openTrashed = await open()
  const purged = await call('POST', '/api/trash/purge', { ids: [fileId] })
  const openPurged = await open()
  // The share went with the file: there is nothing left to revoke.
  const revoke = await call('DELETE', `/api/share/${link.id}`)
  record(
    'share links of purged files',
    'delete 200, open 404, purge 200, open 404, revoke 404',
    `delete ${String(trashed.status)}, open ${String(openTrashed)}, purge ${String(purged.status)}, open ${String(openPurged)}, revoke ${String(revoke.status)}`,
    (openTrashed !== 404 ? 1 : 0) + (openPurged !== 404 ? 1 : 0) + (revoke.status !== 404 ? 1 : 0),
  )
}
