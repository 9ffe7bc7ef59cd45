import type { ReactNode } from 'react'

interface FormErrorProps {
  /** What went wrong; nothing is shown while it is null, false or empty. */
  error?: ReactNode
  /** Its id, for a field that names it in `aria-describedby`. */
  id?: string
}

/** A form's error line, read out as an alert. */
export function FormError({ error, id }: FormErrorProps) {
  if (error === undefined || error === null || error === false || error === '') return null
  return (
    <p id={id} className="form__error" role="alert">
      {error}
    </p>
  )
}
