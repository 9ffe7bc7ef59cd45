import { useLayoutEffect, useMemo, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

import { useMenuAtPoint } from '../../../components/ui/menu'
import { sameQuery, type LibraryResults, type ShownQuery } from '../model/library-results'
import { fileMenuEntries, useAfterMenuClose } from './file-menu'
import { ItemHandlersContext, useItemHandlers } from './item-handlers'

interface ResultsFrameProps {
  scrollRef: RefObject<HTMLDivElement | null>
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  activate: (position: number) => void
  label: string
  results: LibraryResults
  stale: boolean
  children: ReactNode
}

function fileIdAt(target: EventTarget): number | null {
  const item = target instanceof Element ? target.closest<HTMLElement>('[data-file-id]') : null
  const id = Number(item?.dataset.fileId ?? Number.NaN)
  return Number.isNaN(id) ? null : id
}

/**
 * Another folder, search, filter or sort shows its files from the top, before they are painted, not at
 * the scroll offset the last files were read at; the same query answered again (after an edit) stays
 * where it is.
 */
function useTopForNewQuery(scrollRef: RefObject<HTMLDivElement | null>, query: ShownQuery | null) {
  const shown = useRef(query)
  useLayoutEffect(() => {
    if (query === null) return
    const before = shown.current
    shown.current = query
    const element = scrollRef.current
    if (before !== null && !sameQuery(before, query) && element !== null) element.scrollTop = 0
  }, [scrollRef, query])
}

/**
 * The scroll container of the grid or list, with one right-click menu for all its items: the menu
 * finds its file from the element clicked, so 50,000 files do not mount 50,000 menus.
 */
export function ResultsFrame(props: ResultsFrameProps) {
  const { scrollRef, onKeyDown, activate, label, results, stale, children } = props
  useTopForNewQuery(scrollRef, results.query)
  const parent = useItemHandlers()
  const handlers = useMemo(() => ({ ...parent, activate }), [parent, activate])
  const afterClose = useAfterMenuClose()
  const { handlers: menuHandlers, menu } = useMenuAtPoint((clicked) => {
    const id = fileIdAt(clicked)
    const record = id === null ? undefined : results.record(id)
    // Outside a file there is nothing to act on: no menu at all.
    if (record === undefined) return null
    return {
      label: `Actions for ${record.title}`,
      entries: fileMenuEntries(parent.contextActions, record, afterClose.run),
      onCloseAutoFocus: afterClose.onCloseAutoFocus,
    }
  })
  return (
    <ItemHandlersContext.Provider value={handlers}>
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
        {...menuHandlers}
      >
        {children}
      </div>
      {menu}
    </ItemHandlersContext.Provider>
  )
}
