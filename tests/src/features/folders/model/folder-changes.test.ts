import { describe, expect, it } from 'vitest'

import type { Folder } from '../../../../../src/contract/folder'
import type { FolderId } from '../../../../../src/contract/ids'
import {
  deleteFolderMessage,
  filesWithin,
  moveProblem,
  movedPath,
  withFolderMoved,
  withoutFolder,
} from '../../../../../src/features/folders/model/folder-changes'
import { applyChange, withFilesMoved } from '../../../../../src/lib/record-changes'
import { listedRecord } from '../../../../support/listed-record'

const folder = (id: number, path: string): Folder => {
  const cut = path.lastIndexOf('/')
  return {
    id: id as FolderId,
    name: path.slice(cut + 1),
    path,
    parent_path: cut <= 0 ? '/' : path.slice(0, cut),
  }
}

const FOLDERS = [
  folder(1, '/Photos'),
  folder(2, '/Photos/Raw'),
  folder(3, '/Photos/Raw/Day 1'),
  folder(4, '/Photos/Raw/Day 2'),
  folder(5, '/Photos/Rawer'),
  folder(6, '/Press'),
]

const records = (paths: string[]) =>
  paths.map((folder_path, id) => listedRecord(id + 1, { title: `f${String(id)}`, folder_path }))

describe('movedPath', () => {
  it('moves paths inside the folder and leaves others, even with the same prefix', () => {
    expect(movedPath('/Photos/Raw', '/Photos/Raw', '/Negatives')).toBe('/Negatives')
    expect(movedPath('/Photos/Raw/Day 1', '/Photos/Raw', '/Negatives')).toBe('/Negatives/Day 1')
    expect(movedPath('/Photos/Rawer', '/Photos/Raw', '/Negatives')).toBe('/Photos/Rawer')
    expect(movedPath('/Press', '/', '/X')).toBe('/Press')
  })
})

describe('withFolderMoved and withoutFolder', () => {
  it('renames the subtree in path order, as the folder list comes from the server', () => {
    const moved = withFolderMoved(FOLDERS, folder(2, '/Photos/Raw'), 'Raw', '/Press')
    expect(moved.map(({ path }) => path)).toEqual([
      '/Photos',
      '/Photos/Rawer',
      '/Press',
      '/Press/Raw',
      '/Press/Raw/Day 1',
      '/Press/Raw/Day 2',
    ])
    expect(moved.find(({ id }) => id === 3)).toEqual({ ...folder(3, '/Press/Raw/Day 1'), id: 3 })
  })

  it('drops the folder and those below it only', () => {
    expect(withoutFolder(FOLDERS, folder(2, '/Photos/Raw')).map(({ id }) => id)).toEqual([1, 5, 6])
  })
})

describe('withFilesMoved', () => {
  it('moves the files inside and keeps the same array when none is inside', () => {
    const list = records(['/Photos/Raw', '/Photos/Raw/Day 1', '/Photos/Rawer'])
    const moved = applyChange(list, withFilesMoved('/Photos/Raw', '/X'))
    expect(moved.map(({ folder_path }) => folder_path)).toEqual(['/X', '/X/Day 1', '/Photos/Rawer'])
    const flattened = applyChange(list, withFilesMoved('/Photos/Raw', '/Photos', true))
    expect(flattened.map(({ folder_path }) => folder_path)).toEqual(['/Photos', '/Photos', '/Photos/Rawer'])
    expect(applyChange(list, withFilesMoved('/Press', '/Y'))).toBe(list)
  })
})

describe('moveProblem', () => {
  it('refuses the folder itself, its subfolders and a name a sibling holds, in the server words', () => {
    const raw = folder(2, '/Photos/Raw')
    expect(moveProblem(FOLDERS, raw, 'Raw', '/Photos/Raw')).toBe(
      'A folder cannot be moved into itself or one of its subfolders',
    )
    expect(moveProblem(FOLDERS, raw, 'Raw', '/Photos/Raw/Day 1')).not.toBeNull()
    expect(moveProblem(FOLDERS, raw, 'rawer', '/Photos')).toBe(
      'A folder named "Rawer" already exists in /Photos',
    )
    expect(moveProblem(FOLDERS, raw, 'ＲＡＷＥＲ', '/Photos')).toBe(
      'A folder named "Rawer" already exists in /Photos, and "ＲＡＷＥＲ" reads as the same name; choose another.',
    )
    expect(moveProblem(FOLDERS, raw, 'RAW', '/Photos')).toBeNull()
    expect(moveProblem(FOLDERS, raw, 'Raw', '/')).toBeNull()
  })
})

describe('deleteFolderMessage', () => {
  it('counts subfolders and the files in the whole subtree, and names where they go', () => {
    // Files in each folder path, as the engine's facts count them.
    const counts = new Map([
      ['/Photos/Raw', 2],
      ['/Photos/Raw/Day 1', 1],
      ['/Photos/Rawer', 1],
      ['/Photos', 1],
    ])
    expect(filesWithin(counts, '/Photos/Raw')).toBe(3)
    expect(deleteFolderMessage(FOLDERS, folder(2, '/Photos/Raw'), counts)).toBe(
      'The folder and its 2 subfolders are removed. Its 3 files move to Photos.',
    )
    expect(deleteFolderMessage(FOLDERS, folder(3, '/Photos/Raw/Day 1'), counts)).toBe(
      'The folder is removed. Its 1 file moves to Raw.',
    )
    expect(deleteFolderMessage(FOLDERS, folder(6, '/Press'), counts)).toBe(
      'The folder is removed. It holds no files.',
    )
    expect(deleteFolderMessage(FOLDERS, folder(1, '/Photos'), counts)).toBe(
      'The folder and its 4 subfolders are removed. Its 5 files move to Uncategorized.',
    )
  })
})
