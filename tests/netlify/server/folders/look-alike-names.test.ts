/**
 * Names that render as another name, through the real function handlers on in-memory stores: look-alike
 * sibling folders answer 409, labels are stored in NFC, and names stored before the rule (planted
 * straight into storage here) still list, and can be renamed or edited clean.
 */
import { beforeEach, describe, expect, it } from 'vitest'

import { mutateFolders } from '../../../../netlify/server/folders/folder-document'
import { createRecord } from '../../../../netlify/server/records/media-service'
import type { DocumentStore } from '../../../../netlify/server/storage/document-store'
import type { FolderId } from '../../../../src/contract/ids'
import type { Folder } from '../../../../src/contract/folder'
import { recordCreateSchema, type MediaRecord } from '../../../../src/contract/record'
import { freshStores, send, sendOk } from '../../../support/in-process-api'

let documents: DocumentStore
beforeEach(() => {
  documents = freshStores().documents
})

const createFolder = (name: string, parent_path = '/') =>
  send({ method: 'POST', path: '/api/folder-create', json: { name, parent_path } })

async function folders(): Promise<Folder[]> {
  return (await sendOk({ method: 'GET', path: '/api/folder-list' })).body as Folder[]
}

/** A folder as a client could store it before names refused invisible characters. */
async function plantFolder(name: string): Promise<Folder> {
  return mutateFolders(documents, (document) => {
    const folder = { id: document.next_id as FolderId, name, path: `/${name}`, parent_path: '/' }
    return {
      next: { ...document, next_id: document.next_id + 1, folders: [...document.folders, folder] },
      result: folder,
    }
  })
}

/** A record as a client could store it before: the schema is stepped around, as old data never met it. */
async function plantRecord(title: string, tags: string[], folder_path = '/'): Promise<MediaRecord> {
  const input = recordCreateSchema.parse({ media_url: 'https://cdn.example.test/a.png', folder_path })
  return createRecord(documents, { ...input, title, tags })
}

describe('look-alike sibling folders', () => {
  it.each([
    ['REPORTS', 'A folder named "Reports" already exists in /'],
    ['reports', 'A folder named "Reports" already exists in /'],
    [
      'Ｒｅｐｏｒｔｓ',
      'A folder named "Reports" already exists in /, and "Ｒｅｐｏｒｔｓ" reads as the same name; choose another.',
    ],
    [
      'ℜeports',
      'A folder named "Reports" already exists in /, and "ℜeports" reads as the same name; choose another.',
    ],
  ])('answers 409 to %j beside "Reports"', async (name, message) => {
    await sendOk({ method: 'POST', path: '/api/folder-create', json: { name: 'Reports' } })
    const answer = await createFolder(name)
    expect(answer.status).toBe(409)
    expect(answer.body).toEqual({ error: message })
    expect((await folders()).map((folder) => folder.name)).toEqual(['Reports'])
  })

  it.each([
    ['\u200b', 'an invisible character (U+200B ZERO WIDTH SPACE)'],
    ['\u200e', 'an invisible character (U+200E LEFT-TO-RIGHT MARK)'],
    ['\u2028', 'a line break (U+2028 LINE SEPARATOR)'],
    ['\u{e0072}', 'an invisible character (U+E0072 TAG LATIN SMALL LETTER R)'],
    ['\u2060', 'an invisible character (U+2060 WORD JOINER)'],
  ])('answers 400 to "Reports" holding %j, naming the character', async (character, named) => {
    await sendOk({ method: 'POST', path: '/api/folder-create', json: { name: 'Reports' } })
    const answer = await createFolder(`Re${character}ports`)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: `Folder name contains ${named}; remove it.` })
  })

  it('refuses a rename or a move that would put a look-alike beside a sibling', async () => {
    await sendOk({ method: 'POST', path: '/api/folder-create', json: { name: 'Reports' } })
    const other = (await sendOk({ method: 'POST', path: '/api/folder-create', json: { name: 'Other' } }))
      .body as Folder
    const renamed = await send({
      method: 'POST',
      path: `/api/folder-update/${String(other.id)}`,
      json: { name: 'ＲＥＰＯＲＴＳ' },
    })
    expect(renamed.status).toBe(409)
    // The same name under another parent is another folder.
    await sendOk({
      method: 'POST',
      path: '/api/folder-create',
      json: { name: 'Reports', parent_path: '/Other' },
    })
  })

  it('stores names in NFC, so a decomposed é finds the composed one taken', async () => {
    const created = (
      await sendOk({ method: 'POST', path: '/api/folder-create', json: { name: 'Cafe\u0301' } })
    ).body as Folder
    expect(created.name).toBe('Caf\u00e9')
    expect(created.path).toBe('/Caf\u00e9')
    expect((await createFolder('CAF\u00c9')).status).toBe(409)
  })
})

