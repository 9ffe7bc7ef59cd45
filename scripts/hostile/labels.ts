/**
 * Labels that render as another label: folders beside "Reports" that look like it, and titles and tags
 * holding invisible, control, line-break or text direction characters. Each must be refused: 400 for a
 * character a label may not hold, 409 for a sibling folder that reads as the same name.
 */

import { call, createRecord, findRecord, record } from './client.ts'

/** A name beside "Reports", the answer it must get, and what it tries. */
const LOOK_ALIKE_FOLDERS: readonly [string, 400 | 409, string][] = [
  ['Re\u200bports', 400, 'a zero-width space'],
  ['Re\u200cports', 400, 'a zero-width non-joiner'],
  ['Re\u200dports', 400, 'a zero-width joiner'],
  ['\u200eReports', 400, 'a left-to-right mark'],
  ['Reports\u200f', 400, 'a right-to-left mark'],
  ['Re\u2028ports', 400, 'a line separator'],
  ['Re\u2029ports', 400, 'a paragraph separator'],
  ['Reports\u{e0001}\u{e0072}\u{e007f}', 400, 'tag characters'],
  ['Re\u2060ports', 400, 'a word joiner'],
  ['Re\ufeffports', 400, 'a byte order mark inside'],
  ['Re\u00adports', 400, 'a soft hyphen'],
  ['Reports\u3164', 400, 'a Hangul filler'],
  ['\u202eReports', 400, 'a right-to-left override'],
  ['\u2066Reports\u2069', 400, 'an isolate'],
  ['Re\tports', 400, 'a tab'],
  ['REPORTS', 409, 'capitals'],
  ['Ｒｅｐｏｒｔｓ', 409, 'fullwidth letters'],
  ['ℜeports', 409, 'a black-letter R'],
  ['Reports\u00a0', 409, 'a trailing no-break space'],
]

/** Tags a hostile client stored, and a title holding the same kinds of characters. */
const HOSTILE_TAGS: readonly [string, string][] = [
  ['evil\u202etxt.exe', 'a right-to-left override'],
  ['two\nlines', 'a line break'],
  ['ding\u0007', 'a bell'],
  ['ph\u200boto', 'a zero-width space'],
  ['photo\u{e0020}', 'a tag space'],
]

const HOSTILE_TITLES: readonly [string, string][] = [
  ['Re\u200bports', 'a zero-width space'],
  ['invoice\u202efdp.exe', 'a right-to-left override'],
  ['two\u2028lines', 'a line separator'],
  ['ding\u0007', 'a bell'],
  ['Re\u2060ports', 'a word joiner'],
]

export async function checkLookAlikeFolders(): Promise<void> {
  const parent = await call('POST', '/api/folder-create', {
    name: `hostile-labels-${String(Date.now())}`,
  })
  const parentFolder = parent.json as { id?: number; path?: string } | null
  if (parent.status !== 201 || parentFolder?.path === undefined) {
    record('labels: a parent folder for the look-alikes', '201', String(parent.status), true)
    return
  }
  try {
    const reports = await call('POST', '/api/folder-create', {
      name: 'Reports',
      parent_path: parentFolder.path,
    })
    record('labels: "Reports"', '201', String(reports.status), reports.status !== 201)
    let refused = 0
    for (const [name, expected, what] of LOOK_ALIKE_FOLDERS) {
      const answer = await call('POST', '/api/folder-create', { name, parent_path: parentFolder.path })
      const error = typeof answer.json?.error === 'string' ? answer.json.error : ''
      if (answer.status === expected) refused++
      record(
        `labels: a folder beside "Reports" with ${what}`,
        String(expected),
        `${String(answer.status)} ${error}`,
        answer.status !== expected && answer.status < 300,
      )
    }
    console.log(
      `labels: ${String(refused)} of ${String(LOOK_ALIKE_FOLDERS.length)} look-alike folders refused`,
    )
  } finally {
    // Deleting the parent removes "Reports" and anything that got in beside it.
    if (parentFolder.id !== undefined) await call('DELETE', `/api/folder-delete/${String(parentFolder.id)}`)
  }
}

export async function checkHostileTagsAndTitles(): Promise<void> {
  const created = await createRecord({
    media_url: 'https://cdn.example.com/hostile/labels.png',
    title: 'labels',
    tags: ['Photo'],
  })
  const id = created.data?.id
  if (id === undefined) {
    record('labels: a record to edit', '201', String(created.status), true)
    return
  }
  let refused = 0
  const tried = HOSTILE_TAGS.length * 3 + HOSTILE_TITLES.length * 2
  const expect400 = (check: string, answer: { status: number; json: Record<string, unknown> | null }) => {
    const error = typeof answer.json?.error === 'string' ? answer.json.error : ''
    if (answer.status === 400) refused++
    record(check, '400 naming the character', `${String(answer.status)} ${error}`, answer.status !== 400)
  }
  for (const [tag, what] of HOSTILE_TAGS) {
    expect400(`labels: a tag with ${what}`, await call('PATCH', `/api/update/${String(id)}`, { tags: [tag] }))
    expect400(
      `labels: add_tags with ${what}`,
      await call('PATCH', `/api/update/${String(id)}`, { add_tags: tag }),
    )
    expect400(
      `labels: a batch update's tag with ${what}`,
      await call('POST', '/api/batch-update', { updates: [{ id, fields: { tags: tag } }] }),
    )
  }
  for (const [title, what] of HOSTILE_TITLES) {
    expect400(`labels: a title with ${what}`, await call('PATCH', `/api/update/${String(id)}`, { title }))
    const upload = await createRecord({ media_url: 'https://cdn.example.com/hostile/title.png', title })
    expect400(`labels: a new record titled with ${what}`, {
      status: upload.status,
      json: { error: upload.error },
    })
  }
  console.log(`labels: ${String(refused)} of ${String(tried)} hostile tags and titles refused`)

  const added = await call('PATCH', `/api/update/${String(id)}`, { add_tags: 'ＰＨＯＴＯ, photo' })
  const stored = await findRecord(id)
  record(
    'labels: adding a tag the record has in a look-alike spelling',
    '200, tags unchanged',
    `${String(added.status)}, tags ${JSON.stringify(stored?.tags ?? null)}`,
    added.status !== 200 || JSON.stringify(stored?.tags) !== JSON.stringify(['Photo']),
  )
}
