import { describe, expect, it } from 'vitest'

import type { ActivityAction, ActivityEvent } from '../../../../../src/contract/activity'
import { actedOn, linkedFolder, namedFile } from '../../../../../src/features/activity/model/activity-words'

const event = (
  action: ActivityAction,
  fileIds: number[],
  detail: Record<string, unknown> = {},
): ActivityEvent => ({
  id: '8234567890123-abcdefgh',
  at: '2026-12-07T10:00:00.000Z',
  actor: { type: 'person', id: 'p_ada', name: 'Ada' },
  action,
  file_ids: fileIds,
  detail,
})

describe('what an activity line says was acted on', () => {
  it('names one file by the title the event kept, else by its id, and many by how many', () => {
    expect(actedOn(event('file.created', [6], { title: 'Beach sunset' }), true)).toBe(' “Beach sunset”')
    expect(actedOn(event('file.created', [6]), true)).toBe(' file 6')
    expect(actedOn(event('file.deleted', [1, 2, 3]), true)).toBe(' 3 files')
    expect(actedOn(event('share.created', [6], { share_id: 's_1' }), true)).toBe(' for file 6')
    // In one file's own history the file goes without saying.
    expect(actedOn(event('file.created', [6], { title: 'Beach sunset' }), false)).toBe('')
  })

  it('names the one file a line can link to, and none for several', () => {
    expect(namedFile(event('share.created', [6], { title: 'Pier' }))).toEqual({
      id: 6,
      before: ' for',
      name: '“Pier”',
    })
    expect(namedFile(event('file.moved', [6]))).toEqual({ id: 6, before: '', name: 'file 6' })
    expect(namedFile(event('file.deleted', [1, 2]))).toBeNull()
    expect(namedFile(event('folder.created', []))).toBeNull()
  })

  it('links the folder a move sent files to, and one made or renamed, but not the top level or one deleted', () => {
    expect(linkedFolder(event('file.moved', [4], { folder_path: '/Archive' }))).toBe('/Archive')
    expect(linkedFolder(event('folder.updated', [], { folder_path: '/B', previous_path: '/A' }))).toBe('/B')
    expect(linkedFolder(event('file.moved', [4], { folder_path: '/' }))).toBeNull()
    expect(linkedFolder(event('folder.deleted', [], { folder_path: '/Old' }))).toBeNull()
  })

  it('says where a move sent the files, and which folder a folder event was about', () => {
    expect(actedOn(event('file.moved', [4, 5], { folder_path: '/Archive' }), true)).toBe(
      ' 2 files to /Archive',
    )
    expect(actedOn(event('file.moved', [4], { title: 'Jingle', folder_path: '/' }), false)).toBe(' to /')
    expect(actedOn(event('folder.created', [], { folder_id: 2, folder_path: '/Campaigns/2026' }), true)).toBe(
      ' /Campaigns/2026',
    )
    expect(
      actedOn(
        event('folder.updated', [], { folder_path: '/Events/2026', previous_path: '/Campaigns/2026' }),
        true,
      ),
    ).toBe(' /Campaigns/2026 → /Events/2026')
    expect(actedOn(event('folder.deleted', [], { folder_path: '/Old', moved_files: 3 }), true)).toBe(' /Old')
  })

  it('names the person, the token and the address a sign-in failed for', () => {
    expect(actedOn(event('person.invited', [], { email: 'dana@example.com', role: 'viewer' }), true)).toBe(
      ' dana@example.com as viewer',
    )
    expect(
      actedOn(event('person.role_changed', [], { email: 'dana@example.com', role: 'editor' }), true),
    ).toBe(': dana@example.com is now editor')
    expect(actedOn(event('person.joined', [], { role: 'viewer' }), true)).toBe(' as viewer')
    expect(actedOn(event('token.created', [], { name: 'CI deploys', scope: 'editor' }), true)).toBe(
      ' “CI deploys”',
    )
    expect(actedOn(event('access.sign_in_failed', [], { email: 'x@example.com' }), true)).toBe(
      ' as x@example.com',
    )
    expect(actedOn(event('webflow.sync_all_started', [], { queued: 12 }), true)).toBe(' (12 files queued)')
  })

  it('says nothing of a detail of the wrong kind, as an old or hand-made event may hold', () => {
    expect(actedOn(event('file.created', [6], { title: 42 }), true)).toBe(' file 6')
    expect(actedOn(event('file.moved', [6], { folder_path: '' }), false)).toBe('')
    expect(actedOn(event('person.invited', [], { email: ['a'] }), true)).toBe('')
  })
})
