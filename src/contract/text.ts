import { z } from 'zod'

/**
 * A user-supplied text field: bounded, well-formed Unicode (no lone surrogates, which would not survive
 * a round trip through UTF-8), and free of NUL. `null` reads as empty, as older clients send it.
 */
export const text = (maxChars: number) =>
  z.preprocess(
    (value) => (value === null ? '' : value),
    z
      .string()
      .max(maxChars, `must be at most ${String(maxChars)} characters`)
      .refine((value) => value.isWellFormed(), 'must be valid Unicode text')
      .refine((value) => !value.includes('\0'), 'must not contain NUL characters'),
  )

/** A single-line label: `text` that also refuses line breaks and other control characters. */
export const label = (maxChars: number) =>
  text(maxChars)
    .pipe(z.string().trim())
    .refine(
      // eslint-disable-next-line no-control-regex -- the point is to find control characters
      (value) => !/[\u0000-\u001f\u007f]/.test(value),
      'must not contain control characters',
    )
