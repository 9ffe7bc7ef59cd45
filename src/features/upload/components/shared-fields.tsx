import { CATEGORY_CHOICES, type CategoryChoice } from '../file-details'
import type { SharedMetadata } from '../upload-one'

interface SharedFieldsProps {
  value: SharedMetadata
  onChange: (change: Partial<SharedMetadata>) => void
  disabled: boolean
}

/** Spec section 3: description, category, tags and author, applied to every file of the batch. */
export function SharedFields({ value, onChange, disabled }: SharedFieldsProps) {
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
          value={value.category}
          onChange={(event) => {
            onChange({ category: event.target.value as CategoryChoice, categoryChanged: true })
          }}
        >
          {CATEGORY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      {!value.categoryChanged && (
        <p className="upload__hint">Each file keeps the category of its type until you choose one for all.</p>
      )}
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
