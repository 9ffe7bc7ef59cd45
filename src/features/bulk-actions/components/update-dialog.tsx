import { useState, type SyntheticEvent } from 'react'

import { categoryChoices } from '../../../contract/categories'
import { NO_FIELDS_MESSAGE } from '../../../contract/record'
import { parseTags, tagsProblem } from '../../../contract/tag-list'
import { freeTextProblem, labelProblem } from '../../../contract/labels'
import { Dialog } from '../../../components/ui/dialog'
import { FormFooter } from '../../../components/ui/form-footer'
import type { RecordFields } from '../../../lib/record-changes'

/** DESIGN section 10: the editable metadata; tags can be replaced, added to or removed from. */
const FIELDS = [
  { name: 'title', label: 'Title' },
  { name: 'description', label: 'Description' },
  { name: 'alt_text', label: 'Alt text' },
  { name: 'category', label: 'Category' },
  { name: 'author', label: 'Author' },
  { name: 'station', label: 'Station' },
  { name: 'notes', label: 'Notes' },
  { name: 'tags', label: 'Replace tags (comma-separated)' },
  { name: 'add_tags', label: 'Add tags' },
  { name: 'remove_tags', label: 'Remove tags' },
] as const

type FieldName = (typeof FIELDS)[number]['name']
const TAG_FIELDS = new Set<FieldName>(['tags', 'add_tags', 'remove_tags'])

/** The contract's rule for each typed field, in the server's words; the category is chosen, not typed. */
const FIELD_PROBLEMS: Partial<Record<FieldName, (value: string) => string | null>> = {
  title: (value) => labelProblem('Title', value),
  description: (value) => freeTextProblem('Description', value),
  alt_text: (value) => freeTextProblem('Alt text', value),
  author: (value) => labelProblem('Author', value),
  station: (value) => labelProblem('Station', value),
  notes: (value) => freeTextProblem('Notes', value),
  tags: tagsProblem,
  add_tags: tagsProblem,
  remove_tags: tagsProblem,
}

/** Why the fields given cannot be stored, or null; checked before any file is sent. */
export function fieldsProblem(values: Partial<Record<FieldName, string>>): string | null {
  for (const { name } of FIELDS) {
    const value = values[name]?.trim() ?? ''
    const problem = value === '' ? null : (FIELD_PROBLEMS[name]?.(value) ?? null)
    if (problem !== null) return problem
  }
  return null
}
/** Categories are chosen, not typed, so a typo never makes a new one. */
const CATEGORY_CHOICES = categoryChoices()

/** Only the fields given a value are sent; blank fields leave every file's own value alone. */
export function fieldsOf(values: Partial<Record<FieldName, string>>): RecordFields {
  const fields: Record<string, string | string[]> = {}
  for (const { name } of FIELDS) {
    const value = values[name]?.trim() ?? ''
    if (value === '') continue
    fields[name] = TAG_FIELDS.has(name) ? parseTags(value) : value
  }
  return fields
}

interface UpdateDialogProps {
  open: boolean
  count: number
  onOpenChange: (open: boolean) => void
  /** Sends the fields; resolves true once any file kept them, false when none did (the form is kept). */
  onUpdate: (fields: RecordFields) => Promise<boolean>
}

export function UpdateDialog({ open, count, onOpenChange, onUpdate }: UpdateDialogProps) {
  const [values, setValues] = useState<Partial<Record<FieldName, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const close = (next: boolean) => {
    setValues({})
    setError(null)
    onOpenChange(next)
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    const fields = fieldsOf(values)
    if (Object.keys(fields).length === 0) {
      setError(NO_FIELDS_MESSAGE)
      return
    }
    const problem = fieldsProblem(values)
    if (problem !== null) {
      setError(problem)
      return
    }
    // Closed at once (the change shows on the files), but what was typed stays until a file kept it:
    // should none, the dialog opens again with it (updateFiles' caller).
    setError(null)
    onOpenChange(false)
    void onUpdate(fields).then((kept) => {
      if (kept) setValues({})
    })
  }
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Update files"
      description={
        count === 1
          ? "Fields left blank keep the file's own value."
          : `Fields left blank keep each of the ${String(count)} files' own value.`
      }
    >
      <form className="form form--grid" noValidate onSubmit={submit}>
        {FIELDS.map(({ name, label }) => {
          const props = {
            name,
            value: values[name] ?? '',
            onChange: (event: { target: { value: string } }) => {
              setValues((current) => ({ ...current, [name]: event.target.value }))
              setError(null)
            },
          }
          return (
            <label key={name} className="form__field">
              <span>{label}</span>
              {name === 'category' ? (
                <select {...props}>
                  <option value="">No change</option>
                  {CATEGORY_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...props} />
              )}
            </label>
          )
        })}
        <FormFooter
          error={error}
          onCancel={() => {
            close(false)
          }}
          submitLabel="Update"
        />
      </form>
    </Dialog>
  )
}
