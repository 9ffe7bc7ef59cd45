import { useLayoutEffect, useRef, useState, type SyntheticEvent } from 'react'

import type { MediaRecord } from '../../../contract/record'
import type { Renaming } from './inline-rename'

const keepInside = (event: SyntheticEvent) => {
  event.stopPropagation()
}

/** A file's title as an input: Enter or leaving saves, Escape cancels (inline-rename.tsx starts it). */
export function TitleInput({ record, renaming }: { record: MediaRecord; renaming: Renaming }) {
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
