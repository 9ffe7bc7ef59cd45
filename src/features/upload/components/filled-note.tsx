import { UPLOAD_WORDS } from '../messages'

/**
 * Said under a field the file's embedded metadata filled in, with the button that empties it (or, for
 * a title, puts back the one from the file's name). `id` describes the field (`aria-describedby`).
 */
export function FilledNote(props: { id: string; field: string; onClear: () => void }) {
  const { id, field, onClear } = props
  return (
    <p id={id} className="upload__filled">
      <span>{UPLOAD_WORDS.filledFromFile}</span>
      <button
        type="button"
        className="link-button"
        aria-label={`Clear ${field}`}
        onClick={() => {
          // The note and its button go: the focus goes to the field, emptied (or back to the name's title).
          const described = document.querySelector<HTMLElement>(`[aria-describedby="${id}"]`)
          onClear()
          described?.focus()
        }}
      >
        Clear
      </button>
    </p>
  )
}
