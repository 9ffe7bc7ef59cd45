import { ContextMenu } from 'radix-ui'
import { useMemo, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

import type { MediaRecord } from '../../../contract/record'
import { CONTEXT_MENU_PARTS, FileMenuItems, useAfterMenuClose } from './file-menu'
import { ItemHandlersContext, useItemHandlers } from './item-handlers'

interface ResultsFrameProps {
  scrollRef: RefObject<HTMLDivElement | null>
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  activate: (position: number) => void
  label: string
  records: readonly MediaRecord[]
  stale: boolean
  children: ReactNode
}

function fileIdAt(target: EventTarget): number | null {
  const item = target instanceof Element ? target.closest<HTMLElement>('[data-file-id]') : null
  const id = Number(item?.dataset.fileId ?? Number.NaN)
  return Number.isNaN(id) ? null : id
}

/**
 * The scroll container of the grid or list, with one right-click menu for all its items: the menu
 * finds its file from the element clicked, so 50,000 files do not mount 50,000 menus.
 */
export function ResultsFrame(props: ResultsFrameProps) {
  const { scrollRef, onKeyDown, activate, label, records, stale, children } = props
  const parent = useItemHandlers()
  const handlers = useMemo(() => ({ ...parent, activate }), [parent, activate])
  const [target, setTarget] = useState<MediaRecord | null>(null)
  const afterClose = useAfterMenuClose()
  return (
    <ItemHandlersContext.Provider value={handlers}>
      <ContextMenu.Root>
        <ContextMenu.Trigger
          asChild
          onContextMenu={(event) => {
            const id = fileIdAt(event.target)
            const record = id === null ? undefined : records.find((each) => each.id === id)
            // Outside a file there is nothing to act on: no menu at all.
            if (record === undefined) {
              event.preventDefault()
              return
            }
            setTarget(record)
          }}
        >
          <div
            ref={scrollRef}
            className={`results${stale ? ' results--stale' : ''}`}
            role="region"
            aria-label={label}
            aria-busy={stale}
            tabIndex={-1}
            data-focus-fallback
            onKeyDown={onKeyDown}
            onFocus={(event) => {
              // A file that takes the focus (a click, a dialog giving it back, the file after a delete)
              // becomes the one in the tab order and the one the arrow keys move from.
              const position = Number((event.target as HTMLElement).dataset.pos ?? Number.NaN)
              if (!Number.isNaN(position)) activate(position)
            }}
          >
            {children}
          </div>
        </ContextMenu.Trigger>
        <ContextMenu.Portal>
          <ContextMenu.Content
            className="menu"
            aria-label={target ? `Actions for ${target.title}` : undefined}
            onCloseAutoFocus={afterClose.onCloseAutoFocus}
          >
            {target !== null && (
              <FileMenuItems
                parts={CONTEXT_MENU_PARTS}
                actions={parent.contextActions}
                target={target}
                run={afterClose.run}
              />
            )}
          </ContextMenu.Content>
        </ContextMenu.Portal>
      </ContextMenu.Root>
    </ItemHandlersContext.Provider>
  )
}