describe('records: labels in NFC, look-alike tags merged', () => {
  it('stores the title and tags in NFC and keeps the first spelling of look-alike tags', async () => {
    const { body } = await sendOk({
      method: 'POST',
      path: '/api/upload',
      json: {
        media_url: 'https://cdn.example.test/a.png',
        title: 'Cafe\u0301',
        tags: 'Photo, PHOTO, ｐｈｏｔｏ, cafe\u0301',
      },
    })
    const { record } = body as { record: MediaRecord }
    expect(record.title).toBe('Caf\u00e9')
    expect(record.tags).toEqual(['Photo', 'caf\u00e9'])

    const added = await sendOk({
      method: 'PATCH',
      path: `/api/update/${String(record.id)}`,
      json: { add_tags: 'CAFÉ, dawn' },
    })
    expect((added.body as { record: MediaRecord }).record.tags).toEqual(['Photo', 'caf\u00e9', 'dawn'])
  })

  it('refuses a hostile tag with 400 naming the character, in a single and a batch update', async () => {
    const record = await plantRecord('Clean', [])
    const single = await send({
      method: 'PATCH',
      path: `/api/update/${String(record.id)}`,
      json: { tags: 'evil\u202etxt.exe' },
    })
    expect(single.status).toBe(400)
    expect(single.body).toEqual({
      error: 'A tag contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    })
    const batch = await send({
      method: 'POST',
      path: '/api/batch-update',
      json: { updates: [{ id: record.id, fields: { add_tags: ['ding\u0007'] } }] },
    })
    expect(batch.status).toBe(400)
    expect(JSON.stringify(batch.body)).toContain(
      'A tag contains a control character (U+0007 BELL); remove it.',
    )
  })
})

describe('names stored before the rule', () => {
  it('still list, and a planted folder can be renamed clean and reached by its path meanwhile', async () => {
    await sendOk({ method: 'POST', path: '/api/folder-create', json: { name: 'Reports' } })
    const planted = await plantFolder('Re\u200bports')
    await plantRecord('Re\u2060ports', ['evil\u202etxt.exe', 'two\nlines'], planted.path)

    expect((await folders()).map((folder) => folder.name)).toEqual(['Reports', 'Re\u200bports'])
    const listed = await sendOk({ method: 'GET', path: '/api/media?limit=5000' })
    const [stored] = (listed.body as { records: MediaRecord[] }).records
    expect(stored?.tags).toEqual(['evil\u202etxt.exe', 'two\nlines'])
    expect((await sendOk({ method: 'GET', path: '/api/media-pages?shards=0-3' })).status).toBe(200)

    // A new file can still be put in it by path; renaming it to its look-alike's name is refused.
    await sendOk({
      method: 'POST',
      path: '/api/upload',
      json: { media_url: 'https://cdn.example.test/b.png', folder_path: planted.path },
    })
    const clash = await send({
      method: 'POST',
      path: `/api/folder-update/${String(planted.id)}`,
      json: { name: 'reports' },
    })
    expect(clash.status).toBe(409)
    const clean = await send({
      method: 'POST',
      path: `/api/folder-update/${String(planted.id)}`,
      json: { name: 'Reports (old)' },
    })
    expect(clean.status).toBe(200)
    expect((await folders()).map((folder) => folder.path)).toEqual(['/Reports', '/Reports (old)'])
  })

  it('refuses a write that sends the planted title back, and takes the clean one', async () => {
    const record = await plantRecord('Re\u200bports', ['ok'])
    const again = await send({
      method: 'PATCH',
      path: `/api/update/${String(record.id)}`,
      json: { title: record.title },
    })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({
      error: 'Title contains an invisible character (U+200B ZERO WIDTH SPACE); remove it.',
    })
    const notes = await sendOk({
      method: 'PATCH',
      path: `/api/update/${String(record.id)}`,
      json: { notes: 'fine' },
    })
    expect((notes.body as { record: MediaRecord }).record.title).toBe('Re\u200bports')
    const clean = await sendOk({
      method: 'PATCH',
      path: `/api/update/${String(record.id)}`,
      json: { title: 'Reports' },
    })
    expect((clean.body as { record: MediaRecord }).record.title).toBe('Reports')
  })
})
