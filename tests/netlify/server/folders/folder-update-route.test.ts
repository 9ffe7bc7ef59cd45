/**
 * POST /api/folder-update/{id} through the real function handler, on in-memory stores: the answers and
 * errors a client sees, and two calls at once (made to interleave by `RaceProbe`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { Folder } from '../../../../src/contract/folder'
import type { MediaRecord } from '../../../../src/contract/record'
import { RaceProbe } from '../../../support/race-probe'
import { freshStores, send, sendOk } from '../../../support/in-process-api'

beforeEach(() => {
  freshStores()
})
afterEach(() => {
  vi.restoreAllMocks()
})

async function createFolder(name: string, parent_path = '/'): Promise<Folder> {
  const { body } = await sendOk({ method: 'POST', path: '/api/folder-create', json: { name, parent_path } })
  return body as Folder
}

async function addFile(title: string, folder_path: string): Promise<MediaRecord> {
  const { body } = await sendOk({
    method: 'POST',
    path: '/api/upload',
    json: { title, folder_path, media_url: `https://cdn.example.test/${title}.png` },
  })
  return (body as { record: MediaRecord }).record
}

const updateFolder = (id: number | string, json: unknown) =>
  send({ method: 'POST', path: `/api/folder-update/${String(id)}`, json })

async function folderPaths(): Promise<string[]> {
  const { body } = await sendOk({ method: 'GET', path: '/api/folder-list' })
  return (body as Folder[]).map(({ path }) => path)
}

async function pathsByTitle(): Promise<Record<string, string>> {
  const { body } = await sendOk({ method: 'GET', path: '/api/media?limit=5000' })
  const { records } = body as { records: MediaRecord[] }
  return Object.fromEntries(records.map(({ title, folder_path }) => [title, folder_path]))
}

describe('POST /api/folder-update/{id}', () => {
  it('renames and moves a folder, answering the folder, its old path and the counts', async () => {
    const photos = await createFolder('Photos')
    const raw = await createFolder('Raw')
    await createFolder('Day 1', '/Raw')
    await addFile('shot', '/Raw/Day 1')

    const answer = await updateFolder(raw.id, { name: 'Negatives', parent_path: photos.path })

    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      ok: true,
      folder: { id: raw.id, name: 'Negatives', path: '/Photos/Negatives', parent_path: '/Photos' },
      previous_path: '/Raw',
      updated_folders: 2,
      moved_files: 1,
    })
    expect(await folderPaths()).toEqual(['/Photos', '/Photos/Negatives', '/Photos/Negatives/Day 1'])
    expect(await pathsByTitle()).toEqual({ shot: '/Photos/Negatives/Day 1' })
  })

  it.each([
    ['an unknown folder', 404, 99, { name: 'X' }, 'Folder 99 not found'],
    ['an unknown parent', 404, 1, { parent_path: '/Nowhere' }, 'Folder /Nowhere not found'],
    ['a name a sibling holds', 409, 1, { name: 'photos' }, 'A folder named "Photos" already exists in /'],
    [
      'a move into itself',
      400,
      1,
      { parent_path: '/Raw' },
      'A folder cannot be moved into itself or one of its subfolders',
    ],
    [
      'a move into its subfolder',
      400,
      1,
      { parent_path: '/Raw/Day 1' },
      'A folder cannot be moved into itself or one of its subfolders',
    ],
    ['a blank name', 400, 1, { name: '  ' }, 'Folder name is required'],
    ['a name with a slash', 400, 1, { name: 'a/b' }, 'Folder name cannot contain / or \\'],
    ['a name of ..', 400, 1, { name: '..' }, 'Folder name cannot be . or ..'],
    ['an empty body', 400, 1, {}, 'Give a new name, a new parent_path, or both'],
    ['a bad id', 400, 'abc', { name: 'X' }, 'Invalid folder id ("abc"): ids are positive whole numbers'],
  ] as const)('refuses %s with %i and a JSON error', async (_, status, id, body, message) => {
    await createFolder('Raw')
    await createFolder('Photos')
    await createFolder('Day 1', '/Raw')
    const answer = await updateFolder(id, body)
    expect(answer.status).toBe(status)
    expect((answer.body as { error: string }).error).toContain(message)
    expect(await folderPaths()).toEqual(['/Photos', '/Raw', '/Raw/Day 1'])
  })

  it('answers other methods with 405', async () => {
    const answer = await send({ method: 'GET', path: '/api/folder-update/1' })
    expect(answer.status).toBe(405)
  })
})

describe('POST /api/folder-update/{id} with other calls at once', () => {
  beforeEach(() => {
    // A 503 under contention is logged by the handler; the tests count the answers instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })

  function interleavedStores(): RaceProbe {
    let probe: RaceProbe | undefined
    freshStores((raw) => {
      probe = new RaceProbe(raw.documents)
      return probe.intercept
    })
    if (!probe) throw new Error('The probe was not installed')
    return probe
  }

  // Each run interleaves differently: repeated, so the orders that matter come up.
  const repeated = { repeats: 20 }

  it(
    'a file uploaded into the old path during a rename ends up in the renamed folder, or is refused',
    repeated,
    async () => {
      interleavedStores()
      const folder = await createFolder('Before')
      await addFile('inside', '/Before')

      const [renamed, uploaded] = await Promise.all([
        updateFolder(folder.id, { name: 'After' }),
        send({
          method: 'POST',
          path: '/api/upload',
          json: { title: 'late', folder_path: '/Before', media_url: 'https://cdn.example.test/late.png' },
        }),
      ])

      expect(renamed.status).toBe(200)
      expect(await folderPaths()).toEqual(['/After'])
      const paths = await pathsByTitle()
      expect(paths.inside).toBe('/After')
      if (uploaded.status === 201) expect(paths.late).toBe('/After')
      else {
        expect(uploaded.status).toBe(404)
        expect(paths.late).toBeUndefined()
      }
    },
  )

  it(
    'two renames of one folder at once: both answer, and the folder and its files agree on the last',
    repeated,
    async () => {
      interleavedStores()
      const folder = await createFolder('Start')
      await createFolder('Inner', '/Start')
      await addFile('a', '/Start')
      await addFile('b', '/Start/Inner')

      const answers = await Promise.all([
        updateFolder(folder.id, { name: 'First' }),
        updateFolder(folder.id, { name: 'Second' }),
      ])

      expect(answers.map(({ status }) => status)).toEqual([200, 200])
      const [top] = await folderPaths()
      expect(['/First', '/Second']).toContain(top)
      expect(await folderPaths()).toEqual([top, `${String(top)}/Inner`])
      expect(await pathsByTitle()).toEqual({ a: top, b: `${String(top)}/Inner` })
    },
  )
})
