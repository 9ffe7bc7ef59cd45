import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type SyntheticEvent,
} from 'react'

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
  if (renaming !== null && editing) return <TitleInput record={record} renaming={renaming} />
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

const keepInside = (event: SyntheticEvent) => {
  event.stopPropagation()
}

function TitleInput({ record, renaming }: { record: MediaRecord; renaming: Renaming }) {
  const [draft, setDraft] = useState(record.title)
  const [refusal, setRefusal] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const finished = useRef(false)
  useLayoutEffect(() => {
    if (!renaming.state.takeFocus()) return
    input.current?.focus()
    input.current?.select()
  }, [renaming])

  const finish = (save: boolean, returnFocus: boolean) => {
    if (finished.current) return
    const title = draft.trim()
    const problem = save ? renaming.problem(title) : null
    if (problem !== null && returnFocus) {
      setRefusal(problem)
      return
    }
    finished.current = true
    const item = input.current?.closest<HTMLElement>('[data-file-id]')
    renaming.state.stop()
    if (returnFocus) item?.focus()
    // Leaving an empty field is a cancel: its message would have nothing left to point at.
    if (save && problem === null && title !== record.title) renaming.save(record, title)
  }

  return (
    <span className="rename">
      <input
        ref={input}
        className="rename__input"
        aria-label={`Title of ${record.title}`}
        aria-invalid={refusal !== null}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value)
          if (event.target.value.trim() !== '') setRefusal(null)
        }}
        onKeyDown={(event) => {
          event.stopPropagation()
          if (event.key === 'Enter' || event.key === 'Escape') {
            event.preventDefault()
            finish(event.key === 'Enter', true)
          }
        }}
        onBlur={() => {
          finish(true, false)
        }}
        onClick={keepInside}
        onDoubleClick={keepInside}
        onPointerDown={keepInside}
      />
      {refusal !== null && (
        <span className="rename__error" role="alert">
          {refusal}
        </span>
      )}
    </span>
  )
}
