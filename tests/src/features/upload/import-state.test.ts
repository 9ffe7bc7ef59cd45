import { describe, expect, it } from 'vitest'

import { INITIAL_SHARED } from '../../../../src/features/upload/batch-state'
import {
  importFieldsOf,
  importList,
  importReducer,
  NO_IMPORT,
  type ImportEvent,
} from '../../../../src/features/upload/import-state'
import { IMPORT_WORDS } from '../../../../src/features/upload/messages'

const a = 'https://example.com/a.jpg'
const b = 'https://example.com/b.pdf'
const after = (events: readonly ImportEvent[]) => events.reduce(importReducer, NO_IMPORT)

describe('the addresses a press of Import starts with', () => {
  it('takes one address a line, dropping blank lines and repeats', () => {
    expect(importList(`${a}\n\n  ${b}  \r\n${a}\n`, [])).toEqual([
      { url: a, status: 'waiting' },
      { url: b, status: 'waiting' },
    ])
  })

  it('says why when there is no address, or more than 10', () => {
    expect(importList(' \n', [])).toBe(IMPORT_WORDS.none)
    const eleven = Array.from({ length: 11 }, (_, index) => `https://example.com/${String(index)}.jpg`)
    expect(importList(eleven.join('\n'), [])).toBe(IMPORT_WORDS.tooMany(11, 10))
  })

  it('keeps those an earlier press imported as done, so a second press retries only the failed', () => {
    const before = [
      { url: a, status: 'done' as const },
      { url: b, status: 'failed' as const, error: 'Not found' },
    ]
    expect(importList(`${a}\n${b}`, before)).toEqual([
      { url: a, status: 'done' },
      { url: b, status: 'waiting' },
    ])
  })
})

describe('the steps of an import', () => {
  it('goes from waiting through importing to imported or failed, each address on its own', () => {
    const started = after([
      { type: 'typed', text: `${a}\n${b}` },
      {
        type: 'started',
        items: [
          { url: a, status: 'waiting' },
          { url: b, status: 'waiting' },
        ],
      },
      { type: 'importing', url: a },
    ])
    expect(started.running).toBe(true)
    expect(started.items.map((item) => item.status)).toEqual(['importing', 'waiting'])
    const ended = (
      [
        { type: 'imported', url: a },
        { type: 'importing', url: b },
        { type: 'failed', url: b, error: 'The server answered 404' },
        { type: 'ended' },
      ] as const
    ).reduce(importReducer, started)
    expect(ended).toEqual({
      text: `${a}\n${b}`,
      items: [
        { url: a, status: 'done' },
        { url: b, status: 'failed', error: 'The server answered 404' },
      ],
      running: false,
    })
  })

  it('ignores an import that ends after the dialog was closed', () => {
    const closed = after([{ type: 'started', items: [{ url: a, status: 'waiting' }] }, { type: 'reset' }])
    expect(closed).toBe(NO_IMPORT)
    expect(importReducer(closed, { type: 'imported', url: a })).toBe(NO_IMPORT)
  })
})

describe("an imported file's fields", () => {
  it('are the shared details and the destination, the category only once the person chose one', () => {
    const shared = { ...INITIAL_SHARED, tags: 'sea, dawn', author: '  Ines ' }
    expect(importFieldsOf(shared, '/Harbour')).toEqual({
      description: '',
      tags: ['sea', 'dawn'],
      author: 'Ines',
      folder_path: '/Harbour',
    })
    const chosen = importFieldsOf({ ...shared, category: 'documents', categoryChanged: true }, '/')
    expect(chosen.category).toBe('Documents')
  })
})
