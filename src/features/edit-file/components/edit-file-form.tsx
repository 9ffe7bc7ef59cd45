import { useState, type SyntheticEvent } from 'react'

import type { MediaRecord } from '../../../contract/record'

/** The editable metadata (spec section 3), as the form holds it: tags as the comma-separated text typed. */
export interface EditValues {
  title: string
  description: string
  category: string
  tags: string
  author: string
  station: string
  notes: string
}

export function valuesOf(record: MediaRecord): EditValues {
  return {
    title: record.title,
    description: record.description,
    category: record.category,
    tags: record.tags.join(', '),
    author: record.author,
    station: record.station,
    notes: record.notes,
  }
}

const KNOWN_CATEGORIES = ['Images', 'Video', 'Audio', 'Documents', 'Files']

interface EditFileFormProps {
  record: MediaRecord
  saving: boolean
  error: string | null
  onSave: (values: EditValues) => void
  onCancel: () => void
}

export function EditFileForm({ record, saving, error, onSave, onCancel }: EditFileFormProps) {
  const [values, setValues] = useState(() => valuesOf(record))
  const field = (name: keyof EditValues, label: string, multiline = false) => {
    const props = {
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => {
        setValues((current) => ({ ...current, [name]: event.target.value }))
      },
    }
    return (
      <label className="form__field">
        <span>{label}</span>
        {multiline ? (
          <textarea rows={3} {...props} />
        ) : (
          <input {...props} list={name === 'category' ? 'edit-categories' : undefined} />
        )}
      </label>
    )
  }
  return (
    <form
      className="form"
      onSubmit={(event: SyntheticEvent) => {
        event.preventDefault()
        onSave(values)
      }}
    >
      {field('title', 'Title')}
      {field('description', 'Description', true)}
      <div className="form__row">
        {field('category', 'Category')}
        {field('author', 'Author')}
      </div>
      <datalist id="edit-categories">
        {KNOWN_CATEGORIES.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      {field('tags', 'Tags (comma-separated)')}
      {field('station', 'Station')}
      {field('notes', 'Notes', true)}
      {error !== null && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  )
}
