import { describe, expect, it } from 'vitest'

import { mediaRecordSchema } from '../../src/contract/record'
import { api } from '../support/api-client'
import { createFolder, expectClientError, listFolders, uniqueName, uploadRecord } from '../support/api-steps'

describe('folder names that render as another name', () => {
  it('answers 409 for a look-alike sibling and 400, naming the character, for an invisible one', async () => {
    const parent = await createFolder(uniqueName('Labels'))
    await createFolder('Reports', parent.path)
    const attempt = (name: string) => api('POST', '/api/folder-create', { name, parent_path: parent.path })

    for (const name of ['REPORTS', 'Ｒｅｐｏｒｔｓ', 'ℜeports']) {
      expect(expectClientError(await attempt(name), 409)).toMatch(
        new RegExp(`^A folder named "Reports" already exists in ${parent.path}`),
      )
    }
    expect(expectClientError(await attempt('Re\u200bports'), 400)).toBe(
      'Folder name contains an invisible character (U+200B ZERO WIDTH SPACE); remove it.',
    )
    expect(expectClientError(await attempt('Re\u{e0072}ports'), 400)).toBe(
      'Folder name contains an invisible character (U+E0072 TAG LATIN SMALL LETTER R); remove it.',
    )
    expect(expectClientError(await attempt('Reports\u2028x'), 400)).toBe(
      'Folder name contains a line break (U+2028 LINE SEPARATOR); remove it.',
    )
    const names = (await listFolders()).filter((folder) => folder.parent_path === parent.path)
    expect(names.map((folder) => folder.name)).toEqual(['Reports'])
  })

  it('stores a name in NFC', async () => {
    const parent = await createFolder(uniqueName('Labels'))
    const folder = await createFolder('Cafe\u0301', parent.path)
    expect(folder.name).toBe('Caf\u00e9')
  })
})

describe('titles and tags that render as something else', () => {
  it('refuses a bidi override, a line break and a bell in tags, and a hidden character in a title', async () => {
    const record = await uploadRecord()
    const update = (json: Record<string, unknown>) => api('PATCH', `/api/update/${String(record.id)}`, json)
    expect(expectClientError(await update({ tags: 'evil\u202etxt.exe' }), 400)).toBe(
      'A tag contains a text direction control (U+202E RIGHT-TO-LEFT OVERRIDE); remove it.',
    )
    expect(expectClientError(await update({ tags: ['two\nlines'] }), 400)).toBe(
      'A tag contains a line break (U+000A LINE FEED); remove it.',
    )
    expect(expectClientError(await update({ add_tags: 'ding\u0007' }), 400)).toBe(
      'A tag contains a control character (U+0007 BELL); remove it.',
    )
    expect(expectClientError(await update({ title: 'Re\u2060ports' }), 400)).toBe(
      'Title contains an invisible character (U+2060 WORD JOINER); remove it.',
    )
  })

  it('stores labels in NFC, merges look-alike tags and adds a look-alike as nothing', async () => {
    const record = await uploadRecord({ title: 'Cafe\u0301', tags: 'Photo, PHOTO' })
    expect(record.title).toBe('Caf\u00e9')
    expect(record.tags).toEqual(['Photo'])
    const response = await api('PATCH', `/api/update/${String(record.id)}`, { add_tags: 'ｐｈｏｔｏ, sea' })
    expect(response.status, response.text).toBe(200)
    const { record: updated } = response.body as { record: unknown }
    expect(mediaRecordSchema.parse(updated).tags).toEqual(['Photo', 'sea'])
  })
})
