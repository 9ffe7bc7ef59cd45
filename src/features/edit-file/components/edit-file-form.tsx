import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react'

import { FormFooter } from '../../../components/ui/form-footer'
import { categoryChoices } from '../../../contract/categories'
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

/**
 * A blank title is refused here rather than saved as the API's 'Untitled' (spec section 3), which a
 * person who cleared the field by mistake would not expect.
 */
export const BLANK_TITLE = 'Enter a title.'

interface EditFileFormProps {
  record: MediaRecord
  saving: boolean
  error: string | null
  onSave: (values: EditValues) => void
  onCancel: () => void
}

export function EditFileForm({ record, saving, error, onSave, onCancel }: EditFileFormProps) {
  const [values, setValues] = useState(() => valuesOf(record))
  const [titleRefused, setTitleRefused] = useState(false)
  const titleInput = useRef<HTMLInputElement>(null)
  const titleErrorId = useId()
  // The record's own category stays a choice, so saving other fields never rewrites it.
  const categories = useMemo(() => categoryChoices(record.category), [record.category])
  const change = (name: keyof EditValues) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setValues((current) => ({ ...current, [name]: value }))
    if (name === 'title' && value.trim() !== '') setTitleRefused(false)
  }
  const field = (name: keyof EditValues, label: string, multiline = false) => (
    <label className="form__field">
      <span>{label}</span>
      {multiline ? (
        <textarea rows={3} name={name} value={values[name]} onChange={change(name)} />
      ) : (
        <input name={name} value={values[name]} onChange={change(name)} />
      )}
    </label>
  )
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (values.title.trim() === '') {
      setTitleRefused(true)
      titleInput.current?.focus()
      return
    }
    onSave(values)
  }
  return (
    <form className="form" noValidate onSubmit={submit}>
      <label className="form__field">
        <span>Title</span>
        <input
          ref={titleInput}
          name="title"
          value={values.title}
          aria-invalid={titleRefused}
          aria-describedby={titleRefused ? titleErrorId : undefined}
          onChange={change('title')}
        />
      </label>
      {titleRefused && (
        <p id={titleErrorId} className="form__error" role="alert">
          {BLANK_TITLE}
        </p>
      )}
      {field('description', 'Description', true)}
      <div className="form__row">
        <label className="form__field">
          <span>Category</span>
          <select name="category" value={values.category} onChange={change('category')}>
            {categories.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        {field('author', 'Author')}
      </div>
      {field('tags', 'Tags (comma-separated)')}
      {field('station', 'Station')}
      {field('notes', 'Notes', true)}
      <FormFooter
        error={error}
        onCancel={onCancel}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        pending={saving}
      />
    </form>
  )
}
