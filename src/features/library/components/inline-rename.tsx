import { createContext, Suspense, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react'

import { ErrorBoundary } from '../../../components/ui/error-boundary'
import { lazyWithPreload } from '../../../components/ui/lazy-load'
import { toast } from '../../../components/ui/toast'
import { ERROR_WORDS } from '../../../lib/error-words'
import { retryFailedImports } from '../../../lib/retry-import'
import type { MediaRecord } from '../../../contract/record'
import './inline-rename.css'

/**
 * Which file's title is being edited, one at a time. Kept outside React state, so starting or ending an
 * edit re-renders only the item concerned, never the whole virtualized grid.
 */
export interface RenameState {
  start: (id: number) => void
  stop: () => void
  editing: () => number | null
  subscribe: (listener: () => void) => () => void
  /** True once per `start`: the input that mounts for it takes the focus; one scrolled back later does not. */
  takeFocus: () => boolean
}

export function createRenameState(): RenameState {
  let editing: number | null = null
  let focusPending = false
  const listeners = new Set<() => void>()
  const set = (id: number | null) => {
    focusPending = id !== null
    if (id === editing) return
    editing = id
    for (const listener of listeners) listener()
  }
  return {
    start: (id) => {
      set(id)
    },
    stop: () => {
      set(null)
    },
    editing: () => editing,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    takeFocus: () => {
      const pending = focusPending
      focusPending = false
      return pending
    },
  }
}

/** What the screen gives the titles: the edit state, the save (the Edit dialog's update) and its rule. */
export interface Renaming {
  state: RenameState
  save: (record: MediaRecord, title: string) => void
  /** Why a title cannot be saved, or null: the Edit form's own rule for a blank title. */
  problem: (title: string) => string | null
}

export const RenameContext = createContext<Renaming | null>(null)

const NOT_EDITING = () => false

/** The title's input, kept off the first route: a rename is never what the first screen needs. */
const TitleInput = lazyWithPreload(() => import('./title-input').then((loaded) => loaded.TitleInput))

/** Whether file `id`'s title is an input now; false where no rename is offered. */
export function useRenaming(id: number): boolean {
  const renaming = useContext(RenameContext)
  return useSyncExternalStore(
    renaming?.state.subscribe ?? (() => () => undefined),
    renaming ? () => renaming.state.editing() === id : NOT_EDITING,
  )
}

interface EditableTitleProps {
  record: MediaRecord
  as: 'h3' | 'span'
  className?: string
  tooltip?: string
}

/** A file's title; double-clicked (or F2 on its file) it becomes an input: Enter or leaving saves, Escape cancels. */
export function EditableTitle({ record, as: Tag, className, tooltip }: EditableTitleProps) {
  const renaming = useContext(RenameContext)
  const editing = useRenaming(record.id)
  if (renaming !== null && editing)
    return (
      // The field's code comes with the idle preload of lazy parts, long before a first F2; until then
      // the title stays as it was, and so it does when the code cannot arrive.
      <ErrorBoundary
        region="title field"
        fallback={() => <RenameUnavailable title={<Tag className={className}>{record.title}</Tag>} />}
      >
        <Suspense fallback={<Tag className={className}>{record.title}</Tag>}>
          <TitleInput record={record} renaming={renaming} />
        </Suspense>
      </ErrorBoundary>
    )
  return (
    <Tag
      className={className}
      title={tooltip ?? record.title}
      onDoubleClick={
        renaming === null
          ? undefined
          : (event) => {
              // The file's own double-click opens Details; on the title it renames.
              event.stopPropagation()
              renaming.state.start(record.id)
            }
      }
    >
      {record.title}
    </Tag>
  )
}

/** The title field's code did not arrive: the rename ends, and a toast says why; F2 again tries anew. */
function RenameUnavailable({ title }: { title: ReactNode }) {
  const renaming = useContext(RenameContext)
  useEffect(() => {
    renaming?.state.stop()
    retryFailedImports()
    toast.error('The title could not be edited', { description: ERROR_WORDS.pageCode })
  }, [renaming])
  return title
}
