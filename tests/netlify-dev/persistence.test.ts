import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { api, useApiServer } from '../support/api-client'
import { createFolder, snapshot, uniqueName, uploadRecord, uploadRecords } from '../support/api-steps'
import { createProjectDir, removeProjectDir, startNetlifyDev, type NetlifyDev } from '../support/netlify-dev'

/** A netlify dev of this file's own, so stopping it leaves the project's shared one to the other files. */
let dir: string | undefined
let dev: NetlifyDev | undefined

beforeAll(async () => {
  dir = await createProjectDir()
  dev = await startNetlifyDev(dir)
  useApiServer({ baseUrl: dev.baseUrl, projectDir: dir })
}, 180_000)

afterAll(async () => {
  await dev?.stop()
  if (dir) await removeProjectDir(dir)
}, 60_000)

/** Stops netlify dev and starts it again on the same directory and ports, so the base URL stays valid. */
async function restart(): Promise<void> {
  if (!dev || !dir) throw new Error('netlify dev did not start')
  const { ports } = dev
  await dev.stop()
  dev = await startNetlifyDev(dir, { ports })
}

describe('persistence', () => {
  it('keeps every record and folder across a netlify dev restart, and never reuses an id', async () => {
    const folder = await createFolder(uniqueName('Durable'))
    const child = await createFolder('Inner', folder.path)
    const [edited, removed, moved] = await uploadRecords(3, { tags: 'kept, across' })
    if (!edited || !removed || !moved) throw new Error('uploads failed')
    expect(
      (await api('PATCH', `/api/update/${String(edited.id)}`, { title: 'Edited before restart' })).status,
    ).toBe(200)
    expect((await api('DELETE', `/api/delete/${String(removed.id)}`)).status).toBe(200)
    const move = await api('POST', '/.netlify/functions/batch-move-to-folder', {
      fileIds: [moved.id],
      folderId: child.id,
    })
    expect(move.status, move.text).toBe(200)
    const before = await snapshot()
    expect(before.records.find((record) => record.id === edited.id)?.title).toBe('Edited before restart')
    expect(before.records.find((record) => record.id === moved.id)?.folder_path).toBe(child.path)
    expect(before.records.map((record) => record.id)).not.toContain(removed.id)

    // The data lives in the run's own project directory, not in the repository's .netlify.
    expect(await readdir(join(dir ?? '', '.netlify', 'blobs-serve'))).not.toHaveLength(0)

    await restart()

    expect(await snapshot()).toEqual(before)
    // The id counter survived too: a new record gets an id above every id handed out before.
    const after = await uploadRecord()
    expect(after.id).toBeGreaterThan(Math.max(edited.id, removed.id, moved.id))
    const folderAfter = await createFolder(uniqueName('AfterRestart'))
    expect(folderAfter.id).toBeGreaterThan(child.id)
  }, 180_000)
})
