import { useId } from 'react'

import { BY_FILE_TYPE, CATEGORY_CHOICES, DEFAULT_CATEGORY, type CategoryChoice } from '../file-details'
import type { SharedMetadata } from '../upload-one'

interface SharedFieldsProps {
  value: SharedMetadata
  onChange: (change: Partial<SharedMetadata>) => void
  disabled: boolean
}

/**
 * Spec section 3: description, category, tags and author, applied to every file of the batch. A
 * description, tags or author typed here wins over each file's own (filled from the file, or typed in
 * its row).
 */
export function SharedFields({ value, onChange, disabled }: SharedFieldsProps) {
  const hintId = useId()
  const chosen = CATEGORY_CHOICES.find((choice) => choice.value === value.category)
  return (
    <fieldset className="upload__shared" disabled={disabled}>
      <legend>Details for every file</legend>
      <label className="form__field">
        Description
        <textarea
          value={value.description}
          rows={2}
          onChange={(event) => {
            onChange({ description: event.target.value })
          }}
        />
      </label>
      <label className="form__field">
        Category
        <select
          value={value.categoryChanged ? value.category : BY_FILE_TYPE.value}
          aria-describedby={hintId}
          onChange={(event) => {
            const next = event.target.value
            // "By file type" puts back the untouched default, so nothing stored changes for it.
            onChange(
              next === BY_FILE_TYPE.value
                ? { category: DEFAULT_CATEGORY, categoryChanged: false }
                : { category: next as CategoryChoice, categoryChanged: true },
            )
          }}
        >
          <option value={BY_FILE_TYPE.value}>{BY_FILE_TYPE.label}</option>
          {CATEGORY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <p id={hintId} className="upload__hint">
        {value.categoryChanged && chosen !== undefined
          ? `Every file goes under ${chosen.label}.`
          : 'Each file goes under the category of its type: a photo under Images, a PDF under Documents.'}
      </p>
      <label className="form__field">
        Tags
        <input
          value={value.tags}
          placeholder="Comma-separated"
          onChange={(event) => {
            onChange({ tags: event.target.value })
          }}
        />
      </label>
      <label className="form__field">
        Author
        <input
          value={value.author}
          onChange={(event) => {
            onChange({ author: event.target.value })
          }}
        />
      </label>
    </fieldset>
  )
}
