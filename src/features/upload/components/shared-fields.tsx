import { useId } from 'react'

import { BY_FILE_TYPE, CATEGORY_CHOICES, DEFAULT_CATEGORY, type CategoryChoice } from '../file-details'
import type { FillableField } from '../upload-batch'
import type { SharedMetadata } from '../upload-one'
import { FilledNote } from './filled-note'

interface SharedFieldsProps {
  value: SharedMetadata
  onChange: (change: Partial<SharedMetadata>) => void
  disabled: boolean
  /** The fields filled in from the files' embedded metadata, each shown so and clearable. */
  filled?: readonly FillableField[]
  /** How many files the batch has: a filled field came from all of them. */
  files?: number
}

/** Spec section 3: description, category, tags and author, applied to every file of the batch. */
export function SharedFields({ value, onChange, disabled, filled = [], files = 1 }: SharedFieldsProps) {
  const hintId = useId()
  const noteId = useId()
  /** The note's id for `aria-describedby` when `field` was filled in, and the note itself. */
  const note = (field: FillableField, label: string) =>
    filled.includes(field) && !disabled
      ? {
          describedBy: `${noteId}-${field}`,
          element: (
            <FilledNote
              id={`${noteId}-${field}`}
              field={label}
              files={files}
              onClear={() => {
                onChange({ [field]: '' })
              }}
            />
          ),
        }
      : { describedBy: undefined, element: null }
  const description = note('description', 'description')
  const tags = note('tags', 'tags')
  const author = note('author', 'author')
  const chosen = CATEGORY_CHOICES.find((choice) => choice.value === value.category)
  return (
    <fieldset className="upload__shared" disabled={disabled}>
      <legend>Details for every file</legend>
      <label className="form__field">
        Description
        <textarea
          value={value.description}
          rows={2}
          aria-describedby={description.describedBy}
          onChange={(event) => {
            onChange({ description: event.target.value })
          }}
        />
      </label>
      {description.element}
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
          aria-describedby={tags.describedBy}
          onChange={(event) => {
            onChange({ tags: event.target.value })
          }}
        />
      </label>
      {tags.element}
      <label className="form__field">
        Author
        <input
          value={value.author}
          aria-describedby={author.describedBy}
          onChange={(event) => {
            onChange({ author: event.target.value })
          }}
        />
      </label>
      {author.element}
    </fieldset>
  )
}
