import { ContextMenu, DropdownMenu } from 'radix-ui'
import { Fragment, useEffect, useRef, type ComponentType, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

import type { LoadedProps } from './lazy-load'
import type { MenuButtonProps, MenuEntry, PointMenuProps } from './menu'

// The Radix side of menu.tsx, loaded after the first page.

interface MenuParts {
  Item: ComponentType<{ className?: string; onSelect?: (event: Event) => void; children?: ReactNode }>
  Separator: ComponentType<{ className?: string }>
}

function Entries({
  parts: { Item, Separator },
  entries,
}: {
  parts: MenuParts
  entries: readonly MenuEntry[]
}) {
  return entries.map(({ key, label, icon: Icon, danger, startsGroup, onSelect }) => (
    <Fragment key={key}>
      {startsGroup === true && <Separator className="menu__separator" />}
      <Item className={`menu__item${danger === true ? ' menu__item--danger' : ''}`} onSelect={onSelect}>
        {Icon && <Icon size={14} aria-hidden="true" />}
        {label}
      </Item>
    </Fragment>
  ))
}

export function RadixMenuButton(props: MenuButtonProps & LoadedProps) {
  const { button, label, align, entries, open, onOpenChange, onCloseAutoFocus, defaultOpen } = props
  return (
    <DropdownMenu.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <button type="button" {...button} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu"
          align={align}
          aria-label={label}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Entries parts={DropdownMenu} entries={entries} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/**
 * Radix's context menu, opened where the request says: its trigger is a hidden element that receives
 * the request as a right-click at that point, so the menu sits and behaves as on a real one. It lives
 * under the body, out of the list or tree the menu is for.
 */
export function RadixPointMenu({ x, y, label, entries, onCloseAutoFocus }: PointMenuProps) {
  const anchor = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const init = { bubbles: true, cancelable: true, clientX: x, clientY: y }
    anchor.current?.dispatchEvent(new MouseEvent('contextmenu', init))
  }, [x, y])
  return (
    <ContextMenu.Root>
      {createPortal(
        <ContextMenu.Trigger
          asChild
          onContextMenu={(event) => {
            // The element the menu belongs to must not take this one for a right-click of its own.
            event.stopPropagation()
          }}
        >
          <span ref={anchor} hidden />
        </ContextMenu.Trigger>,
        document.body,
      )}
      <ContextMenu.Portal>
        <ContextMenu.Content className="menu" aria-label={label} onCloseAutoFocus={onCloseAutoFocus}>
          <Entries parts={ContextMenu} entries={entries} />
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  )
}
