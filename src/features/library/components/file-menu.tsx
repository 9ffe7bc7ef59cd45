import { MoreHorizontal } from 'lucide-react'
import { ContextMenu, DropdownMenu } from 'radix-ui'
import { Fragment, useRef, type ComponentType, type ReactNode } from 'react'

import type { MediaRecord } from '../../../contract/record'
import type { FileAction } from '../../../lib/file-action'

/** The parts of a Radix menu the file's items are made of: ContextMenu and DropdownMenu alike. */
interface MenuParts {
  Item: ComponentType<{ className?: string; onSelect?: (event: Event) => void; children?: ReactNode }>
  Separator: ComponentType<{ className?: string }>
}

/**
 * A choice that puts focus in a field of its own (Rename) runs once the menu has closed: inside the open
 * menu, its focus trap would take the focus back and end the field at once. `onCloseAutoFocus` goes on
 * the menu's content.
 */
export function useAfterMenuClose() {
  const pending = useRef<(() => void) | null>(null)
  return {
    run: (action: FileAction, run: () => void) => {
      if (action.keepsFocus === true) pending.current = run
      else run()
    },
    onCloseAutoFocus: (event: Event) => {
      const run = pending.current
      pending.current = null
      if (run === null) return
      event.preventDefault()
      run()
    },
  }
}

/** The file's commands as menu items, with a line where a group starts: the right-click and More menus. */
export function FileMenuItems({
  parts: { Item, Separator },
  actions,
  target,
  run,
}: {
  parts: MenuParts
  actions: readonly FileAction[]
  target: MediaRecord
  run: (action: FileAction, run: () => void) => void
}) {
  return actions.map((action) => {
    const { name, label, icon: Icon, danger, startsGroup, perform } = action
    return (
      <Fragment key={name}>
        {startsGroup && <Separator className="menu__separator" />}
        <Item
          className={`menu__item${danger ? ' menu__item--danger' : ''}`}
          onSelect={() => {
            run(action, () => {
              perform([target], 'context')
            })
          }}
        >
          <Icon size={14} aria-hidden="true" />
          {label}
        </Item>
      </Fragment>
    )
  })
}

export const CONTEXT_MENU_PARTS: MenuParts = ContextMenu
const DROPDOWN_PARTS: MenuParts = DropdownMenu

/**
 * The More button on a card and a list row: the right-click menu's commands, for whoever does not
 * right-click (a touch screen, a keyboard, or someone who does not know to).
 */
export function MoreMenu({
  record,
  actions,
  tabIndex,
  className,
}: {
  record: MediaRecord
  actions: readonly FileAction[]
  tabIndex: number
  className: string
}) {
  const afterClose = useAfterMenuClose()
  const label = `More actions for ${record.title}`
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className={className}
          aria-label={label}
          title="More actions"
          tabIndex={tabIndex}
          // The file's own click and double-click (focus, open Details) are not this button's.
          onClick={(event) => {
            event.stopPropagation()
          }}
          onDoubleClick={(event) => {
            event.stopPropagation()
          }}
        >
          <MoreHorizontal size={16} aria-hidden="true" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align="end"
          aria-label={`Actions for ${record.title}`}
          onCloseAutoFocus={afterClose.onCloseAutoFocus}
        >
          <FileMenuItems parts={DROPDOWN_PARTS} actions={actions} target={record} run={afterClose.run} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
