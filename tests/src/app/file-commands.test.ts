import { Star } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'

import { FILE_COMMANDS } from '../../../src/app/file-commands'
import type { MediaRecord } from '../../../src/contract/record'
import {
  bindCommands,
  commandsOn,
  type FileCommand,
  type FileCommandServices,
} from '../../../src/features/commands'
import { SCREEN_KEYS } from '../../../src/lib/shortcuts'

function services(): FileCommandServices {
  return {
    cache: {} as FileCommandServices['cache'],
    open: vi.fn(),
    recordById: vi.fn(),
    view: vi.fn(),
    rename: vi.fn(),
    copyLinks: vi.fn(),
    undoDelete: vi.fn(),
    folderAt: vi.fn(),
    moveOptions: [],
    aimFocusPast: vi.fn(),
    focusAfterDelete: vi.fn(),
    afterBulk: vi.fn(),
  }
}

const labels = (actions: readonly { label: string }[]) => actions.map((action) => action.label)

/** The bulk panel's labels in the order the command modules give; held to the spec's order once, below. */
const bulkLabels = labels(commandsOn('bulk', FILE_COMMANDS))

const STAR_BULK_ORDER = 1.5

const star = vi.fn()
/** A command that only the bulk panel and Details show, with a key of its own. */
const dummy: FileCommand = {
  name: 'star',
  label: 'Star',
  icon: Star,
  shows: { bulk: { order: STAR_BULK_ORDER }, details: { order: -1, label: 'Star it' } },
  shortcut: { keys: ['S'], label: 'Star the selected files', test: (event) => event.key === 's' },
  perform: (_services, targets) => {
    star(targets)
  },
}
const registry = [...FILE_COMMANDS, dummy]

describe('the registered file commands', () => {
  it("give each surface its labels and order: the spec's four first on the right-click menu, then the rest", () => {
    const bound = bindCommands(services(), FILE_COMMANDS)
    expect(labels(bound.context)).toEqual([
      'View Details',
      'Edit',
      'Download',
      'Delete',
      'Rename',
      'Move to…',
      'Copy link',
      'Share link (expires)…',
      'Replace file…',
    ])
    expect(bound.context.filter((action) => action.startsGroup).map((action) => action.label)).toEqual([
      'Rename',
    ])
    expect(labels(bound.bulk)).toEqual(bulkLabels)
    expect(labels(bound.card)).toEqual(['View', 'Edit', 'Download'])
    expect(labels(bound.details)).toEqual(['Delete', 'Edit', 'Replace file…', 'Copy link', 'Download'])
    expect(bound.all.filter((action) => action.shortcut).map((action) => action.shortcut)).toEqual([
      SCREEN_KEYS.rename,
      SCREEN_KEYS.delete,
    ])
  })

  it("put the bulk panel in spec section 4's order of the bulk operation types (move, update, delete, download), then Copy link", () => {
    expect(bulkLabels).toEqual(['Move', 'Update', 'Delete', 'Download', 'Copy link'])
  })

  it('leave a command out everywhere when the screen does not enable it', () => {
    const hidden: FileCommand = { ...dummy, enabled: () => false }
    const bound = bindCommands(services(), [...FILE_COMMANDS, hidden])
    expect(labels(bound.bulk)).not.toContain('Star')
    expect(bound.all.map((action) => action.name)).not.toContain('star')
  })

  it('show a new command on the surfaces it declares, in its place there, and nowhere else', () => {
    const bound = bindCommands(services(), registry)
    const shown = labels(bound.bulk)
    expect(shown.filter((label) => label !== 'Star')).toEqual(bulkLabels)
    const placedBefore = commandsOn('bulk', FILE_COMMANDS).filter(
      ({ placement }) => placement.order < STAR_BULK_ORDER,
    )
    expect(shown.indexOf('Star')).toBe(placedBefore.length)
    expect(labels(bound.context)).not.toContain('Star')
    expect(labels(commandsOn('card', registry))).not.toContain('Star')
    expect(labels(bound.details)[0]).toBe('Star it')
    expect(bound.all.find((action) => action.shortcut?.keys[0] === 'S')?.name).toBe('star')

    const files = [{ id: 1 }, { id: 2 }] as MediaRecord[]
    bound.bulk.find((action) => action.label === 'Star')?.perform(files, 'bulk')
    expect(star).toHaveBeenCalledWith(files)
  })

  it("run each command through the screen's services or its own dialog, on one file or on the selection", () => {
    const on = services()
    const bound = bindCommands(on, FILE_COMMANDS)
    const file = { id: 3 } as MediaRecord
    const byName = (name: string) => bound.all.find((action) => action.name === name)
    byName('delete')?.perform([file], 'context')
    expect(on.open).toHaveBeenLastCalledWith('delete', [file], 'one')
    byName('delete')?.perform([file], 'bulk')
    expect(on.open).toHaveBeenLastCalledWith('delete', [file])
    byName('move')?.perform([file], 'context')
    expect(on.open).toHaveBeenLastCalledWith('move', [file])
    byName('edit')?.perform([file], 'context')
    expect(on.open).toHaveBeenLastCalledWith('edit', [file])
    byName('rename')?.perform([file], 'context')
    expect(on.rename).toHaveBeenCalledWith(file)
    byName('copy-link')?.perform([file], 'bulk')
    expect(on.copyLinks).toHaveBeenCalledWith([file])
    expect(byName('move')?.hasDialog).toBe(true)
    expect(byName('rename')?.hasDialog).toBe(false)
  })

  it('have one module each: a unique name, and a dialog only where one opens', () => {
    const names = FILE_COMMANDS.map((command) => command.name)
    expect(new Set(names).size).toBe(names.length)
    expect(FILE_COMMANDS.filter((command) => command.dialog).map((command) => command.name)).toEqual([
      'edit',
      'replace',
      'share',
      'move',
      'update',
      'delete',
    ])
  })
})
