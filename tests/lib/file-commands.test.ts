import { Star } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'

import type { MediaRecord } from '../../src/contract/record'
import {
  bindCommands,
  commandsOn,
  FILE_COMMANDS,
  recordCommands,
  type ActionName,
  type CommandHandlers,
  type FileCommand,
} from '../../src/lib/file-action'
import { SCREEN_KEYS } from '../../src/lib/shortcuts'

function handlers(extra: Partial<CommandHandlers> = {}): CommandHandlers {
  return {
    view: vi.fn(),
    edit: vi.fn(),
    rename: vi.fn(),
    copyLinks: vi.fn(),
    downloadOne: vi.fn(),
    downloadMany: vi.fn(),
    confirmDelete: vi.fn(),
    openBulk: vi.fn(),
    ...extra,
  }
}

const labels = (actions: readonly { label: string }[]) => actions.map((action) => action.label)

const star = vi.fn()
/** A command that only the bulk panel and Details show, with a key of its own. */
const dummy: FileCommand = {
  name: 'star' as ActionName,
  label: 'Star',
  icon: Star,
  shows: { bulk: { order: 1.5 }, details: { order: -1, label: 'Star it' } },
  shortcut: { keys: ['S'], label: 'Star the selected files', test: (event) => event.key === 's' },
  perform: (_on, targets) => {
    star(targets)
  },
}
const registry = [...FILE_COMMANDS, dummy]

describe('the registered file commands', () => {
  it("give each surface its labels and order: the spec's four first on the right-click menu, then the rest", () => {
    const on = handlers({ replace: vi.fn() })
    const bound = bindCommands(on)
    expect(labels(bound.context)).toEqual([
      'View Details',
      'Edit',
      'Download',
      'Delete',
      'Rename',
      'Move to…',
      'Copy link',
      'Replace file…',
    ])
    expect(bound.context.filter((action) => action.startsGroup).map((action) => action.label)).toEqual([
      'Rename',
    ])
    expect(labels(bound.bulk)).toEqual(['Move', 'Update', 'Delete', 'Download', 'Copy link'])
    expect(labels(commandsOn('card'))).toEqual(['View', 'Edit', 'Download'])
    expect(labels(commandsOn('details'))).toEqual([
      'Delete',
      'Edit',
      'Replace file…',
      'Copy link',
      'Download',
    ])
    expect(bound.all.filter((action) => action.shortcut).map((action) => action.shortcut)).toEqual([
      SCREEN_KEYS.rename,
      SCREEN_KEYS.delete,
    ])
  })

  it('leave Replace file out everywhere when the screen does not offer it', () => {
    const bound = bindCommands(handlers())
    expect(labels(bound.context)).not.toContain('Replace file…')
    expect(bound.all.map((action) => action.name)).not.toContain('replace')
  })

  it('show a new command on the surfaces it declares, in its place there, and nowhere else', () => {
    const bound = bindCommands(handlers(), registry)
    expect(labels(bound.bulk)).toEqual(['Move', 'Star', 'Update', 'Delete', 'Download', 'Copy link'])
    expect(labels(bound.context)).not.toContain('Star')
    expect(labels(commandsOn('card', registry))).not.toContain('Star')
    expect(labels(commandsOn('details', registry))[0]).toBe('Star it')
    expect(bound.all.find((action) => action.shortcut?.keys[0] === 'S')?.name).toBe('star')

    const files = [{ id: 1 }, { id: 2 }] as MediaRecord[]
    bound.bulk.find((action) => action.label === 'Star')?.perform(files, 'bulk')
    expect(star).toHaveBeenCalledWith(files)
  })

  it('run each command through the handler it names, on one file or on the selection', () => {
    const on = handlers()
    const bound = bindCommands(on)
    const file = { id: 3 } as MediaRecord
    const byName = (name: ActionName, list = bound.all) => list.find((action) => action.name === name)
    byName('delete')?.perform([file], 'context')
    expect(on.confirmDelete).toHaveBeenCalledWith(file)
    byName('delete')?.perform([file], 'bulk')
    expect(on.openBulk).toHaveBeenCalledWith('bulk-delete', [file])
    byName('download')?.perform([file], 'context')
    expect(on.downloadOne).toHaveBeenCalledWith(file)
    byName('download')?.perform([file], 'bulk')
    expect(on.downloadMany).toHaveBeenCalledWith([file])
    byName('rename')?.perform([file], 'context')
    expect(on.rename).toHaveBeenCalledWith(file)
  })

  it('give a one-file surface only the commands it has a runner for', () => {
    const edit = vi.fn()
    const shown = recordCommands('details', { edit, download: undefined })
    expect(labels(shown)).toEqual(['Edit'])
    shown[0]?.run({ id: 4 } as MediaRecord)
    expect(edit).toHaveBeenCalledWith({ id: 4 })
  })
})
