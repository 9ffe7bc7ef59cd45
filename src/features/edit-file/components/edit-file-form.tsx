import { useId, useMemo, useRef, useState, type SyntheticEvent } from 'react'

import { FormFooter } from '../../../components/ui/form-footer'
import { categoryChoices } from '../../../contract/categories'
import type { MediaRecord } from '../../../contract/record'
import { tagsProblem } from '../../../contract/tag-list'
import { freeTextProblem, labelProblem, withoutRefusedCharacters } from '../../../contract/labels'
import { changedValues, valuesOf, type EditValues } from '../model/edit-values'
import { BLANK_TITLE, titleProblem } from '../model/title-problem'

export { BLANK_TITLE, titleProblem }

/**
 * The contract's rule for each field, so the form says what the server would answer before asking it.
 * The category is chosen from a list, so it has none here.
 */
const FIELD_PROBLEMS: Partial<Record<keyof EditValues, (value: string) => string | null>> = {
  title: titleProblem,
  description: (value) => freeTextProblem('Description', value),
  alt_text: (value) => freeTextProblem('Alt text', value),
  author: (value) => labelProblem('Author', value),
  tags: tagsProblem,
  station: (value) => labelProblem('Station', value),
  notes: (value) => freeTextProblem('Notes', value),
}

/** Free text keeps what labels refuse, so a refusal there offers no "Remove it". */
const FREE_TEXT = new Set<keyof EditValues>(['description', 'alt_text', 'notes'])

/** Under the alt text field: what it is for. */
export const ALT_TEXT_HINT = 'Describes the image for people who cannot see it.'

/** The first field the server would refuse and why, in the order the form shows them. */
export function firstProblem(values: EditValues): { field: keyof EditValues; message: string } | null {
  for (const [field, problemOf] of Object.entries(FIELD_PROBLEMS)) {
    const message = problemOf(values[field as keyof EditValues])
    if (message !== null) return { field: field as keyof EditValues, message }
  }
  return null
}

interface EditFileFormProps {
  record: MediaRecord
  saving: boolean
  error: string | null
  /** The fields changed since the form opened (`changedValues`), and its values as it opened. */
  onSave: (changes: Partial<EditValues>, opened: EditValues) => void
  onCancel: () => void
}

type Refusal = { field: keyof EditValues; message: string } | null

export function EditFileForm({ record, saving, error, onSave, onCancel }: EditFileFormProps) {
  const [opened] = useState(() => valuesOf(record))
  const [values, setValues] = useState(opened)
  const [refusal, setRefusal] = useState<Refusal>(null)
  const inputs = useRef<Partial<Record<keyof EditValues, HTMLInputElement | HTMLTextAreaElement | null>>>({})
  const errorId = useId()
  const hintId = useId()
  // The record's own category stays a choice, so saving other fields never rewrites it.
  const categories = useMemo(() => categoryChoices(record.category), [record.category])
  const change = (name: keyof EditValues) => (event: { target: { value: string } }) => {
    const value = event.target.value
    setValues((current) => ({ ...current, [name]: value }))
    if (refusal?.field === name && FIELD_PROBLEMS[name]?.(value) === null) setRefusal(null)
  }
  /** The refused characters are invisible or hard to reach with the caret: the form takes them out. */
  const removeRefused = (name: keyof EditValues) => {
    const value = withoutRefusedCharacters(values[name])
    setValues((current) => ({ ...current, [name]: value }))
    setRefusal(null)
    inputs.current[name]?.focus()
  }
  const described = (name: keyof EditValues) => ({
    'aria-invalid': refusal?.field === name,
    'aria-describedby': refusal?.field === name ? errorId : undefined,
  })
  const refusalOf = (name: keyof EditValues) =>
    refusal?.field === name && (
      <div className="form__refusal">
        <p id={errorId} className="form__error" role="alert">
          {refusal.message}
        </p>
        {refusal.message !== BLANK_TITLE && !FREE_TEXT.has(name) && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              removeRefused(name)
            }}
          >
            Remove it
          </button>
        )}
      </div>
    )
  const field = (name: keyof EditValues, label: string, multiline = false, hint?: string) => (
    <>
      <label className="form__field">
        <span>{label}</span>
        {multiline ? (
          <textarea
            ref={(node) => {
              inputs.current[name] = node
            }}
            rows={name === 'alt_text' ? 2 : 3}
            name={name}
            value={values[name]}
            {...described(name)}
            {...(hint === undefined || refusal?.field === name
              ? {}
              : { 'aria-describedby': `${hintId}-${name}` })}
            onChange={change(name)}
          />
        ) : (
          <input
            ref={(node) => {
              inputs.current[name] = node
            }}
            name={name}
            value={values[name]}
            {...described(name)}
            onChange={change(name)}
          />
        )}
      </label>
      {hint !== undefined && (
        <p id={`${hintId}-${name}`} className="form__hint">
          {hint}
        </p>
      )}
      {refusalOf(name)}
    </>
  )
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    const problem = firstProblem(values)
    if (problem !== null) {
      setRefusal(problem)
      inputs.current[problem.field]?.focus()
      return
    }
    onSave(changedValues(opened, values), opened)
  }
  return (
    <form className="form" noValidate onSubmit={submit}>
      {field('title', 'Title')}
      {field('description', 'Description', true)}
      {field('alt_text', 'Alt text', true, ALT_TEXT_HINT)}
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
