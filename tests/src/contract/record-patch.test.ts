import { describe, expect, it } from 'vitest'

import { RECORD_DEFAULTS, type MediaRecord, type RecordPatch } from '../../../src/contract/record'
import { patchFields } from '../../../src/contract/record-patch'
import { applyPatch } from '../../../netlify/server/records/record-model'
import { patchRecord } from '../../../src/lib/record-changes'
import { listedRecord } from '../../support/listed-record'

const RECORD = listedRecord(7, {
  title: 'Cat',
  description: 'A cat',
  file_type: 'image/jpeg',
  media_url: '/api/files/up_1/cat.jpg',
  file_size: 10,
  tags: ['Pets', 'Summer'],
  notes: 'n',
  station: 's',
  author: 'Ann',
})

describe('the patch rule', () => {
  it('keeps the fields an edit leaves out', () => {
    expect(patchFields(RECORD, { notes: 'new' })).toEqual({ ...RECORD, notes: 'new' })
  })

  it('falls back to the defaults for a blank title, category or author, but keeps a blank description', () => {
    expect(patchFields(RECORD, { title: '', category: '', author: '', description: '' })).toMatchObject({
      title: RECORD_DEFAULTS.title,
      category: RECORD_DEFAULTS.category,
      author: RECORD_DEFAULTS.author,
      description: '',
    })
  })

  it('sets alt text, keeps it when left out and clears it when blank', () => {
    const described = patchFields(RECORD, { alt_text: 'A cat on a mat' })
    expect(described.alt_text).toBe('A cat on a mat')
    expect(patchFields(described, { title: 'Mat' }).alt_text).toBe('A cat on a mat')
    expect(patchFields(described, { alt_text: '' }).alt_text).toBe('')
  })

  it('replaces tags, then adds the missing ones and drops removed ones whatever their case', () => {
    expect(patchFields(RECORD, { tags: ['a', 'b'] }).tags).toEqual(['a', 'b'])
    expect(patchFields(RECORD, { add_tags: ['Pets', 'New'] }).tags).toEqual(['Pets', 'Summer', 'New'])
    expect(patchFields(RECORD, { remove_tags: ['pets'] }).tags).toEqual(['Summer'])
    expect(patchFields(RECORD, { tags: ['x'], add_tags: ['y'], remove_tags: ['X'] }).tags).toEqual(['y'])
  })

  it('is the rule of both the server and the screen, which differ only in what the server adds', () => {
    const now = new Date('2026-02-02T00:00:00.000Z')
    const mirrored: MediaRecord = {
      ...RECORD,
      webflow: { state: 'synced', item_id: 'w1', revision: 2, updated_at: RECORD.updated_at },
    }
    const patches: RecordPatch[] = [
      { title: '' },
      { add_tags: ['pets', 'Dogs'], remove_tags: ['summer'] },
      { category: 'Video', author: 'Bo', station: '' },
      { alt_text: 'A cat' },
    ]
    for (const patch of patches) {
      const { updated_at, webflow, ...stored } = applyPatch(mirrored, patch, now, true)
      const { updated_at: _before, webflow: _mirror, ...shown } = patchRecord(mirrored, patch)
      expect(stored).toEqual(shown)
      expect(updated_at).toBe(now.toISOString())
      expect(webflow).toMatchObject({ state: 'pending', revision: 3 })
    }
  })
})
