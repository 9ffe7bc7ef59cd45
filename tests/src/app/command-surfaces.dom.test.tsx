import { render, screen, within } from '@testing-library/react'
import { Star } from 'lucide-react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { ShortcutsDialog } from '../../../src/app/shortcuts-dialog'
import { mediaRecordSchema, type MediaRecord } from '../../../src/contract/record'
import { BulkPanel } from '../../../src/features/bulk-actions/components/bulk-panel'
import {
  ItemHandlersContext,
  type ItemHandlers,
} from '../../../src/features/library/components/item-handlers'
import { MediaCard } from '../../../src/features/library/components/media-card'
import { SAMPLE_FILES } from '../../../src/features/library/sample-files'
import { DetailsDialog } from '../../../src/features/preview/components/details-dialog'
import { reportGate, resetAccessState } from '../../../src/lib/access'
import { ListResults } from '../../../src/features/library/model/library-results'
import { CommandDialogs } from '../../../src/app/dialogs'
import { FILE_COMMANDS } from '../../../src/app/file-commands'
import {
  bindCommands,
  commandsOn,
  type FileCommand,
  type FileCommandDialogProps,
  type FileCommandServices,
} from '../../../src/features/commands'
import { fileMenuEntries } from '../../../src/features/library/components/file-menu'

beforeEach(() => {
  resetAccessState()
  reportGate(false)
})
afterEach(() => {
  resetAccessState()
})

/** A sample image under another id and title. */
function record(id: number, title: string): MediaRecord {
  return mediaRecordSchema.parse({ ...SAMPLE_FILES[0], id, title })
}

// The surfaces' buttons are only counted here, or run a toy command of the test's own.
const handlers = { open: vi.fn() } as unknown as FileCommandServices

/** A toy bulk action: its module would be this object and its dialog, plus one line in the registry. */
function StarDialog({ open, targets, onClose }: FileCommandDialogProps) {
  if (!open) return null
  return (
    <div role="dialog" aria-label="Star files">
      Star {targets.length} files
      <button type="button" onClick={onClose}>
        Done
      </button>
    </div>
  )
}
const dummy: FileCommand = {
  name: 'star',
  label: 'Star',
  icon: Star,
  shows: { bulk: { order: 2.5 }, context: { order: 6.5 } },
  shortcut: { keys: ['S'], label: 'Star the selected files', test: (event) => event.key === 's' },
  dialog: StarDialog,
  perform: (services, targets) => {
    services.open('star', targets)
  },
}

const buttonNames = (within_: HTMLElement) =>
  within(within_)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent)

describe('the surfaces read the command registry', () => {
  it('the bulk panel shows a registered command in its declared place', () => {
    const { bulk } = bindCommands(handlers, [...FILE_COMMANDS, dummy])
    render(<BulkPanel count={2} actions={bulk} targets={() => []} onClear={vi.fn()} />)
    const panel = screen.getByRole('region', { name: 'Bulk operations' })
    // Its order among the others is the registry's (held to the spec in file-commands.test.ts).
    expect(buttonNames(panel)).toEqual([
      ...commandsOn('bulk', [...FILE_COMMANDS, dummy]).map(({ label }) => label),
      'Close and clear selection',
    ])
  })

  it('a toy command registered in one line shows on the file menu too, and its dialog opens from the host', () => {
    const file = record(5, 'Poster')
    const { context, bulk } = bindCommands(handlers, [...FILE_COMMANDS, dummy])
    const entries = fileMenuEntries(context, file, (_action, run) => {
      run()
    })
    expect(entries.map((entry) => entry.label)).toEqual([
      'View Details',
      'Edit',
      'Download',
      'Delete',
      'Rename',
      'Move to…',
      'Star',
      'Copy link',
      'Share link (expires)…',
      'Replace file…',
    ])
    entries.find((entry) => entry.label === 'Star')?.onSelect()
    expect(handlers.open).toHaveBeenCalledWith('star', [file])

    const files = [file, record(6, 'Flyer')]
    bulk.find((action) => action.name === 'star')?.perform(files, 'bulk')
    expect(handlers.open).toHaveBeenLastCalledWith('star', files)
    render(
      <CommandDialogs
        commands={[dummy]}
        dialog={{ command: 'star', targets: files }}
        services={handlers}
        onClose={vi.fn()}
      />,
    )
    expect(screen.getByRole('dialog', { name: 'Star files' }).textContent).toContain('Star 2 files')
  })

  it('the shortcuts help lists every command with a key, once, under Files', () => {
    render(<ShortcutsDialog open onOpenChange={vi.fn()} commands={[...FILE_COMMANDS, dummy]} />)
    const files = screen.getByRole('region', { name: 'Files' })
    const listed = within(files)
      .getAllByRole('definition')
      .map((item) => item.textContent)
    for (const { shortcut } of [...FILE_COMMANDS, dummy]) {
      if (shortcut) expect(listed.filter((label) => label === shortcut.label)).toHaveLength(1)
    }
    expect(listed.at(-1)).toBe('Star the selected files')
    expect(
      within(screen.getByRole('region', { name: 'Details' })).queryByText('Star the selected files'),
    ).toBeNull()
  })

  it('a card shows its registered commands with their card labels, and runs them', () => {
    const file = record(7, 'Launch spot')
    const on = { open: vi.fn() } as unknown as FileCommandServices
    const item: ItemHandlers = {
      select: vi.fn(),
      activate: vi.fn(),
      view: vi.fn(),
      filterBy: vi.fn(),
      dragIds: () => [file.id],
      contextActions: [],
      cardActions: bindCommands(on, FILE_COMMANDS).card,
    }
    render(
      <ItemHandlersContext.Provider value={item}>
        <MediaCard record={file} position={0} selected={false} active />
      </ItemHandlersContext.Provider>,
    )
    const card = screen.getByRole('article', { name: 'Launch spot' })
    expect(buttonNames(card.querySelector('.card__actions') as HTMLElement)).toEqual([
      'View Launch spot',
      'Edit Launch spot',
      'Download Launch spot',
      'More actions for Launch spot',
    ])
    within(card)
      .getByRole('button', { name: /^Edit / })
      .click()
    expect(on.open).toHaveBeenCalledWith('edit', [file])
  })

  it('Details shows its registered commands and one Previous and one Next button', () => {
    const files = [record(1, 'First'), record(2, 'Second'), record(3, 'Third')]
    const onCopyLink = vi.fn()
    const on = { copyLinks: onCopyLink } as unknown as FileCommandServices
    render(
      <DetailsDialog
        record={files[1] ?? null}
        order={new ListResults(files)}
        onShow={vi.fn()}
        onClose={vi.fn()}
        actions={bindCommands(on, FILE_COMMANDS).details.filter((action) => action.name !== 'delete')}
        onRecordChanged={vi.fn()}
        onRefresh={vi.fn()}
      />,
    )
    const dialog = screen.getByRole('dialog', { name: 'Second' })
    const actions = dialog.querySelector('.dialog__actions') as HTMLElement
    expect(buttonNames(actions)).toEqual([
      'Previous file',
      'Next file',
      'Edit',
      'Replace file…',
      'Copy link',
      'Download',
    ])
    expect(within(dialog).getAllByRole('button', { name: 'Previous file' })).toHaveLength(1)
    expect(within(dialog).getAllByRole('button', { name: 'Next file' })).toHaveLength(1)
    within(dialog).getByRole('button', { name: 'Copy link' }).click()
    expect(onCopyLink).toHaveBeenCalledWith([files[1]])
  })
})
