import { useId, useState } from 'react'

import { UPLOAD_WORDS } from '../messages'
import { sharedWins, type OwnDetails, type OwnField, type SharedField } from '../own-details'
import { FilledNote } from './filled-note'

interface OwnDetailsFieldsProps {
  fileName: string
  details: OwnDetails
  filled: readonly OwnField[]
  /** The details for every file: one with text in it is used in place of the file's own. */
  shared: Record<SharedField, string>
  editable: boolean
  /** Shown unfolded at first (a batch of one file: its details are the ones to see). */
  startOpen: boolean
  onChange: (change: Partial<OwnDetails>) => void
  onClear: (field: OwnField) => void
}

/** A file's own fields below its title, each with its label (also the word the summary and notes use). */
const FIELDS: readonly { field: Exclude<OwnField, 'title'>; label: string }[] = [
  { field: 'description', label: 'Description' },
  { field: 'tags', label: 'Tags' },
  { field: 'author', label: 'Author' },
  { field: 'date', label: 'Date' },
]

/**
 * One file's description, tags, author and date, folded in its row; the summary names those the file
 * filled in, and each such field says so and can be cleared, as the title can.
 */
export function OwnDetailsFields(props: OwnDetailsFieldsProps) {
  const { fileName, details, filled, shared, editable, startOpen, onChange, onClear } = props
  const [open, setOpen] = useState(startOpen)
  // Folded as the file starts sending: its fields can no longer change, and on a phone they stood
  // between the file's progress and the next file's. The summary still names those filled in.
  const [wasEditable, setWasEditable] = useState(editable)
  if (editable !== wasEditable) {
    setWasEditable(editable)
    if (!editable) setOpen(false)
  }
  const noteId = useId()
  const filledLabels = FIELDS.filter(({ field }) => filled.includes(field)).map(({ label }) =>
    label.toLowerCase(),
  )
  return (
    <details
      className="upload-item__details"
      aria-label={`Details of ${fileName}`}
      open={open}
      onToggle={(event) => {
        setOpen(event.currentTarget.open)
      }}
    >
      <summary>{UPLOAD_WORDS.ownDetails(filledLabels)}</summary>
      {FIELDS.map(({ field, label }) => {
        const replaced = sharedWins(shared, field)
        const note = replaced ? 'shared' : filled.includes(field) && editable ? 'filled' : null
        const id = `${noteId}-${field}`
        const input = {
          value: details[field],
          disabled: !editable || replaced,
          'aria-describedby': note === null ? undefined : id,
          onChange: (event: { target: { value: string } }) => {
            onChange({ [field]: event.target.value })
          },
        }
        return (
          <div key={field} className="upload-item__field">
            <label className="form__field">
              {label}
              {field === 'description' ? (
                <textarea rows={2} {...input} />
              ) : (
                <input
                  type={field === 'date' ? 'datetime-local' : 'text'}
                  step={field === 'date' ? 1 : undefined}
                  placeholder={field === 'tags' ? 'Comma-separated' : undefined}
                  {...input}
                />
              )}
            </label>
            {note === 'filled' && (
              <FilledNote
                id={id}
                field={label.toLowerCase()}
                onClear={() => {
                  onClear(field)
                }}
              />
            )}
            {note === 'shared' && (
              <p id={id} className="upload__hint">
                {UPLOAD_WORDS.sharedWins(label.toLowerCase())}
              </p>
            )}
          </div>
        )
      })}
    </details>
  )
}
