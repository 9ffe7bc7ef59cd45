import { MoreHorizontal } from 'lucide-react'
import { useRef } from 'react'

import { MenuButton, type MenuEntry } from '../../../components/ui/menu'
import type { MediaRecord } from '../../../contract/record'
import type { FileAction } from '../../commands'

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

/** The file's commands as menu entries, with a line where a group starts: the right-click and More menus. */
export function fileMenuEntries(
  actions: readonly FileAction[],
  target: MediaRecord,
  run: (action: FileAction, run: () => void) => void,
): MenuEntry[] {
  return actions.map((action) => ({
    key: action.name,
    label: action.label,
    icon: action.icon,
    danger: action.danger,
    startsGroup: action.startsGroup,
    onSelect: () => {
      run(action, () => {
        action.perform([target], 'context')
      })
    },
  }))
}

/**
 * What a screen reader calls a file's command button on a card or a list row: the command and the file
 * it acts on ("View Beach sunset"), so a list of the page's buttons says which file each is for.
 */
export const fileActionName = (label: string, record: MediaRecord) => `${label} ${record.title}`

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
    <MenuButton
      button={{
        className,
        'aria-label': label,
        title: 'More actions',
        tabIndex,
        // The file's own click and double-click (focus, open Details) are not this button's.
        onClick: (event) => {
          event.stopPropagation()
        },
        onDoubleClick: (event) => {
          event.stopPropagation()
        },
        children: <MoreHorizontal size={16} aria-hidden="true" />,
      }}
      label={`Actions for ${record.title}`}
      align="end"
      entries={fileMenuEntries(actions, record, afterClose.run)}
      onCloseAutoFocus={afterClose.onCloseAutoFocus}
    />
  )
}
