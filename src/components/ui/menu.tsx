import type { LucideIcon } from 'lucide-react'
import {
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'

import {
  lazyWithPreload,
  lazyWithStandIn,
  OpenedOnce,
  STAND_IN_ATTRIBUTE,
  type StandInProps,
} from './lazy-load'

// The screen's menus, drawn by Radix (menu-parts.tsx), whose code loads on intent or at the first idle
// moment rather than with the page: a More button is a plain button until then, and a right-click
// opens the menu once its code has arrived.

/** One choice of a menu, with a line above it when it starts a group. */
export interface MenuEntry {
  key: string
  label: string
  icon?: LucideIcon
  danger?: boolean
  startsGroup?: boolean
  onSelect: () => void
}

export interface MenuButtonProps {
  /** The trigger, a button with these attributes and content. */
  button: ButtonHTMLAttributes<HTMLButtonElement>
  /** The open menu's accessible name. */
  label?: string
  align?: 'start' | 'end'
  entries: readonly MenuEntry[]
  /** Given, the caller opens and closes the menu (a key on the row asking for it). */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** Runs as the menu closes; preventing it keeps the focus where a choice put it. */
  onCloseAutoFocus?: (event: Event) => void
}

/** Keys that open a menu from its button, as Radix's trigger has them. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown'])

function MenuButtonStandIn({
  button,
  open,
  onOpenChange,
  preload,
  openOnLoad,
}: MenuButtonProps & StandInProps) {
  const controlled = open !== undefined
  // Opened by its caller: the real menu takes this one's place as soon as its code is there.
  useEffect(() => {
    if (open === true) openOnLoad()
  }, [open, openOnLoad])
  const ask = (event: { type: string }) => {
    // A menu its caller opens and closes opens by the caller's state; `openOnLoad` loads it all the same.
    if (controlled) onOpenChange?.(true)
    openOnLoad(event)
  }
  return (
    <button
      type="button"
      {...button}
      {...{ [STAND_IN_ATTRIBUTE]: '' }}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={(event) => {
        button.onPointerEnter?.(event)
        preload()
      }}
      onFocus={(event) => {
        button.onFocus?.(event)
        preload()
      }}
      onPointerDown={(event) => {
        button.onPointerDown?.(event)
        if (event.button === 0 && !event.ctrlKey) ask(event)
      }}
      onKeyDown={(event) => {
        button.onKeyDown?.(event)
        if (!OPENING_KEYS.has(event.key)) return
        event.preventDefault()
        ask(event)
      }}
    />
  )
}

/** A button that opens a menu of `entries` below it. */
export const MenuButton = lazyWithStandIn<MenuButtonProps>(
  () => import('./menu-parts').then((module) => module.RadixMenuButton),
  MenuButtonStandIn,
)

/** A menu opened where the pointer was (a right-click, a long press, the Menu key). */
export interface PointMenuProps {
  x: number
  y: number
  label?: string
  entries: readonly MenuEntry[]
  onCloseAutoFocus?: (event: Event) => void
}

const PointMenu = lazyWithPreload<PointMenuProps>(() =>
  import('./menu-parts').then((module) => module.RadixPointMenu),
)

/** Starts loading the menus' code: when the pointer or focus reaches what has one. */
export function preloadMenus(): void {
  PointMenu.preload()
  MenuButton.preload()
}

/** How long a touch or pen rests before it opens the menu, as Radix's context menu waits. */
const LONG_PRESS_MS = 700

/**
 * A right-click menu for an element the caller keeps (the results region, a folder row): spread
 * `handlers` on it and render `menu`. `entriesAt` says what the menu offers for the element clicked,
 * or null for no menu (and no browser menu either). A touch or pen held still opens it too.
 */
export function useMenuAtPoint(entriesAt: (target: EventTarget) => Omit<PointMenuProps, 'x' | 'y'> | null): {
  handlers: {
    onContextMenu: (event: MouseEvent) => void
    onPointerDown: (event: PointerEvent) => void
    onPointerMove: (event: PointerEvent) => void
    onPointerUp: (event: PointerEvent) => void
    onPointerCancel: (event: PointerEvent) => void
  }
  menu: ReactNode
} {
  const [request, setRequest] = useState<(PointMenuProps & { key: number }) | null>(null)
  const longPress = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const count = useRef(0)
  useEffect(
    () => () => {
      clearTimeout(longPress.current)
    },
    [],
  )
  const openAt = (target: EventTarget, x: number, y: number): boolean => {
    const found = entriesAt(target)
    if (found === null) return false
    PointMenu.preload()
    count.current += 1
    setRequest({ ...found, x, y, key: count.current })
    return true
  }
  const clear = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') clearTimeout(longPress.current)
  }
  return {
    handlers: {
      onContextMenu: (event) => {
        clearTimeout(longPress.current)
        openAt(event.target, event.clientX, event.clientY)
        // Over nothing to act on there is no menu at all, the browser's neither.
        event.preventDefault()
      },
      onPointerDown: (event) => {
        if (event.pointerType === 'mouse') return
        clearTimeout(longPress.current)
        const { target, clientX, clientY } = event
        longPress.current = setTimeout(() => openAt(target, clientX, clientY), LONG_PRESS_MS)
      },
      onPointerMove: clear,
      onPointerUp: clear,
      onPointerCancel: clear,
    },
    menu: request && (
      // A menu whose code has not arrived says so, and closes as the menu would.
      <OpenedOnce
        open
        region="menu"
        onClose={() => {
          setRequest(null)
        }}
      >
        <PointMenu
          key={request.key}
          x={request.x}
          y={request.y}
          label={request.label}
          entries={request.entries}
          onCloseAutoFocus={request.onCloseAutoFocus}
        />
      </OpenedOnce>
    ),
  }
}
